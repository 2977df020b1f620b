/* glob("DIR/*.c") and globfree over a directory of 1,000 empty files (half `.c`, half
 * `.h`, names of 8 to 20 bytes), which setup makes under /tmp and exit removes: a
 * directory read (about 1,000 entries), a match per name, 500 paths copied and sorted. */
#include <fcntl.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"

#define FILES 1000
static char dir[] = "/tmp/limpet-bench-glob.XXXXXX";
static char pattern[64];
static char names[FILES][64];

static void remove_tree(void)
{
	for (int i = 0; i < FILES; i++)
		unlink(names[i]);
	rmdir(dir);
}

static void bench_setup(const char *arg)
{
	(void)arg;
	if (!mkdtemp(dir))
		bench_fail("mkdtemp failed");
	size_t n = strlen(dir);
	for (int i = 0; i < FILES; i++) {
		char *p = names[i];
		memcpy(p, dir, n);
		p += n;
		*p++ = '/';
		int len = 5 + i % 13;
		for (int k = 0; k < len; k++)
			*p++ = (char)('a' + (i * 7 + k * 13) % 26);
		/* Distinct names: the index, in three digits. */
		*p++ = (char)('0' + i / 100);
		*p++ = (char)('0' + i / 10 % 10);
		*p++ = (char)('0' + i % 10);
		*p++ = '.';
		*p++ = i % 2 ? 'h' : 'c';
		*p = 0;
		int fd = open(names[i], O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			bench_fail("cannot create a file");
		close(fd);
	}
	atexit(remove_tree);
	memcpy(pattern, dir, n);
	memcpy(pattern + n, "/*.c", 5);
}

static void bench_op(long i)
{
	(void)i;
	glob_t g;
	if (glob(pattern, 0, 0, &g) || g.gl_pathc != FILES / 2)
		bench_fail("glob: wrong answer");
	BENCH_KEEP(g.gl_pathv[0]);
	globfree(&g);
}
