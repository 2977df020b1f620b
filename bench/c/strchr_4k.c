/* strchr for a byte that sits just before the terminator of a 4095-byte string. */
#include <string.h>
#include "bench.h"

#define SIZE 4096
static _Alignas(64) char s[SIZE];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (unsigned i = 0; i < SIZE - 2; i++)
		s[i] = (char)('a' + i % 26);
	s[SIZE - 2] = '#';
	s[SIZE - 1] = 0;
}

static void bench_op(long i)
{
	(void)i;
	char *p = s;
	BENCH_HIDE(p);
	if (strchr(p, '#') != p + SIZE - 2)
		bench_fail("strchr: wrong position");
}
