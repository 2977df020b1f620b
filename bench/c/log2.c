/* log2(x) for 1024 inputs spread over [0.001, 1000.0], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(double, 0.001, 1000.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(log2(in[i & (N - 1)]));
}
