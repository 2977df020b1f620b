/* realloc: preserves the old contents up to the smaller size when growing
 * and shrinking (in place or moving), realloc(NULL, n) acts as malloc, and
 * a failed realloc leaves the old block intact. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_pattern(const unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 31 + seed))
			return 0;
	return 1;
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 31 + seed);
}

int main(void)
{
	int fails = 0;
	unsigned char *p = realloc(NULL, 10);
	printf("realloc(NULL,10) non-null %s\n", p ? "yes" : "no");
	fill(p, 10, 1);

	/* Grow through a sequence of sizes, crossing size classes and the
	 * mmap threshold, then shrink back down. */
	size_t sizes[] = { 10, 11, 24, 100, 1000, 4096, 5000, 70000, 200000, 1 << 20, 3 << 20,
			   1 << 20, 200000, 70000, 5000, 100, 16, 1 };
	size_t cur = 10;
	for (unsigned i = 1; i < sizeof sizes / sizeof *sizes; i++) {
		size_t n = sizes[i];
		unsigned char *q = realloc(p, n);
		if (!q) {
			printf("realloc to %zu failed\n", n);
			return 1;
		}
		size_t keep = cur < n ? cur : n;
		int ok = check_pattern(q, keep, 1) && (uintptr_t)q % 16 == 0;
		printf("realloc %zu -> %zu preserved %s\n", cur, n, ok ? "yes" : "no");
		fails += !ok;
		fill(q, n, 1);
		p = q;
		cur = n;
	}
	free(p);

	/* Interleaved blocks so realloc has to move. */
	unsigned char *a = malloc(64), *b = malloc(64), *c = malloc(64);
	fill(a, 64, 2);
	fill(b, 64, 3);
	fill(c, 64, 4);
	b = realloc(b, 100000);
	printf("moved block preserved %s, neighbours intact %s\n",
	       check_pattern(b, 64, 3) ? "yes" : "no",
	       check_pattern(a, 64, 2) && check_pattern(c, 64, 4) ? "yes" : "no");
	free(a);
	free(b);
	free(c);

	/* Failure keeps the original. */
	unsigned char *k = malloc(32);
	fill(k, 32, 5);
	errno = 0;
	volatile size_t huge = SIZE_MAX - 4096;
	void *r = realloc(k, huge);
	if (r) {
		printf("huge realloc succeeded FAIL\n");
		return 1;
	}
	printf("huge realloc NULL errno %s, old intact %s\n", errno == ENOMEM ? "ENOMEM" : "other",
	       check_pattern(k, 32, 5) ? "yes" : "no");
	fails += !check_pattern(k, 32, 5);
	free(k);

	/* Many reallocs by one byte at a time. */
	unsigned char *s = NULL;
	int grow_bad = 0;
	for (size_t n = 1; n <= 3000; n++) {
		s = realloc(s, n);
		s[n - 1] = (unsigned char)((n - 1) * 31 + 6);
		if (!check_pattern(s, n, 6))
			grow_bad++;
	}
	free(s);
	printf("byte-by-byte growth bad %d\n", grow_bad);
	return fails + grow_bad;
}
