/* stat("/dev/null"): a path lookup and the kernel's stat structure copied out. */
#include <sys/stat.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	struct stat st;
	if (stat("/dev/null", &st))
		bench_fail("stat /dev/null failed");
	BENCH_KEEP(st.st_mode);
}
