/* sinf(x) for 1024 inputs spread over [0.0f, 6.2831853f], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
static float in[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		in[k] = 0.0f + (6.2831853f - 0.0f) * (float)k / N;
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(sinf(in[i & (N - 1)]));
}
