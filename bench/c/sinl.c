/* sinl(x) for 1024 inputs spread over [0.0L, 6.283185307179586L], taken in turn. */
#include <math.h>
#include "bench.h"

#define N 1024
static long double in[N];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		in[k] = 0.0L + (6.283185307179586L - 0.0L) * (long double)k / N;
}

static void bench_op(long i)
{
	BENCH_KEEP_DOUBLE(sinl(in[i & (N - 1)]));
}
