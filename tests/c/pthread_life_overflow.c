/* A thread that overflows its stack hits the guard page below it and the process dies of
 * SIGSEGV (instead of running into other memory). The overflow happens in a child process;
 * the parent reports how the child ended. Explicit stack sizes keep the depth the same on
 * every libc. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int recurse(int depth)
{
	volatile char frame[512];
	memset((char *)frame, depth, sizeof frame);
	return recurse(depth + 1) + frame[depth % 512];
}

static void *deep(void *arg)
{
	(void)arg;
	return (void *)(long)recurse(0);
}

static void *shallow(void *arg)
{
	(void)arg;
	volatile char frame[16384];
	memset((char *)frame, 1, sizeof frame);
	return (void *)(long)frame[100];
}

static int run_child(size_t stack, size_t guard, void *(*fn)(void *))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		alarm(5);
		pthread_attr_t a;
		pthread_attr_init(&a);
		pthread_attr_setstacksize(&a, stack);
		pthread_attr_setguardsize(&a, guard);
		pthread_t t;
		void *r;
		if (pthread_create(&t, &a, fn, 0) || pthread_join(t, &r))
			_exit(3);
		_exit((int)(long)r);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

static void report(const char *what, int st)
{
	if (WIFSIGNALED(st))
		printf("%s: killed by %s\n", what, WTERMSIG(st) == SIGSEGV ? "SIGSEGV" : "another signal");
	else
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
}

int main(void)
{
	alarm(15);
	report("64 KiB stack, recursing", run_child(65536, 4096, deep));
	report("256 KiB stack, 64 KiB guard, recursing", run_child(262144, 65536, deep));
	report("64 KiB stack, 16 KiB frame", run_child(65536, 4096, shallow));
	return 0;
}
