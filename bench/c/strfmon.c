/* strfmon of three amounts, "%n|%#6.2n|%12i", in the C locale (glibc lays it out its own
 * way, so only the result's success is checked). */
#include <monetary.h>
#include "bench.h"

static char out[128];
static const double amounts[4] = { 1234.5, -0.25, 1e6, 99.999 };

static void bench_setup(const char *arg)
{
	(void)arg;
	if (strfmon(out, sizeof out, "%n|%#6.2n|%12i", amounts[0], amounts[1], amounts[2]) <= 0)
		bench_fail("strfmon failed");
}

static void bench_op(long i)
{
	char *p = out;
	BENCH_HIDE(p);
	BENCH_KEEP(strfmon(p, sizeof out, "%n|%#6.2n|%12i", amounts[i & 3], amounts[(i + 1) & 3], amounts[(i + 2) & 3]));
}
