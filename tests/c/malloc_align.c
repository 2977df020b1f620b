/* posix_memalign and aligned_alloc: alignment honoured for powers of two
 * up to 64 KiB, invalid alignments rejected (posix_memalign returns EINVAL
 * without touching *memptr -- errno is unspecified, and musl changes it;
 * aligned_alloc returns NULL with EINVAL), blocks freeable with free. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int fails = 0;
	int bad = 0;
	for (size_t al = sizeof(void *); al <= 65536; al *= 2)
		for (size_t n = 1; n <= 5000; n = n * 3 + 1) {
			void *p = (void *)1;
			int r = posix_memalign(&p, al, n);
			if (r != 0 || !p || (uintptr_t)p % al) {
				bad++;
				continue;
			}
			memset(p, 0x77, n);
			free(p);
		}
	printf("posix_memalign bad %d\n", bad);
	fails += bad;

	void *keep = (void *)0x1234;
	int invalid[] = { 0, 1, 2, 4, 3, 24, 48, 100 };
	for (unsigned i = 0; i < sizeof invalid / sizeof *invalid; i++) {
		int r = posix_memalign(&keep, invalid[i], 16);
		printf("posix_memalign(align %d) = %s, ptr untouched %s\n", invalid[i],
		       r == EINVAL ? "EINVAL" : r == 0 ? "0" : "other",
		       keep == (void *)0x1234 ? "yes" : "no");
		fails += r != EINVAL;
	}
	void *z = NULL;
	int r = posix_memalign(&z, 64, 0);
	printf("posix_memalign size 0 = %d\n", r);
	free(z);

	bad = 0;
	for (size_t al = 1; al <= 65536; al *= 2) {
		void *p = aligned_alloc(al, al * 3);
		if (!p || (uintptr_t)p % al)
			bad++;
		else
			memset(p, 1, al * 3);
		free(p);
	}
	printf("aligned_alloc bad %d\n", bad);
	fails += bad;
	errno = 0;
	void *p = aligned_alloc(3, 12);
	printf("aligned_alloc(3) %s errno %s\n", p ? "non-null" : "NULL", errno == EINVAL ? "EINVAL" : "other");
	fails += p != NULL;
	free(p);

	/* Many aligned blocks live at once do not overlap. */
	unsigned char *blk[64];
	for (int i = 0; i < 64; i++) {
		blk[i] = aligned_alloc(256, 100);
		memset(blk[i], i, 100);
	}
	int corrupt = 0;
	for (int i = 0; i < 64; i++) {
		for (int j = 0; j < 100; j++)
			if (blk[i][j] != i)
				corrupt++;
		free(blk[i]);
	}
	printf("aligned blocks corrupt %d\n", corrupt);
	return fails + corrupt;
}
