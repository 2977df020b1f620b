/* fprintf of a short line to a fully buffered FILE on /dev/null: formatting plus the
 * stream's buffering and locking, with a write(2) every buffer-full. */
#include <stdio.h>
#include "bench.h"

static FILE *f;

static void bench_setup(const char *arg)
{
	(void)arg;
	f = fopen("/dev/null", "w");
	if (!f)
		bench_fail("fopen /dev/null failed");
}

static void bench_op(long i)
{
	if (fprintf(f, "%d %s\n", (int)i, "limpet") <= 0)
		bench_fail("fprintf failed");
}
