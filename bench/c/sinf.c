/* sinf(x) for 1024 inputs spread over [0.0f, 6.2831853f], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(float, 0.0f, 6.2831853f)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(sinf(in[i & (N - 1)]));
}
