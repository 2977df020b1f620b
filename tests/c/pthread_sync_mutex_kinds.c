/* Mutual exclusion under contention for the robust and process-shared mutex
 * kinds: 4 threads each add 1,000,000 to a shared counter with a
 * non-atomic read-modify-write under a robust, a process-shared and a robust
 * process-shared recursive mutex (taken twice every 64th time); any overlap
 * would lose updates. The normal, recursive and error-checking kinds run the
 * same loop in pthread_mutex_counter.c; priority-inheriting mutexes are in
 * pthread_sync_mutex_pi.c. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 4
#define ROUNDS 1000000

static pthread_mutex_t m;
static volatile long counter;
static int nested;
static int errors;

static void *add(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		int twice = nested && i % 64 == 0;
		if (pthread_mutex_lock(&m))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		if (twice && pthread_mutex_lock(&m))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		counter = counter + 1;
		if (twice && pthread_mutex_unlock(&m))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		if (pthread_mutex_unlock(&m))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
	}
	return 0;
}

static int run(const char *name, int type, int robust, int protocol, int pshared)
{
	pthread_mutexattr_t a;
	pthread_t t[THREADS];
	int r = 0, got;
	pthread_mutexattr_init(&a);
	r |= pthread_mutexattr_settype(&a, type);
	r |= pthread_mutexattr_setrobust(&a, robust);
	r |= pthread_mutexattr_setprotocol(&a, protocol);
	r |= pthread_mutexattr_setpshared(&a, pshared);
	pthread_mutexattr_gettype(&a, &got);
	r |= got != type;
	pthread_mutexattr_getrobust(&a, &got);
	r |= got != robust;
	pthread_mutexattr_getprotocol(&a, &got);
	r |= got != protocol;
	pthread_mutexattr_getpshared(&a, &got);
	r |= got != pshared;
	r |= pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	nested = type == PTHREAD_MUTEX_RECURSIVE;
	counter = 0;
	errors = 0;
	for (int i = 0; i < THREADS; i++)
		r |= pthread_create(&t[i], 0, add, 0);
	for (int i = 0; i < THREADS; i++)
		r |= pthread_join(t[i], 0);
	r |= pthread_mutex_destroy(&m);
	printf("%s: counter %ld errors %d setup %d\n", name, counter, errors, r);
	return counter != (long)THREADS * ROUNDS || errors || r;
}

int main(void)
{
	int bad = 0;
	alarm(18);
	bad |= run("robust", PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_ROBUST, PTHREAD_PRIO_NONE, PTHREAD_PROCESS_PRIVATE);
	bad |= run("pshared", PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_STALLED, PTHREAD_PRIO_NONE, PTHREAD_PROCESS_SHARED);
	bad |= run("robust-pshared-recursive", PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ROBUST, PTHREAD_PRIO_NONE, PTHREAD_PROCESS_SHARED);
	return bad;
}
