/* strverscmp: the sign for every ordered pair of a set of words (integers, runs of leading
 * zeros, fractions, digits against letters and punctuation, prefixes, the empty string),
 * then a list of file names sorted with it and with versionsort's order. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *words[] = {
	"", "0", "00", "000", "01", "001", "010", "09", "0a", "0.", "1", "9", "10", "11", "99", "100",
	"a", "a0", "a00", "a01", "a1", "a9", "a10", "a010", "a.", "a-", "a~", "1.01", "1.0a", "1.001",
	"1.1", "1.9", "1.10", "1.010", "x1", "xa", "x01", "x0a", "x00", "x", "item#99", "item#100",
	"v2.6.9", "v2.6.10", "v2.6.09", "libfoo.so.1.2", "libfoo.so.1.10", "abc", "abd", "ab",
};

static int cmp(const void *a, const void *b) {
	return strverscmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void) {
	unsigned n = sizeof words / sizeof *words, bad = 0;
	for (unsigned i = 0; i < n; i++) {
		printf("%-14s", words[i]);
		for (unsigned j = 0; j < n; j++) {
			int r = strverscmp(words[i], words[j]);
			int s = (r > 0) - (r < 0);
			printf("%c", s < 0 ? '<' : s > 0 ? '>' : '=');
			/* Antisymmetry and equality. */
			int t = strverscmp(words[j], words[i]);
			if (((t > 0) - (t < 0)) != -s || (s == 0) != !strcmp(words[i], words[j])) bad++;
		}
		printf("\n");
	}
	const char *files[] = {
		"file10.txt", "file9.txt", "file1.txt", "file01.txt", "file001.txt", "file1a.txt", "file.txt",
		"file100.txt", "file0.txt", "file00.txt", "file09.txt", "file010.txt", "file1.10", "file1.9",
	};
	unsigned m = sizeof files / sizeof *files;
	qsort(files, m, sizeof *files, cmp);
	for (unsigned i = 0; i < m; i++) printf("%s%s", files[i], i + 1 < m ? " " : "\n");
	printf("inconsistent %u\n", bad);
	return bad != 0;
}
