/* malloc_usable_size: at least the requested size, the whole usable size
 * is writable, it is 0 for NULL, and it covers realloc'd and aligned blocks. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int bad = 0;
	printf("usable(NULL) %zu\n", malloc_usable_size(NULL));
	for (size_t n = 0; n < 3000; n += 7) {
		unsigned char *p = malloc(n);
		size_t u = malloc_usable_size(p);
		if (u < n)
			bad++;
		memset(p, 0xa5, u); /* all of it is ours */
		unsigned char *q = malloc(16);
		memset(q, 0x11, 16);
		free(q);
		free(p);
	}
	printf("malloc usable >= request bad %d\n", bad);

	unsigned char *r = malloc(10);
	r = realloc(r, 5000);
	printf("after realloc usable >= 5000 %s\n", malloc_usable_size(r) >= 5000 ? "yes" : "no");
	bad += malloc_usable_size(r) < 5000;
	free(r);
	void *a = aligned_alloc(4096, 100);
	printf("aligned usable >= 100 %s\n", malloc_usable_size(a) >= 100 ? "yes" : "no");
	bad += malloc_usable_size(a) < 100;
	free(a);
	void *c = calloc(3, 333);
	printf("calloc usable >= 999 %s\n", malloc_usable_size(c) >= 999 ? "yes" : "no");
	bad += malloc_usable_size(c) < 999;
	free(c);
	void *big = malloc(1 << 22);
	printf("big usable >= 4MiB %s\n", malloc_usable_size(big) >= (1 << 22) ? "yes" : "no");
	bad += malloc_usable_size(big) < (1 << 22);
	free(big);
	return bad != 0;
}
