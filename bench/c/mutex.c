/* pthread_mutex_lock then pthread_mutex_unlock of a default mutex no other thread wants:
 * the uncontended fast path. */
#include <pthread.h>
#include "bench.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	if (pthread_mutex_lock(&m))
		bench_fail("pthread_mutex_lock failed");
	if (pthread_mutex_unlock(&m))
		bench_fail("pthread_mutex_unlock failed");
}
