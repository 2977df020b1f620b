/* logl(x) for 1024 inputs spread over [0.001L, 1000.0L], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(long double, 0.001L, 1000.0L)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(logl(in[i & (N - 1)]));
}
