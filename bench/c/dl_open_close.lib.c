/* libbench_small.so, which the dl_open_close row opens and closes: a few functions, data
 * that needs relocating (pointers to its own functions and strings, a call into the libc),
 * and one constructor. */
#include <string.h>

struct bench_small_op {
	const char *name;
	long (*fn)(long);
};

static long twice(long x)
{
	return 2 * x;
}

static long square(long x)
{
	return x * x;
}

static long negate(long x)
{
	return -x;
}

const struct bench_small_op bench_small_ops[] = {
	{ "twice", twice },
	{ "square", square },
	{ "negate", negate },
};

long bench_small_ready;

__attribute__((constructor)) static void bench_small_init(void)
{
	bench_small_ready = (long)strlen(bench_small_ops[1].name);
}

long bench_small_apply(unsigned k, long x)
{
	return bench_small_ops[k % 3].fn(x) + bench_small_ready;
}
