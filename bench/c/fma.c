/* fma(x, y, z) for 1024 input triples spread over [-8, 8]. */
#include <math.h>
#include "bench.h"

#define N 1024
static double xs[N], ys[N], zs[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = -8.0 + 16.0 * (double)k / N;
		ys[k] = -8.0 + 16.0 * (double)((k * 37) % N) / N;
		zs[k] = -8.0 + 16.0 * (double)((k * 101) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(fma(xs[i & (N - 1)], ys[i & (N - 1)], zs[i & (N - 1)]));
}
