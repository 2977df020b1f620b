/* pthread_mutex_lock, an increment, pthread_mutex_unlock of a default mutex that a second
 * thread takes and releases in a loop all the while: the contended path (spinning, futex
 * sleeps and wake-ups). The run is pinned to one CPU, so the threads meet when one is
 * preempted holding the lock; the second thread's share of the CPU is in the time too. */
#include <pthread.h>
#include "bench.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile long counter;

static void *rival(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&m);
		counter++;
		pthread_mutex_unlock(&m);
	}
	return 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	pthread_t t;
	if (pthread_create(&t, 0, rival, 0))
		bench_fail("pthread_create failed");
}

static void bench_op(long i)
{
	(void)i;
	if (pthread_mutex_lock(&m))
		bench_fail("pthread_mutex_lock failed");
	counter++;
	if (pthread_mutex_unlock(&m))
		bench_fail("pthread_mutex_unlock failed");
}
