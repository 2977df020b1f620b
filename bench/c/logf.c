/* logf(x) for 1024 inputs spread over [0.001f, 1000.0f], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(float, 0.001f, 1000.0f)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(logf(in[i & (N - 1)]));
}
