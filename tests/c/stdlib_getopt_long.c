/* getopt_long and getopt_long_only: long options with and without arguments, "=value",
 * unambiguous prefixes, ambiguous and unknown names, flag pointers, longindex, and the
 * permutation of operands behind the options (argv printed at the end). Command line in
 * stdlib_getopt_long.args; stderr is not compared. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

static int verbose_flag;
static struct option longs[] = {
	{"verbose", no_argument, &verbose_flag, 7},
	{"file", required_argument, 0, 'f'},
	{"fill", optional_argument, 0, 'F'},
	{"number", required_argument, 0, 'n'},
	{"x", no_argument, 0, 'X'},
	{0, 0, 0, 0},
};

static void scan(int argc, char **argv, const char *opts, int only) {
	int c, idx;
	optind = 0;
	verbose_flag = 0;
	printf("[%s%s]", only ? "only " : "", opts);
	for (;;) {
		idx = -1;
		c = only ? getopt_long_only(argc, argv, opts, longs, &idx) : getopt_long(argc, argv, opts, longs, &idx);
		if (c == -1) break;
		printf(" (%d idx %d arg %s optind %d)", c, idx, optarg ? optarg : "-", optind);
	}
	printf(" flag %d optind %d argv:", verbose_flag, optind);
	for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
	printf("\n");
}

int main(int argc, char **argv) {
	opterr = 0;
	scan(argc, argv, "ab:x", 0);
	char *v1[] = {"p", "--verb", "--fi", "--fil", "--fill", "--fill=3", "--file", "--number", "9", "--nu=8", "--verbose=1", "--bogus", "--number", 0};
	scan(13, v1, "ab", 0);
	scan(13, v1, ":ab", 0);
	char *v2[] = {"p", "-file", "a", "-x", "-n5", "-fill", "-verbose", "-b", "op", "--number=4", "-a", 0};
	scan(11, v2, "ab:x", 1);
	char *v3[] = {"p", "op1", "-a", "op2", "--file", "f", "op3", 0};
	scan(7, v3, "+a", 0);
	char *v4[] = {"p", "op1", "-a", "op2", "--file", "f", "op3", 0};
	scan(7, v4, "-a", 0);
	return 0;
}
