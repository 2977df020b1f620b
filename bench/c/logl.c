/* logl(x) for 1024 inputs spread over [0.001L, 1000.0L], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
static long double in[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		in[k] = 0.001L + (1000.0L - 0.001L) * (long double)k / N;
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(logl(in[i & (N - 1)]));
}
