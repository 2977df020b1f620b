/* fma(x, y, z) for 1024 input triples spread over [-8, 8]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(double, -8.0, 8.0, -8.0, 8.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(fma(xs[i & (N - 1)], ys[i & (N - 1)], zs[i & (N - 1)]));
}
