/* malloc(256) then free: the allocator's fast path for a size class it has just freed. */
#include <stdlib.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	char *p = malloc(256);
	if (!p)
		bench_fail("malloc failed");
	BENCH_KEEP(p);
	free(p);
}
