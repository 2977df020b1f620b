/* Thread-specific data: values are per thread and start NULL; destructors
 * run at thread exit with each thread's non-null values (not for NULL
 * values, not for keys without a destructor, not for deleted keys); a
 * destructor that stores a new value is called again, for at most
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds; a deleted key's slot comes back
 * reading NULL; keys run out with EAGAIN at PTHREAD_KEYS_MAX. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

#define THREADS 6

static pthread_key_t k_sum, k_plain, k_again, k_deleted;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static long dtor_sum, dtor_calls, again_calls, deleted_calls;
static int bad, key_deleted;

static void sum_dtor(void *v)
{
	pthread_mutex_lock(&m);
	dtor_sum += (long)v;
	dtor_calls++;
	pthread_mutex_unlock(&m);
	/* The value is cleared before the destructor runs. */
	if (pthread_getspecific(k_sum) != 0)
		bad++;
}

static void again_dtor(void *v)
{
	pthread_mutex_lock(&m);
	again_calls++;
	pthread_mutex_unlock(&m);
	/* Keep storing a value: the rounds are bounded. */
	pthread_setspecific(k_again, (char *)v + 1);
}

static void deleted_dtor(void *v)
{
	(void)v;
	pthread_mutex_lock(&m);
	deleted_calls++;
	pthread_mutex_unlock(&m);
}

static void *worker(void *arg)
{
	long i = (long)arg;
	if (pthread_getspecific(k_sum) || pthread_getspecific(k_plain) || pthread_getspecific(k_again))
		bad++;
	pthread_setspecific(k_sum, (void *)(i + 1));
	pthread_setspecific(k_plain, (void *)(i + 100));
	pthread_setspecific(k_again, (void *)1);
	pthread_setspecific(k_deleted, (void *)1);
	/* Values do not leak between threads: let the others set theirs, then check. */
	for (int y = 0; y < 100; y++)
		sched_yield();
	if ((long)pthread_getspecific(k_sum) != i + 1 || (long)pthread_getspecific(k_plain) != i + 100)
		bad++;
	if (i == 0)
		pthread_setspecific(k_sum, 0); /* NULL: no destructor call */
	/* The second half ends only after main has deleted k_deleted. */
	pthread_mutex_lock(&m);
	while (i >= THREADS / 2 && !key_deleted)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	return 0;
}

int main(void)
{
	pthread_key_create(&k_sum, sum_dtor);
	pthread_key_create(&k_plain, 0);
	pthread_key_create(&k_again, again_dtor);
	pthread_key_create(&k_deleted, deleted_dtor);
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, worker, (void *)i);
	/* Main's own values are untouched by the threads. */
	pthread_setspecific(k_sum, (void *)1000);
	for (int i = 0; i < THREADS / 2; i++)
		pthread_join(t[i], 0);
	pthread_mutex_lock(&m);
	pthread_key_delete(k_deleted);
	key_deleted = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	for (int i = THREADS / 2; i < THREADS; i++)
		pthread_join(t[i], 0);
	printf("destructor calls %ld sum %ld\n", dtor_calls, dtor_sum);
	printf("re-storing destructor calls %ld (%d threads x %d rounds)\n", again_calls, THREADS,
	       PTHREAD_DESTRUCTOR_ITERATIONS);
	printf("deleted key destructor calls %ld (only threads that ended before the delete)\n", deleted_calls);
	printf("main value %ld\n", (long)pthread_getspecific(k_sum));
	printf("bad %d\n", bad);

	/* Reuse: a new key reads NULL even where the old one had a value. */
	pthread_key_t k;
	pthread_key_create(&k, 0);
	pthread_setspecific(k, (void *)5);
	pthread_key_delete(k);
	pthread_key_t k2;
	pthread_key_create(&k2, 0);
	printf("new key reads %s\n", pthread_getspecific(k2) ? "old value" : "NULL");

	int n = 0, r;
	pthread_key_t more;
	while ((r = pthread_key_create(&more, 0)) == 0)
		n++;
	/* k_sum, k_plain, k_again and k2 are still live. */
	printf("keys created until full %d + 4 live = %d, then %s\n", n, n + 4, r == EAGAIN ? "EAGAIN" : "other");
	return bad || dtor_calls != THREADS - 1 || deleted_calls != THREADS / 2 || again_calls != THREADS * PTHREAD_DESTRUCTOR_ITERATIONS;
}
