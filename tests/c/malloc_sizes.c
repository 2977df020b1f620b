/* Every size from 0 to 4200 and powers of two (and their neighbours) up to
 * 64 MiB: the block is writable over its whole requested size, keeps its
 * contents, and usable size is at least the request. */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int try_size(size_t n)
{
	unsigned char *p = malloc(n);
	if (!p)
		return 1;
	int bad = 0;
	if ((uintptr_t)p % 16)
		bad = 1;
	if (malloc_usable_size(p) < n)
		bad = 1;
	if (n) {
		memset(p, 0x5a, n);
		p[n - 1] = 2;
		p[0] = 1;
		if (p[0] != 1 || (n > 1 && p[n - 1] != 2) || (n > 2 && p[n / 2] != 0x5a))
			bad = 1;
	}
	free(p);
	return bad;
}

int main(void)
{
	int bad = 0;
	for (size_t n = 0; n <= 4200; n++)
		bad += try_size(n);
	printf("sizes 0..4200 bad %d\n", bad);
	int bad2 = 0;
	for (int sh = 5; sh <= 26; sh++) {
		size_t n = (size_t)1 << sh;
		bad2 += try_size(n - 17) + try_size(n - 1) + try_size(n) + try_size(n + 1) + try_size(n + 4096);
	}
	printf("powers of two 32..64MiB bad %d\n", bad2);
	return bad + bad2 != 0;
}
