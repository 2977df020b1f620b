/* sinl(x) for 1024 inputs spread over [0.0L, 6.283185307179586L], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(long double, 0.0L, 6.283185307179586L)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(sinl(in[i & (N - 1)]));
}
