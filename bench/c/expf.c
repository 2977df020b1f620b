/* expf(x) for 1024 inputs spread over [-20.0f, 20.0f], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(float, -20.0f, 20.0f)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(expf(in[i & (N - 1)]));
}
