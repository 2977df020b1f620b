/* regcomp+regfree of a 50-character ERE, a URL's parts: groups, bracket expressions with
 * negation, an optional group and an interval. */
#include <regex.h>
#include "bench.h"

static const char pattern[] = "^([a-z]{2,8})://([^/:]+)(:[0-9]+)?(/[^#]*)?(#.*)?$";

static void bench_setup(const char *arg)
{
	(void)arg;
	if (sizeof pattern - 1 != 50)
		bench_fail("the pattern is not 50 characters");
}

static void bench_op(long i)
{
	(void)i;
	regex_t re;
	const char *p = pattern;
	BENCH_HIDE(p);
	if (regcomp(&re, p, REG_EXTENDED))
		bench_fail("regcomp failed");
	BENCH_KEEP(re.re_nsub);
	regfree(&re);
}
