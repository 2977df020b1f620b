/* getpid: the cheapest system call, so the cost of entering the kernel and the wrapper. */
#include <unistd.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	BENCH_KEEP(getpid());
}
