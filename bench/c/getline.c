/* getline over a file of 4096 lines of 40 bytes (a scratch file in /tmp, removed at
 * once and read through its descriptor), rewinding at the end: the line scan, the copy
 * out of the stream's buffer and a read(2) every 25 lines or so. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "bench.h"

static FILE *f;
static char *line;
static size_t cap;

static void bench_setup(const char *arg)
{
	(void)arg;
	f = tmpfile();
	if (!f)
		bench_fail("tmpfile failed");
	for (int i = 0; i < 4096; i++)
		fprintf(f, "line %06d of the getline benchmark...\n", i);
	rewind(f);
}

static void bench_op(long i)
{
	(void)i;
	ssize_t n = getline(&line, &cap, f);
	if (n < 0) {
		rewind(f);
		n = getline(&line, &cap, f);
	}
	if (n != 40)
		bench_fail("getline failed");
}
