/* Mutual exclusion under contention, per mutex type: 4 threads each add 1 to a plain
 * counter 10^6 times under a normal, a recursive (taken twice on every fourth round) and an
 * error-checking mutex; no increment may be lost. Then the types' own rules: relocking a
 * held error-checking mutex is EDEADLK, unlocking one the caller does not hold EPERM. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 4
#define ROUNDS 1000000

static pthread_mutex_t m;
static int kind;
static long counter;

static void *add(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&m);
		int twice = kind == PTHREAD_MUTEX_RECURSIVE && i % 4 == 0;
		if (twice)
			pthread_mutex_lock(&m);
		counter++;
		if (twice)
			pthread_mutex_unlock(&m);
		pthread_mutex_unlock(&m);
	}
	return 0;
}

static void *foreign_unlock(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

int main(void)
{
	alarm(18);
	const char *names[3] = {"normal", "recursive", "errorcheck"};
	int kinds[3] = {PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK};
	int bad = 0;
	for (int k = 0; k < 3; k++) {
		pthread_mutexattr_t a;
		pthread_mutexattr_init(&a);
		pthread_mutexattr_settype(&a, kinds[k]);
		pthread_mutex_init(&m, &a);
		kind = kinds[k];
		counter = 0;
		pthread_t t[THREADS];
		for (int i = 0; i < THREADS; i++)
			pthread_create(&t[i], 0, add, 0);
		for (int i = 0; i < THREADS; i++)
			pthread_join(t[i], 0);
		printf("%s: %ld of %ld\n", names[k], counter, (long)THREADS * ROUNDS);
		bad |= counter != (long)THREADS * ROUNDS;
		if (kinds[k] == PTHREAD_MUTEX_ERRORCHECK) {
			pthread_mutex_lock(&m);
			printf("errorcheck relock: %s\n", pthread_mutex_lock(&m) == EDEADLK ? "EDEADLK" : "other");
			pthread_t o;
			void *r;
			pthread_create(&o, 0, foreign_unlock, 0);
			pthread_join(o, &r);
			printf("errorcheck foreign unlock: %s\n", (long)r == EPERM ? "EPERM" : "other");
			pthread_mutex_unlock(&m);
			printf("errorcheck unlock unheld: %s\n", pthread_mutex_unlock(&m) == EPERM ? "EPERM" : "other");
		}
		pthread_mutex_destroy(&m);
	}
	return bad;
}
