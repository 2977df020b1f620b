/* memcpy of 64 KB between aligned buffers: larger than L1, where a libc may switch strategy
 * (limpet uses rep movsb from this size when the CPU has ERMS). */
#include <string.h>
#include "bench.h"

#define SIZE 65536
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
