/* logf(x) for 1024 inputs spread over [0.001f, 1000.0f], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
static float in[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		in[k] = 0.001f + (1000.0f - 0.001f) * (float)k / N;
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(logf(in[i & (N - 1)]));
}
