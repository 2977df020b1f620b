/* fork while other threads are busy in malloc and free: the child must still be able to
 * allocate (the allocator's locks and per-thread state survive the fork), and so must the
 * parent afterwards. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int stop;

static void *churn(void *arg)
{
	unsigned long k = (unsigned long)arg;
	void *keep[64] = { 0 };
	while (!stop) {
		int i = k % 64;
		free(keep[i]);
		size_t n = (k * 2654435761u) % (k % 16 == 0 ? 300000 : 3000);
		keep[i] = malloc(n);
		if (keep[i])
			memset(keep[i], (int)k, n);
		k++;
	}
	for (int i = 0; i < 64; i++)
		free(keep[i]);
	return 0;
}

static int child_work(void)
{
	void *p[200];
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < 200; i++) {
			size_t n = (size_t)(i * 997 + round) % (i % 10 == 0 ? 200000 : 5000);
			p[i] = malloc(n);
			if (!p[i])
				return 2;
			memset(p[i], i, n);
		}
		for (int i = 0; i < 200; i++)
			free(p[i]);
	}
	char *s = calloc(1, 100);
	if (!s || s[99])
		return 3;
	free(s);
	return 0;
}

int main(void)
{
	pthread_t t[3];
	alarm(15);
	for (unsigned long i = 0; i < 3; i++)
		if (pthread_create(&t[i], 0, churn, (void *)(i * 1000 + 1)))
			return 1;
	int ok = 0;
	for (int f = 0; f < 40; f++) {
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		if (pid == 0)
			_exit(child_work());
		int st;
		if (waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0)
			ok++;
		free(malloc(100 + f));
	}
	stop = 1;
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], 0);
	printf("children that could malloc: %d of 40\n", ok);
	printf("parent after: %s\n", child_work() == 0 ? "ok" : "broken");
	return ok != 40;
}
