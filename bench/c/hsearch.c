/* hsearch(FIND) of keys present in a table of 100,000 keys, taken in a scattered order:
 * the hash of the key, the probe and the string comparison of the match, with the table
 * (a few MB) out of the caches. The keys are 10 lowercase letters from a fixed-seed
 * generator, like words or identifiers (glibc's hash keeps too few bits of a key's last
 * bytes for keys that differ only in a numeric suffix, "key 000001"...: a lookup there
 * takes 10 times as long); each lookup passes an equal string at another address, as a
 * program's lookups do.
 *
 * The table is made with hcreate(200000): glibc's table never grows, so it gets the
 * headroom its manual asks for (with hcreate(100000), full, its lookups take half as long
 * again); musl's and limpet's grow by themselves and here never need to. */
#include <search.h>
#include "bench.h"

enum { N = 100000, STRIDE = 7919, LEN = 11 };

static char text[N][LEN];
static char probe[N][LEN];

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static void random_key(char *a, char *b)
{
	for (int j = 0; j < LEN - 1; j++) {
		rng ^= rng << 13;
		rng ^= rng >> 7;
		rng ^= rng << 17;
		a[j] = b[j] = (char)('a' + rng % 26);
	}
	a[LEN - 1] = b[LEN - 1] = 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	if (!hcreate(2 * N))
		bench_fail("hcreate failed");
	for (long k = 0; k < N; k++) {
		random_key(text[k], probe[k]);
		ENTRY e = { text[k], (void *)k };
		ENTRY *r = hsearch(e, ENTER);
		if (!r || (long)r->data != k)
			bench_fail("hsearch ENTER failed, or two keys are equal");
	}
}

static void bench_op(long i)
{
	long k = (i * STRIDE + 12345) % N;
	ENTRY e = { probe[k], 0 };
	ENTRY *r = hsearch(e, FIND);
	if (!r || (long)r->data != k)
		bench_fail("hsearch FIND failed");
	BENCH_KEEP(r);
}
