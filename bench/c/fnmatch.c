/* fnmatch("*.[ch]", name, 0) over 1,000 file names in turn (source, header, object and
 * other files, 6 to 30 bytes, a third of them matching): the star, a tail of two tokens
 * and a bracket expression, as a build tool's filter does. */
#include <fnmatch.h>
#include "bench.h"

#define NAMES 1000
#define NAME_MAX_LEN 32
static char names[NAMES][NAME_MAX_LEN];

static void bench_setup(const char *arg)
{
	static const char *const ext[] = { ".c", ".h", ".o", ".rs", ".cc", ".txt" };
	static const char stem[] = "abcdefghijklmnopqrstuvwxyz_0123456789";
	unsigned x = 12345;
	(void)arg;
	for (int i = 0; i < NAMES; i++) {
		int len = 3 + i % 24, n = 0;
		for (int k = 0; k < len; k++) {
			x = x * 1103515245u + 12345u;
			names[i][n++] = stem[(x >> 16) % (sizeof stem - 1)];
		}
		for (const char *e = ext[i % 6]; *e; e++)
			names[i][n++] = *e;
		names[i][n] = 0;
	}
}

static void bench_op(long i)
{
	const char *name = names[i % NAMES];
	BENCH_HIDE(name);
	int r = fnmatch("*.[ch]", name, 0);
	if (r != (i % NAMES % 6 < 2 ? 0 : FNM_NOMATCH))
		bench_fail("fnmatch: wrong answer");
}
