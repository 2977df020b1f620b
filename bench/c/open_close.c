/* open("/dev/null", O_RDONLY) then close: two system calls and a path lookup. */
#include <fcntl.h>
#include <unistd.h>
#include "bench.h"

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	int fd = open("/dev/null", O_RDONLY);
	if (fd < 0)
		bench_fail("open /dev/null failed");
	if (close(fd))
		bench_fail("close failed");
}
