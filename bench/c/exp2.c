/* exp2(x) for 1024 inputs spread over [-20.0, 20.0], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
static double in[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		in[k] = -20.0 + (20.0 - -20.0) * (double)k / N;
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(exp2(in[i & (N - 1)]));
}
