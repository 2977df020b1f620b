/* atan2(x, y) for 1024 input pairs: x spread over [-10.0, 10.0], y over [-10.0, 10.0]. */
#include <math.h>
#include "bench.h"

#define N 1024
static double xs[N], ys[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = -10.0 + (10.0 - -10.0) * (double)k / N;
		ys[k] = -10.0 + (10.0 - -10.0) * (double)((k * 37) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(atan2(xs[i & (N - 1)], ys[i & (N - 1)]));
}
