/* hypot(x, y) for 1024 input pairs: x spread over [-1e3, 1e3], y over [-1e3, 1e3]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(double, -1e3, 1e3, -1e3, 1e3)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(hypot(xs[i & (N - 1)], ys[i & (N - 1)]));
}
