/* hypot(x, y) for 1024 input pairs: x spread over [-1e3, 1e3], y over [-1e3, 1e3]. */
#include <math.h>
#include "bench.h"

#define N 1024
static double xs[N], ys[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = -1e3 + (1e3 - -1e3) * (double)k / N;
		ys[k] = -1e3 + (1e3 - -1e3) * (double)((k * 37) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(hypot(xs[i & (N - 1)], ys[i & (N - 1)]));
}
