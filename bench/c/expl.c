/* expl(x) for 1024 inputs spread over [-20.0L, 20.0L], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
BENCH_SPREAD(long double, -20.0L, 20.0L)

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(expl(in[i & (N - 1)]));
}
