/* realloc growing one buffer by 16 bytes at a time from 16 bytes to 4 KB, then freeing it
 * and starting over: the pattern of a string builder or a growing array. One operation is
 * one realloc call (the free every 256 calls included). */
#include <stdlib.h>
#include "bench.h"

#define STEP 16
#define LIMIT 4096
static char *p;
static size_t size;

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	size += STEP;
	if (size > LIMIT) {
		free(p);
		p = 0;
		size = STEP;
	}
	p = realloc(p, size);
	if (!p)
		bench_fail("realloc failed");
	p[size - 1] = 1;
	BENCH_KEEP(p);
}
