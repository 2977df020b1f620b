/* sin(x) for 1024 inputs spread over [0.0, 6.283185307179586], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(double, 0.0, 6.283185307179586)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(sin(in[i & (N - 1)]));
}
