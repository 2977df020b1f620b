/* powf(x, y) for 1024 input pairs: x spread over [0.5f, 10.0f], y over [-4.0f, 4.0f]. */
#include <math.h>
#include "bench.h"

#define N 1024
static float xs[N], ys[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = 0.5f + (10.0f - 0.5f) * (float)k / N;
		ys[k] = -4.0f + (4.0f - -4.0f) * (float)((k * 37) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(powf(xs[i & (N - 1)], ys[i & (N - 1)]));
}
