/* clock_gettime(CLOCK_MONOTONIC): served by the vDSO without entering the kernel, where
 * the libc finds and uses it. */
#include <time.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	struct timespec ts;
	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		bench_fail("clock_gettime failed");
	BENCH_KEEP(ts.tv_nsec);
}
