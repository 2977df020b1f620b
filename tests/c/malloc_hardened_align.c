/* aligned_alloc, memalign and posix_memalign at every power-of-two alignment up to 1 MB,
 * each with sizes around the alignment; the blocks are written while 200 of them are live,
 * then resized with realloc (which keeps the contents) and freed. */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIVE 200

int main(void)
{
	static unsigned char *p[LIVE];
	static size_t n[LIVE];
	int bad = 0, made = 0;
	alarm(15);
	for (int round = 0; round < 4; round++) {
		for (int i = 0; i < LIVE; i++) {
			size_t align = (size_t)16 << ((i + round) % 17);
			size_t sizes[] = { 1, align - 8, align, align + 24, 3000 };
			n[i] = sizes[(i + round) % 5];
			void *q = 0;
			switch (i % 3) {
			case 0: q = aligned_alloc(align, n[i]); break;
			case 1: q = memalign(align, n[i]); break;
			default: if (posix_memalign(&q, align, n[i])) q = 0; break;
			}
			if (!q) {
				printf("align %zu size %zu: NULL\n", align, n[i]);
				return 1;
			}
			bad += (uintptr_t)q % align != 0;
			p[i] = q;
			memset(p[i], i & 0xff, n[i]);
			made++;
		}
		for (int i = 0; i < LIVE; i++) {
			for (size_t j = 0; j < n[i]; j++)
				bad += p[i][j] != (i & 0xff);
			size_t m = n[i] + 100 * (i % 4);
			p[i] = realloc(p[i], m);
			for (size_t j = 0; j < n[i] && j < m; j++)
				bad += p[i][j] != (i & 0xff);
			bad += (uintptr_t)p[i] % 16 != 0;
			free(p[i]);
		}
	}
	printf("aligned blocks %d bad %d\n", made, bad);
	return bad != 0;
}
