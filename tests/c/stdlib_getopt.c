/* getopt over the command line (stdlib_getopt.args), then over built-in argument vectors
 * restarted with optind = 0: clusters, attached and separate arguments, optional arguments,
 * unknown options, missing arguments with and without a leading ':', "--", "-", and the
 * leading '-' mode. Diagnostics go to stderr, which is not compared. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void scan(int argc, char **argv, const char *opts) {
	int c;
	optind = 0;
	printf("[%s]", opts);
	while ((c = getopt(argc, argv, opts)) != -1) {
		if (c == 1) printf(" (1:%s)", optarg);
		else if (c == '?' || c == ':') printf(" (%c optopt %c)", c, optopt);
		else if (optarg && (c == 'c' || c == 'd')) printf(" (%c=%s)", c, optarg);
		else printf(" (%c)", c);
	}
	printf(" -> optind %d rest:", optind);
	for (int i = optind; i < argc; i++) printf(" %s", argv[i]);
	printf("\n");
}

int main(int argc, char **argv) {
	scan(argc, argv, "abc:d::");
	char *v1[] = {"p", "-abcval", "-c", "sep", "-dopt", "-d", "x", "-z", "-", "tail", 0};
	scan(10, v1, "abc:d::");
	scan(10, v1, ":abc:d::");
	char *v2[] = {"p", "-a", "--", "-b", 0};
	scan(4, v2, "ab");
	char *v3[] = {"p", "-ac", 0};
	scan(3, v3, "ac:");
	scan(3, v3, ":ac:");
	char *v4[] = {"p", "x", "-a", "y", "-b", "--", "z", 0};
	scan(7, v4, "-ab");
	scan(7, v4, "+ab");
	char *v5[] = {"p", "-a:", 0};
	scan(2, v5, "a:");
	char *v6[] = {"p", "-a", 0};
	opterr = 0;
	scan(2, v6, "b");
	return 0;
}
