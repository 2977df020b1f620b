/* Alignments from 1 to 4 MiB through aligned_alloc, memalign, posix_memalign and valloc,
 * each block written over its usable size and checked before it is freed (in an
 * order unlike the allocation order), mixed with ordinary blocks of the same sizes. */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 600 };
static unsigned char *p[N];
static size_t len[N];

int main(void)
{
	int misaligned = 0, short_usable = 0, corrupted = 0, failed = 0, k = 0;
	alarm(15);
	long page = sysconf(_SC_PAGESIZE);
	for (int shift = 0; shift <= 22; shift++) {
		size_t al = (size_t)1 << shift;
		size_t sizes[] = { 0, 1, 24, al, al + 1, 3000, 70000 };
		for (int s = 0; s < 7 && k + 5 < N; s++) {
			size_t n = sizes[s];
			void *q = 0;
			int which = k % 3;
			if (which == 0)
				q = aligned_alloc(al, n);
			else if (which == 1)
				q = memalign(al, n);
			else if (posix_memalign(&q, al < sizeof(void *) ? sizeof(void *) : al, n))
				q = 0;
			if (!q) { failed++; continue; }
			if ((uintptr_t)q % al)
				misaligned++;
			p[k] = q;
			len[k++] = n;
			p[k] = malloc(n);
			if (!p[k]) { failed++; continue; }
			len[k++] = n;
		}
	}
	for (int i = 0; i < 8; i++) {
		p[k] = valloc(i * 1000);
		if ((uintptr_t)p[k] % page)
			misaligned++;
		len[k++] = i * 1000;
	}
	for (int i = 0; i < k; i++) {
		if (malloc_usable_size(p[i]) < len[i])
			short_usable++;
		memset(p[i], i, len[i]);
	}
	for (int j = 0; j < k; j++) {
		int i = (j * 7) % k;
		if (!p[i])
			continue;
		for (size_t b = 0; b < len[i]; b++)
			if (p[i][b] != (unsigned char)i) {
				corrupted++;
				break;
			}
		free(p[i]);
		p[i] = 0;
	}
	printf("blocks %d misaligned %d short %d corrupted %d failed %d\n", k, misaligned, short_usable, corrupted, failed);
	return misaligned || short_usable || corrupted || failed;
}
