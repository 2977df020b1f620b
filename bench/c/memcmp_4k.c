/* memcmp of two equal 4 KB buffers: the whole length is compared. */
#include <string.h>
#include "bench.h"

#define SIZE 4096
static _Alignas(64) char a[SIZE], b[SIZE];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (unsigned i = 0; i < SIZE; i++)
		a[i] = b[i] = (char)(i * 7);
}

static void bench_op(long i)
{
	(void)i;
	char *p = a;
	BENCH_HIDE(p);
	int r = memcmp(p, b, SIZE);
	if (r != 0)
		bench_fail("memcmp: equal buffers compared unequal");
}
