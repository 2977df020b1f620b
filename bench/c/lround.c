/* lround(x) for 1024 inputs spread over [-1e6, 1e6], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(double, -1e6, 1e6)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(lround(in[i & (N - 1)]));
}
