/* snprintf of a line mixing an integer, a string and a double: the printf core's
 * three most used conversions, into a buffer. */
#include <stdio.h>
#include "bench.h"

static char buf[128];

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	int n = snprintf(buf, sizeof buf, "%d %s %f", (int)i, "limpet", 3.14159 + (double)(i & 0xff));
	if (n <= 0)
		bench_fail("snprintf failed");
	BENCH_KEEP(buf);
}
