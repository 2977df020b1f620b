/* strlen of a 4095-byte string in an aligned buffer. */
#include <string.h>
#include "bench.h"

#define SIZE 4096
static _Alignas(64) char s[SIZE];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (unsigned i = 0; i < SIZE - 1; i++)
		s[i] = (char)('a' + i % 26);
	s[SIZE - 1] = 0;
}

static void bench_op(long i)
{
	(void)i;
	char *p = s;
	BENCH_HIDE(p);
	if (strlen(p) != SIZE - 1)
		bench_fail("strlen: wrong length");
}
