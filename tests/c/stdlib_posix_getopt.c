/* __posix_getopt, the name musl exports for the POSIX getopt (glibc's headers call it for
 * strict POSIX programs): the same scans as getopt, which never permutes. Diagnostics go to
 * stderr, which is not compared. */
#include <stdio.h>
#include <unistd.h>

int __posix_getopt(int, char *const[], const char *);

static void scan(int (*f)(int, char *const[], const char *), int argc, char **argv, const char *opts) {
	int c;
	optind = 0;
	printf("[%s]", opts);
	while ((c = f(argc, argv, opts)) != -1) {
		if (c == '?' || c == ':') printf(" (%c optopt %c)", c, optopt);
		else if (c == 1 || (optarg && c == 'c')) printf(" (%c=%s)", c == 1 ? '1' : c, optarg);
		else printf(" (%c)", c);
	}
	printf(" -> optind %d rest:", optind);
	for (int i = optind; i < argc; i++) printf(" %s", argv[i]);
	printf("\n");
}

int main(void) {
	char *v1[] = {"p", "-ab", "-c", "x", "operand", "-a", 0};
	char *v2[] = {"p", "-z", "-c", 0};
	char *v3[] = {"p", "one", "-a", "two", "--", "-b", 0};
	for (int k = 0; k < 2; k++) {
		int (*f)(int, char *const[], const char *) = k ? __posix_getopt : getopt;
		printf("%s\n", k ? "__posix_getopt" : "getopt");
		scan(f, 6, v1, "abc:");
		scan(f, 3, v2, ":c:");
		scan(f, 6, v3, "-ab");
		scan(f, 6, v3, "ab");
	}
	return 0;
}
