/* powl(x, y) for 1024 input pairs: x spread over [0.5L, 10.0L], y over [-4.0L, 4.0L]. */
#include <math.h>
#include "bench.h"

#define N 1024
static long double xs[N], ys[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++) {
		xs[k] = 0.5L + (10.0L - 0.5L) * (long double)k / N;
		ys[k] = -4.0L + (4.0L - -4.0L) * (long double)((k * 37) % N) / N;
	}
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(powl(xs[i & (N - 1)], ys[i & (N - 1)]));
}
