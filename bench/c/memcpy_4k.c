/* memcpy of 4 KB between aligned buffers that stay in L1: the bulk-copy loop. */
#include <string.h>
#include "bench.h"

#define SIZE 4096
static _Alignas(64) char src[SIZE], dst[SIZE];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (unsigned i = 0; i < SIZE; i++)
		src[i] = (char)i;
}

static void bench_op(long i)
{
	(void)i;
	char *d = dst;
	BENCH_HIDE(d);
	memcpy(d, src, SIZE);
	BENCH_KEEP(d);
}
