/* Thread-specific data destructors: a destructor that sets its value again is called again,
 * up to PTHREAD_DESTRUCTOR_ITERATIONS rounds in all; keys whose value is null are skipped;
 * a destructor may set another key's value, which then gets its own call; values of a
 * deleted key are not destroyed. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_key_t k_forever, k_twice, k_other, k_null, k_deleted;
static int calls_forever, calls_twice, calls_other, calls_null, calls_deleted;
static int other_from_twice;

static void d_forever(void *v)
{
	calls_forever++;
	pthread_setspecific(k_forever, v);
}

static void d_twice(void *v)
{
	calls_twice++;
	if (calls_twice == 1) {
		pthread_setspecific(k_twice, v);
		pthread_setspecific(k_other, (void *)2);
		other_from_twice = 1;
	}
}

static void d_other(void *v)
{
	calls_other += v == (void *)2;
}

static void d_null(void *v)
{
	(void)v;
	calls_null++;
}

static void d_deleted(void *v)
{
	(void)v;
	calls_deleted++;
}

static void *run(void *first)
{
	pthread_setspecific(k_forever, (void *)1);
	pthread_setspecific(k_twice, (void *)1);
	pthread_setspecific(k_null, 0);
	if (first) {
		pthread_setspecific(k_deleted, (void *)1);
		pthread_key_delete(k_deleted);
	}
	return 0;
}

int main(void)
{
	alarm(10);
	pthread_key_create(&k_forever, d_forever);
	pthread_key_create(&k_twice, d_twice);
	pthread_key_create(&k_other, d_other);
	pthread_key_create(&k_null, d_null);
	pthread_key_create(&k_deleted, d_deleted);
	pthread_t t;
	if (pthread_create(&t, 0, run, &t) || pthread_join(t, 0))
		return 1;
	printf("iterations %d\n", PTHREAD_DESTRUCTOR_ITERATIONS);
	printf("forever %d twice %d other %d (set by twice %d) null %d deleted %d\n", calls_forever, calls_twice,
	       calls_other, other_from_twice, calls_null, calls_deleted);
	/* A second thread sees none of the first one's values. */
	calls_forever = calls_twice = calls_other = 0;
	if (pthread_create(&t, 0, run, 0) || pthread_join(t, 0))
		return 1;
	printf("again: forever %d twice %d other %d\n", calls_forever, calls_twice, calls_other);
	return 0;
}
