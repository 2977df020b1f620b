/* fork in a multithreaded process: while four threads keep the allocator and stdout's lock
 * busy, the main thread forks repeatedly; each child must be able to malloc, printf and
 * create and join a thread of its own (the fork hooks take the heap and stream locks
 * around the clone, so the child never inherits them held). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORKERS 4
#define FORKS 40

static volatile int stop;

static void *worker(void *arg)
{
	unsigned long n = (unsigned long)arg;
	while (!stop) {
		char *p = malloc(16 + n++ % 200);
		char *q = malloc(3000);
		if (!p || !q)
			abort();
		memset(p, 1, 16);
		free(q);
		free(p);
		/* Takes and releases stdout's lock; nothing is buffered here. */
		fflush(stdout);
	}
	return 0;
}

static void *child_thread(void *arg)
{
	char *p = malloc(100);
	if (!p)
		return 0;
	snprintf(p, 100, "child thread got %d", *(int *)arg);
	return p;
}

static int child(int round)
{
	/* Alarms are not inherited: a child stuck on a lock must end too. */
	alarm(5);
	char *buf = malloc(1000);
	if (!buf)
		return 2;
	for (int i = 0; i < 50; i++)
		free(malloc(i * 37));
	pthread_t t;
	void *res;
	if (pthread_create(&t, 0, child_thread, &round) || pthread_join(t, &res) || !res)
		return 3;
	printf("round %d: %s\n", round, (char *)res);
	free(res);
	free(buf);
	return 0;
}

int main(void)
{
	alarm(15);
	pthread_t w[WORKERS];
	for (int i = 0; i < WORKERS; i++)
		if (pthread_create(&w[i], 0, worker, (void *)(unsigned long)i))
			return 1;
	int bad = 0;
	for (int r = 0; r < FORKS; r++) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0)
			return 1;
		if (pid == 0)
			exit(child(r));
		int st;
		if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			printf("round %d: child failed (status %#x)\n", r, st);
			bad++;
		}
	}
	stop = 1;
	for (int i = 0; i < WORKERS; i++)
		pthread_join(w[i], 0);
	printf("forks %d bad %d\n", FORKS, bad);
	return bad != 0;
}
