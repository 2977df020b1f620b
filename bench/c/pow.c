/* pow(x, y) for 1024 input pairs: x spread over [0.5, 10], y over [-4, 4]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(double, 0.5, 10.0, -4.0, 4.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(pow(xs[i & (N - 1)], ys[i & (N - 1)]));
}
