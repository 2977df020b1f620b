/* Mutual exclusion under contention for priority-inheriting mutexes: 4
 * threads each add 100,000 to a shared counter with a non-atomic
 * read-modify-write under a PI mutex, then 50,000 each under a robust,
 * process-shared, recursive PI mutex (taken twice every 64th time); any
 * overlap would lose updates. PTHREAD_PRIO_PROTECT is refused with ENOTSUP.
 * (Fewer rounds than pthread_sync_mutex_kinds: a contended PI unlock hands
 * the mutex to the sleeping waiter through the kernel, so on a loaded
 * machine each hand-over can wait for a time slice, in musl's reference run
 * as much as in limpet's.) */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 4
static int rounds;

static pthread_mutex_t m;
static volatile long counter;
static int nested;
static int errors;

static void *add(void *arg)
{
	(void)arg;
	for (int i = 0; i < rounds; i++) {
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

static int run(const char *name, int type, int robust, int protocol, int pshared, int n)
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
	rounds = n;
	counter = 0;
	errors = 0;
	for (int i = 0; i < THREADS; i++)
		r |= pthread_create(&t[i], 0, add, 0);
	for (int i = 0; i < THREADS; i++)
		r |= pthread_join(t[i], 0);
	r |= pthread_mutex_destroy(&m);
	printf("%s: counter %ld errors %d setup %d\n", name, counter, errors, r);
	return counter != (long)THREADS * rounds || errors || r;
}

int main(void)
{
	int bad = 0;
	pthread_mutexattr_t a;
	alarm(18);
	pthread_mutexattr_init(&a);
	printf("setprotocol PROTECT: %d\n", pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT));
	printf("setprotocol 7: %d\n", pthread_mutexattr_setprotocol(&a, 7));
	bad |= run("pi", PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_STALLED, PTHREAD_PRIO_INHERIT, PTHREAD_PROCESS_PRIVATE, 100000);
	bad |= run("robust-pi-pshared-recursive", PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ROBUST, PTHREAD_PRIO_INHERIT,
		   PTHREAD_PROCESS_SHARED, 50000);
	return bad;
}
