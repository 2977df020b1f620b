/* cbrt(x) for 1024 inputs spread over [-1000.0, 1000.0], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(double, -1000.0, 1000.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(cbrt(in[i & (N - 1)]));
}
