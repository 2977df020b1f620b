/* getenv("USER") in the harness's fixed environment of nine variables, where USER comes
 * last: a scan of the whole environment. */
#include <stdlib.h>
#include "bench.h"

static char name[] = "USER";

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	char *n = name;
	BENCH_HIDE(n);
	char *v = getenv(n);
	if (!v)
		bench_fail("getenv: USER is not set");
	BENCH_KEEP(v);
}
