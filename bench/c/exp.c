/* exp(x) for 1024 inputs spread over [-20.0, 20.0], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(double, -20.0, 20.0)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(exp(in[i & (N - 1)]));
}
