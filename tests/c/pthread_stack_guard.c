/* The guard below a thread's stack: a thread with a 64 KiB stack that
 * recurses without end faults in the guard, and the process dies of
 * SIGSEGV instead of overwriting other memory. */
#include <pthread.h>
#include <stdio.h>

static int depth;

static int recurse(int n)
{
	volatile char frame[256];
	frame[0] = (char)n;
	depth++;
	return recurse(n + 1) + frame[0];
}

static void *overflow(void *arg)
{
	(void)arg;
	return (void *)(long)recurse(0);
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 64 * 1024);
	printf("overflowing a 64 KiB stack\n");
	fflush(stdout);
	pthread_create(&t, &a, overflow, 0);
	pthread_join(t, 0);
	printf("not reached\n");
	return 0;
}
