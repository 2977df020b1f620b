/* Mutual exclusion under contention: 4 threads each add 1,000,000 to a
 * shared counter with a non-atomic read-modify-write, under a mutex of each
 * type (and a PTHREAD_MUTEX_INITIALIZER one); any overlap would lose
 * updates. The recursive run takes the mutex twice every 64th time. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 1000000

static pthread_mutex_t m;
static pthread_mutex_t static_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *cur;
static volatile long counter;
static int nested;
static int errors;

static void *add(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		int twice = nested && i % 64 == 0;
		if (pthread_mutex_lock(cur))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		if (twice && pthread_mutex_lock(cur))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		counter = counter + 1;
		if (twice && pthread_mutex_unlock(cur))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
		if (pthread_mutex_unlock(cur))
			__atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
	}
	return 0;
}

static int run(const char *name, pthread_mutex_t *mx)
{
	pthread_t t[THREADS];
	cur = mx;
	counter = 0;
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, add, 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	printf("%s: counter %ld errors %d\n", name, counter, errors);
	return counter != (long)THREADS * ROUNDS || errors;
}

int main(void)
{
	static const struct { const char *name; int type; } types[] = {
		{ "normal", PTHREAD_MUTEX_NORMAL },
		{ "recursive", PTHREAD_MUTEX_RECURSIVE },
		{ "errorcheck", PTHREAD_MUTEX_ERRORCHECK },
	};
	int fails = run("initializer", &static_m);
	for (int i = 0; i < 3; i++) {
		pthread_mutexattr_t a;
		pthread_mutexattr_init(&a);
		pthread_mutexattr_settype(&a, types[i].type);
		pthread_mutex_init(&m, &a);
		pthread_mutexattr_destroy(&a);
		nested = types[i].type == PTHREAD_MUTEX_RECURSIVE;
		fails += run(types[i].name, &m);
		pthread_mutex_destroy(&m);
	}
	return fails;
}
