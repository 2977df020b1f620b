/* pow(x, y) for 1024 input pairs: x spread over [0.5, 10], y over [-4, 4]. */
#include <math.h>
#include "bench.h"

#define N 1024
static double xs[N], ys[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = 0.5 + 9.5 * (double)k / N;
		ys[k] = -4.0 + 8.0 * (double)((k * 37) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(pow(xs[i & (N - 1)], ys[i & (N - 1)]));
}
