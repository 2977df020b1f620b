/* calloc(1, 1024) then free: an allocation plus the zeroing calloc promises. */
#include <stdlib.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	char *p = calloc(1, 1024);
	if (!p)
		bench_fail("calloc failed");
	BENCH_KEEP(p);
	free(p);
}
