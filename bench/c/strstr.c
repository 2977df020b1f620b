/* strstr of an 8-byte needle in a 1 KB English-like haystack. The needle "lazy cat" only
 * occurs at the very end, and its prefix "lazy " occurs every 44 bytes, so the search meets
 * many partial matches on its way. */
#include <string.h>
#include "bench.h"

#define SIZE 1024
static char hay[SIZE];
static char needle[] = "lazy cat";

static void bench_setup(const char *arg)
{
	static const char words[] = "the quick brown fox jumps over the lazy dog ";
	unsigned n = sizeof words - 1, end = SIZE - sizeof needle;
	(void)arg;
	for (unsigned i = 0; i < end; i++)
		hay[i] = words[i % n];
	for (unsigned i = 0; i < sizeof needle; i++)
		hay[end + i] = needle[i];
}

static void bench_op(long i)
{
	(void)i;
	char *h = hay;
	BENCH_HIDE(h);
	char *r = strstr(h, needle);
	if (r != hay + SIZE - sizeof needle)
		bench_fail("strstr: wrong match");
}
