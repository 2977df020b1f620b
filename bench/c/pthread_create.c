/* pthread_create then pthread_join of a thread that returns at once: stack and TLS set-up,
 * clone, and the exit and join handshake. */
#include <pthread.h>
#include "bench.h"

static void *thread_main(void *arg)
{
	return arg;
}

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	pthread_t t;
	void *ret;
	if (pthread_create(&t, 0, thread_main, (void *)i))
		bench_fail("pthread_create failed");
	if (pthread_join(t, &ret) || ret != (void *)i)
		bench_fail("pthread_join failed");
}
