/* fork from a multithreaded process: the child has one thread (the forking one), can
 * create and join threads of its own, and raise signals to itself; the parent's thread
 * keeps running. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int bad;
static int p[2];
static volatile sig_atomic_t got;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void *waiter(void *arg)
{
	char c;
	(void)arg;
	read(p[0], &c, 1);
	return (void *)(long)c;
}

static void *add_one(void *arg) { return (void *)((long)arg + 1); }

static void on_usr1(int s) { got = s; }

int main(void)
{
	pipe(p);
	pthread_t t;
	check("thread created", pthread_create(&t, 0, waiter, 0) == 0);
	signal(SIGUSR1, on_usr1);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_t u;
		void *r = 0;
		int ok = pthread_create(&u, 0, add_one, (void *)41L) == 0 && pthread_join(u, &r) == 0 && r == (void *)42L;
		ok = ok && raise(SIGUSR1) == 0 && got == SIGUSR1;
		_exit(ok ? 0 : 1);
	}
	int st;
	check("child made and joined a thread, and raised", waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* A child whose main thread returns ends the process with its status. */
	fflush(stdout);
	pid = fork();
	if (pid == 0) return 7;
	check("child's return from main is its status", waitpid(pid, &st, 0) == pid && WEXITSTATUS(st) == 7);
	write(p[1], "z", 1);
	void *r;
	check("parent's thread still there", pthread_join(t, &r) == 0 && r == (void *)(long)'z');
	return bad;
}
