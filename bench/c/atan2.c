/* atan2(x, y) for 1024 input pairs: x spread over [-10.0, 10.0], y over [-10.0, 10.0]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(double, -10.0, 10.0, -10.0, 10.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(atan2(xs[i & (N - 1)], ys[i & (N - 1)]));
}
