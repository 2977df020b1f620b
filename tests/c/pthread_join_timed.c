/* Joining with limits: pthread_tryjoin_np gives EBUSY and
 * pthread_timedjoin_np ETIMEDOUT (after at least the interval) while the
 * thread is blocked; a bad deadline is EINVAL while it would have to wait;
 * once the thread is released, a timed join gets its value. Also a
 * thread ended before the timed join, and join with a null result. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *blocked(void *arg)
{
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return arg;
}

static struct timespec in_ms(long ms)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += ms * 1000000;
	t.tv_sec += t.tv_nsec / 1000000000;
	t.tv_nsec %= 1000000000;
	return t;
}

int main(void)
{
	int fails = 0;
	void *res = 0;
	pthread_t t;
	pthread_mutex_lock(&m);
	pthread_create(&t, 0, blocked, (void *)42);

	printf("tryjoin running %s\n", pthread_tryjoin_np(t, &res) == EBUSY ? "EBUSY" : "other");
	struct timespec start, end, at = in_ms(60);
	clock_gettime(CLOCK_MONOTONIC, &start);
	int r = pthread_timedjoin_np(t, &res, &at);
	clock_gettime(CLOCK_MONOTONIC, &end);
	long waited = (end.tv_sec - start.tv_sec) * 1000 + (end.tv_nsec - start.tv_nsec) / 1000000;
	printf("timedjoin running %s, waited long enough %s\n", r == ETIMEDOUT ? "ETIMEDOUT" : "other",
	       waited >= 55 ? "yes" : "no");
	fails += r != ETIMEDOUT || waited < 55;
	struct timespec past = { 0, 0 };
	printf("timedjoin past deadline %s\n", pthread_timedjoin_np(t, &res, &past) == ETIMEDOUT ? "ETIMEDOUT" : "other");
	struct timespec bad = { 0, 1000000000 };
	printf("timedjoin bad nsec %s\n", pthread_timedjoin_np(t, &res, &bad) == EINVAL ? "EINVAL" : "other");
	printf("result untouched %s\n", res == 0 ? "yes" : "no");

	pthread_mutex_unlock(&m);
	at = in_ms(10000);
	r = pthread_timedjoin_np(t, &res, &at);
	printf("timedjoin released %d value %ld\n", r, (long)res);
	fails += r != 0 || (long)res != 42;

	/* A thread that has already ended: tryjoin succeeds. */
	pthread_create(&t, 0, blocked, (void *)7);
	res = 0;
	while ((r = pthread_tryjoin_np(t, &res)) == EBUSY)
		sched_yield();
	printf("tryjoin ended %d value %ld\n", r, (long)res);
	fails += r != 0 || (long)res != 7;

	pthread_create(&t, 0, blocked, (void *)8);
	printf("join null result %d\n", pthread_join(t, 0));
	return fails;
}
