/* calloc: zeroed memory (also when reusing freed dirty memory and for large
 * sizes), calloc with a zero count or size returns a freeable pointer,
 * nmemb*size overflow fails with ENOMEM. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

int main(void)
{
	int fails = 0;
	size_t sizes[] = { 1, 7, 16, 100, 1000, 4096, 10000, 100000, 1 << 20, 5 << 20 };
	for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		size_t n = sizes[i];
		/* Dirty some memory first so calloc can't just rely on luck. */
		unsigned char *d = malloc(n);
		memset(d, 0xcc, n);
		free(d);
		unsigned char *p = calloc(n, 1);
		int ok = p && all_zero(p, n);
		unsigned char *q = calloc(1, n);
		ok = ok && q && all_zero(q, n);
		printf("calloc %zu zero %s\n", n, ok ? "yes" : "no");
		fails += !ok;
		memset(p, 0xdd, n);
		free(p);
		free(q);
	}

	int *arr = calloc(1000, sizeof(int));
	long sum = 0;
	for (int i = 0; i < 1000; i++)
		sum += arr[i];
	printf("calloc(1000, sizeof(int)) sum %ld\n", sum);
	free(arr);

	void *z1 = calloc(0, 10), *z2 = calloc(10, 0), *z3 = calloc(0, 0);
	printf("calloc zero non-null %s %s %s\n", z1 ? "yes" : "no", z2 ? "yes" : "no", z3 ? "yes" : "no");
	free(z1);
	free(z2);
	free(z3);

	errno = 0;
	/* volatile: keep gcc from diagnosing the overflowing products. */
	volatile size_t half = SIZE_MAX / 2, two32 = (size_t)1 << 32;
	void *o = calloc(half, 3);
	printf("calloc overflow %s errno %s\n", o ? "non-null" : "NULL", errno == ENOMEM ? "ENOMEM" : "other");
	fails += o != NULL || errno != ENOMEM;
	errno = 0;
	o = calloc(two32, two32);
	printf("calloc 2^32*2^32 %s errno %s\n", o ? "non-null" : "NULL", errno == ENOMEM ? "ENOMEM" : "other");
	fails += o != NULL || errno != ENOMEM;

	/* Many small callocs interleaved with dirty frees. */
	int dirty = 0;
	for (int i = 0; i < 2000; i++) {
		size_t n = 1 + (size_t)(i * 13) % 300;
		unsigned char *m = malloc(n);
		memset(m, 0xee, n);
		free(m);
		unsigned char *c = calloc(n, 1);
		if (!all_zero(c, n))
			dirty++;
		free(c);
	}
	printf("reused callocs dirty %d\n", dirty);
	return fails + dirty;
}
