/* catopen/catgets over a catalog in glibc's format, the one Debian's gencat writes
 * (embedded by intl_catalogs.h), and the same catalog as a big-endian machine's gencat
 * writes it (header and first table byte-swapped here). musl 1.2.3 reads only NetBSD's
 * format and refuses these (catopen fails with ENOENT), so the expected output is
 * catgets_gencat.expected: limpet's, which is what glibc's catgets gives for the
 * little-endian file except that glibc leaves errno at 0 for set -1 (limpet sets ENOMSG
 * for every miss, as musl does); glibc refuses the other byte order. The program returns
 * 0 whatever it finds. */
#include <nl_types.h>
#include <stdint.h>

#include "intl_catalogs.h"
#include "intl_files.h"

static void show(const char *label, const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", intl_root, rel);
	errno = 0;
	nl_catd c = catopen(path, 0);
	if (c == (nl_catd)-1) {
		printf("%s: catopen failed, %s\n", label, errno == ENOENT ? "ENOENT" : "other errno");
		return;
	}
	int q[][2] = { { 1, 1 }, { 1, 2 }, { 1, 10 }, { 3, 5 }, { 200, 30000 }, { 1, 3 }, { 2, 1 }, { 0, 0 }, { -1, 1 } };
	for (size_t i = 0; i < sizeof q / sizeof *q; i++) {
		errno = 0;
		const char *dflt = "dflt";
		char *r = catgets(c, q[i][0], q[i][1], dflt);
		printf("%s %d,%d: %s errno %s\n", label, q[i][0], q[i][1], r == dflt ? "default" : r,
		       errno == 0 ? "0" : errno == ENOMSG ? "ENOMSG" : "other");
	}
	printf("%s catclose %d\n", label, catclose(c));
}

int main(void)
{
	intl_setup("limpet-catgets-gencat");
	intl_install("le.cat", cat_glibc, sizeof cat_glibc);
	unsigned char be[sizeof cat_glibc];
	memcpy(be, cat_glibc, sizeof be);
	uint32_t width, depth;
	memcpy(&width, cat_glibc + 4, 4);
	memcpy(&depth, cat_glibc + 8, 4);
	/* The header's three words and the first table (width * depth entries of three words)
	 * are in the writer's order; the second copy of the table is big-endian already. */
	size_t words = 3 + (size_t)width * depth * 3;
	for (size_t w = 0; w < words && 4 * w + 4 <= sizeof be; w++) {
		unsigned char *p = be + 4 * w, t;
		t = p[0], p[0] = p[3], p[3] = t;
		t = p[1], p[1] = p[2], p[2] = t;
	}
	intl_install("be.cat", be, sizeof be);
	show("little-endian", "le.cat");
	show("big-endian", "be.cat");
	intl_cleanup();
	return 0;
}
