/* powl(x, y) for 1024 input pairs: x spread over [0.5L, 10.0L], y over [-4.0L, 4.0L]. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD3(long double, 0.5L, 10.0L, -4.0L, 4.0L)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(powl(xs[i & (N - 1)], ys[i & (N - 1)]));
}
