/* memcpy of 64 aligned bytes: a small struct copy, where the call and the short-size path
 * are most of the cost. */
#include <string.h>
#include "bench.h"

static _Alignas(64) char src[64], dst[64];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (unsigned i = 0; i < sizeof src; i++)
		src[i] = (char)i;
}

static void bench_op(long i)
{
	(void)i;
	char *d = dst;
	BENCH_HIDE(d);
	memcpy(d, src, sizeof src);
	BENCH_KEEP(d);
}
