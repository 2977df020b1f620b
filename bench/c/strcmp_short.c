/* strcmp of two 16-byte strings that differ in their last byte: the common case of
 * comparing keys or names, dominated by the call and the first word. */
#include <string.h>
#include "bench.h"

static char a[] = "strcmp-short-abc";
static char b[] = "strcmp-short-abd";

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	char *p = a;
	BENCH_HIDE(p);
	if (strcmp(p, b) >= 0)
		bench_fail("strcmp: wrong order");
}
