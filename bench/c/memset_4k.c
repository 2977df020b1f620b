/* memset of 4 KB of an aligned buffer that stays in L1. */
#include <string.h>
#include "bench.h"

#define SIZE 4096
static _Alignas(64) char buf[SIZE];

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	char *d = buf;
	BENCH_HIDE(d);
	memset(d, (int)(i & 0x7f), SIZE);
	BENCH_KEEP(d);
}
