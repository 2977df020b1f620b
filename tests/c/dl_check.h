/* What the dl_* programs share: a check that prints its verdict and counts failures, and a
 * suffix test for the paths the loader reports (which vary with the build directory). */
#include <stdio.h>
#include <string.h>

static int fails;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "yes" : "no");
	if (!ok)
		fails++;
}

/* Whether `s` (null counts as empty) ends with `tail`. */
static inline int ends_with(const char *s, const char *tail)
{
	size_t n = s ? strlen(s) : 0, m = strlen(tail);
	return n >= m && strcmp(s + n - m, tail) == 0;
}
