/* The fragmentation workload: how much memory an allocator holds at its peak, not how fast it is.
 *
 * A long-running program's heap in miniature. Phase by phase it keeps a population of live
 * blocks whose size mix drifts: it fills 120,000 slots with blocks of 8 B to 4 KiB (mostly
 * small, as real programs' are), then, for 6 rounds, frees a pseudo-random 3/4 of the blocks
 * and refills those slots with blocks drawn from the next round's size mix, and a tenth of
 * the survivors are grown with realloc. Each round leaves the survivors of earlier rounds
 * scattered across the heap, which is what fragments it. At the end it frees everything and
 * prints the peak resident set size (getrusage ru_maxrss, KiB) and the bytes the program
 * asked for at its peak, so the report can show the overhead over the live data.
 *
 * Run as ./prog; prints "MAXRSS_KB LIVE_PEAK_BYTES\n". Deterministic: a fixed-seed PRNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

enum { SLOTS = 120000, ROUNDS = 6 };

static void *slot[SLOTS];
static size_t size_of[SLOTS];

static unsigned long rng = 0x9e3779b97f4a7c15UL;

static unsigned long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Round r's size mix: three quarters small (8..256 B), the rest up to 4 KiB; the small
 * sizes' centre moves each round so the freed holes do not fit the new blocks exactly. */
static size_t pick_size(int r)
{
	unsigned long x = next();
	if (x % 4 != 0)
		return 8 + (x >> 8) % (64 + 32 * (unsigned long)r);
	return 256 + (x >> 8) % 3841;
}

static void fill(size_t i, size_t n, size_t *live)
{
	slot[i] = malloc(n);
	if (!slot[i]) {
		fputs("malloc failed\n", stderr);
		exit(2);
	}
	memset(slot[i], (int)(i & 0xff), n);
	size_of[i] = n;
	*live += n;
}

int main(void)
{
	size_t live = 0, peak = 0;
	for (size_t i = 0; i < SLOTS; i++)
		fill(i, pick_size(0), &live);
	peak = live;
	for (int r = 1; r <= ROUNDS; r++) {
		for (size_t i = 0; i < SLOTS; i++) {
			if (next() % 4 != 0) {
				free(slot[i]);
				live -= size_of[i];
				slot[i] = 0;
			}
		}
		for (size_t i = 0; i < SLOTS; i++) {
			if (!slot[i]) {
				fill(i, pick_size(r), &live);
			} else if (next() % 10 == 0) {
				size_t n = size_of[i] + size_of[i] / 2 + 1;
				void *p = realloc(slot[i], n);
				if (!p) {
					fputs("realloc failed\n", stderr);
					return 2;
				}
				if (((unsigned char *)p)[0] != (unsigned char)(i & 0xff)) {
					fputs("realloc lost data\n", stderr);
					return 2;
				}
				slot[i] = p;
				live += n - size_of[i];
				size_of[i] = n;
			}
		}
		if (live > peak)
			peak = live;
	}
	for (size_t i = 0; i < SLOTS; i++)
		free(slot[i]);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("%ld %zu\n", ru.ru_maxrss, peak);
	return 0;
}
