/* malloc/free basics: malloc(0) returns a unique non-null pointer that can
 * be freed, results are 16-byte aligned, live blocks do not overlap,
 * free(NULL) is a no-op, impossible sizes fail with ENOMEM. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int fails = 0;
	void *z1 = malloc(0), *z2 = malloc(0);
	printf("malloc(0) non-null %s %s, distinct %s\n", z1 ? "yes" : "no", z2 ? "yes" : "no",
	       z1 != z2 ? "yes" : "no");
	fails += !z1 || !z2 || z1 == z2;
	free(z1);
	free(z2);
	free(NULL);
	printf("free(NULL) ok\n");

	/* Alignment and non-overlap across a range of sizes, all live at once. */
	enum { N = 200 };
	unsigned char *p[N];
	size_t sz[N];
	int misaligned = 0;
	for (int i = 0; i < N; i++) {
		sz[i] = 1 + (size_t)i * 37 % 1000;
		p[i] = malloc(sz[i]);
		if (!p[i]) {
			printf("malloc %zu failed\n", sz[i]);
			return 1;
		}
		if ((uintptr_t)p[i] % 16)
			misaligned++;
		memset(p[i], i, sz[i]);
	}
	int corrupt = 0;
	for (int i = 0; i < N; i++)
		for (size_t j = 0; j < sz[i]; j++)
			if (p[i][j] != (unsigned char)i) {
				corrupt++;
				break;
			}
	printf("misaligned %d corrupt %d\n", misaligned, corrupt);
	fails += misaligned + corrupt;
	for (int i = 0; i < N; i += 2)
		free(p[i]);
	for (int i = 0; i < N; i += 2) {
		p[i] = malloc(sz[i]);
		memset(p[i], 0xff, sz[i]);
	}
	corrupt = 0;
	for (int i = 1; i < N; i += 2)
		for (size_t j = 0; j < sz[i]; j++)
			if (p[i][j] != (unsigned char)i) {
				corrupt++;
				break;
			}
	printf("after refill, odd blocks corrupt %d\n", corrupt);
	fails += corrupt;
	for (int i = N - 1; i >= 0; i--)
		free(p[i]);

	errno = 0;
	/* volatile: keep gcc from diagnosing the impossible sizes. */
	volatile size_t max = SIZE_MAX;
	void *huge = malloc(max);
	printf("malloc(SIZE_MAX) %s errno %s\n", huge ? "non-null" : "NULL", errno == ENOMEM ? "ENOMEM" : "other");
	fails += huge != NULL || errno != ENOMEM;
	errno = 0;
	huge = malloc(max / 2);
	printf("malloc(SIZE_MAX/2) %s errno %s\n", huge ? "non-null" : "NULL", errno == ENOMEM ? "ENOMEM" : "other");
	fails += huge != NULL;

	/* max_align_t alignment for small sizes too. */
	int small_bad = 0;
	for (size_t n = 1; n <= 64; n++) {
		void *q = malloc(n);
		if ((uintptr_t)q % _Alignof(max_align_t))
			small_bad++;
		free(q);
	}
	printf("small sizes aligned to max_align_t: %s\n", small_bad ? "no" : "yes");
	return fails + small_bad;
}
