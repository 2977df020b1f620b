/* tdelete and tsearch of one key in a tree of 100,000 int keys (inserted in a scattered
 * order), so the tree keeps its size: two descents of about 17 levels through the
 * program's comparison function, a free and a malloc, and the rebalancing after each. The
 * keys are taken in a scattered order too, so the paths leave the caches. */
#include <search.h>
#include "bench.h"

enum { N = 100000, STRIDE = 7919 };

static int keys[N];
static void *root;

static int cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < N; k++)
		keys[k] = k;
	/* STRIDE is prime to N, so k * STRIDE % N visits every key once. */
	for (long k = 0; k < N; k++)
		if (!tsearch(&keys[k * STRIDE % N], &root, cmp))
			bench_fail("tsearch failed");
}

static void bench_op(long i)
{
	int *k = &keys[(i * STRIDE + 12345) % N];
	if (!tdelete(k, &root, cmp))
		bench_fail("tdelete found nothing");
	void *n = tsearch(k, &root, cmp);
	if (!n || *(int **)n != k)
		bench_fail("tsearch failed");
	BENCH_KEEP(n);
}
