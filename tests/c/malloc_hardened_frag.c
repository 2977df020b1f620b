/* The fragmentation pattern at a small scale: 20,000 blocks of random sizes up to 4 KB,
 * three quarters freed at random, 10,000 more of other sizes (some calloc'd, some grown
 * with realloc), then everything freed; every block's contents are checked before it goes.
 * The random generator is the program's own, so the sequence is the same on every libc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long long state = 0x2545f4914f6cdd1dULL;

static unsigned rnd(unsigned n)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (unsigned)(state % n);
}

#define N1 20000
#define N2 10000

static unsigned char *blk[N1 + N2];
static unsigned len[N1 + N2];

static void fill(size_t i)
{
	memset(blk[i], (int)(i * 37 + 11) & 0xff, len[i]);
}

static int holds(size_t i)
{
	unsigned char want = (unsigned char)(i * 37 + 11);
	for (unsigned j = 0; j < len[i]; j++)
		if (blk[i][j] != want)
			return 0;
	return 1;
}

int main(void)
{
	int bad = 0, freed = 0;
	alarm(15);
	for (size_t i = 0; i < N1; i++) {
		len[i] = 8 + rnd(4089);
		blk[i] = malloc(len[i]);
		if (!blk[i])
			return 1;
		fill(i);
	}
	for (size_t i = 0; i < N1; i++) {
		if (rnd(4) != 0) {
			bad += !holds(i);
			free(blk[i]);
			blk[i] = 0;
			freed++;
		}
	}
	for (size_t i = N1; i < N1 + N2; i++) {
		len[i] = 16 + rnd(8192);
		if (i % 4 == 0) {
			blk[i] = calloc(1, len[i]);
			for (unsigned j = 0; j < len[i]; j++)
				bad += blk[i][j] != 0;
		} else {
			blk[i] = malloc(len[i] / 2);
			blk[i] = realloc(blk[i], len[i]);
		}
		if (!blk[i])
			return 1;
		fill(i);
	}
	for (size_t i = 0; i < N1 + N2; i++) {
		if (blk[i]) {
			bad += !holds(i);
			free(blk[i]);
		}
	}
	printf("freed %d of %d, then %d more, bad %d\n", freed, N1, N2, bad);
	return bad != 0;
}
