/* powf(x, y) for 1024 input pairs: x spread over [0.5f, 10.0f], y over [-4.0f, 4.0f]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(float, 0.5f, 10.0f, -4.0f, 4.0f)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(powf(xs[i & (N - 1)], ys[i & (N - 1)]));
}
