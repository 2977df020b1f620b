/* Every size up to 70 KB in steps, and each side of every power of two up to 8 MB:
 * malloc, calloc and realloc give 16-byte aligned blocks whose bytes up to the requested
 * size keep what was written, while blocks around them are written too (so a block that
 * overlapped a neighbour, or a header in the way, would show). */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned char pat(size_t id, size_t i)
{
	return (unsigned char)(id * 131 + i * 7 + (i >> 8));
}

static void fill(unsigned char *p, size_t n, size_t id)
{
	for (size_t i = 0; i < n; i++)
		p[i] = pat(id, i);
}

static int holds(const unsigned char *p, size_t n, size_t id)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != pat(id, i))
			return 0;
	return 1;
}

#define SLOTS 64

int main(void)
{
	static unsigned char *live[SLOTS];
	static size_t len[SLOTS], ids[SLOTS];
	size_t sizes[2000], count = 0;
	int bad = 0, misaligned = 0, nonzero = 0;
	alarm(15);
	for (size_t n = 0; n <= 70000; n += n < 512 ? 1 : 97)
		if (count < 1500)
			sizes[count++] = n;
	for (int k = 4; k <= 23; k++) {
		sizes[count++] = ((size_t)1 << k) - 9;
		sizes[count++] = ((size_t)1 << k) - 8;
		sizes[count++] = ((size_t)1 << k) + 1;
	}
	for (size_t i = 0; i < count; i++) {
		size_t n = sizes[i], s = i % SLOTS;
		if (live[s]) {
			bad += !holds(live[s], len[s], ids[s]);
			free(live[s]);
		}
		unsigned char *p = (i % 3 == 0) ? calloc(1, n) : malloc(n);
		if (!p) {
			printf("size %zu: NULL\n", n);
			return 1;
		}
		misaligned += (uintptr_t)p % 16 != 0;
		if (i % 3 == 0)
			for (size_t j = 0; j < n; j++)
				nonzero += p[j] != 0;
		fill(p, n, i);
		if (i % 5 == 0) {
			size_t m = n / 2 + 3 * (i % 7) * 1000;
			p = realloc(p, m);
			bad += !holds(p, n < m ? n : m, i);
			misaligned += (uintptr_t)p % 16 != 0;
			fill(p, m, i);
			n = m;
		}
		bad += malloc_usable_size(p) < n;
		live[s] = p, len[s] = n, ids[s] = i;
	}
	for (size_t s = 0; s < SLOTS; s++) {
		if (live[s]) {
			bad += !holds(live[s], len[s], ids[s]);
			free(live[s]);
		}
	}
	printf("sizes %zu bad %d misaligned %d calloc nonzero %d\n", count, bad, misaligned, nonzero);
	return bad || misaligned || nonzero;
}
