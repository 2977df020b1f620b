/* The pathological regex table: each case compiles a pattern and runs regexec once on a
 * long subject, in a child process with an alarm, so that a matcher that backtracks
 * without bound reads "> N s" instead of stalling the table.
 *
 *     ./regex [SECONDS]
 *
 * prints one line per case: its number, the milliseconds regcomp+regexec took (or
 * "> N s", or "crash" when the child died otherwise, e.g. out of its 2 GiB of address
 * space), and the result (the match, "nomatch" or the error code), tab-separated. */
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct pcase {
	const char *pattern;
	char fill;          /* the subject: `count` of this byte, */
	long count;
	const char *tail;   /* then this */
	int nmatch;
};

static const struct pcase cases[] = {
	{ "(a*)*b", 'a', 100000, "", 2 },
	{ "(a|a)*b", 'a', 100000, "", 2 },
	{ "(a|aa)*b", 'a', 100000, "", 2 },
	{ "(x+x+)+y", 'x', 100000, "", 2 },
	{ "(a?){25}a{25}", 'a', 100000, "", 2 },
	{ "^(([a-z])+.)+[A-Z]([a-z])+$", 'a', 100000, "", 4 },
	{ "(a|aa)*b", 'a', 10000, "b", 1 },
	{ "(a|aa)*b", 'a', 10000, "b", 2 },
	{ "(.*)(.*)(.*)(.*)(.*)x", 'a', 10000, "", 6 },
	{ "[a-q][^u-z]{13}x", 'a', 100000, "", 1 },
};

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void run(const struct pcase *c)
{
	struct rlimit lim = { 2UL << 30, 2UL << 30 };
	setrlimit(RLIMIT_AS, &lim);
	size_t tail = strlen(c->tail);
	char *s = malloc(c->count + tail + 1);
	if (!s)
		_exit(3);
	memset(s, c->fill, c->count);
	memcpy(s + c->count, c->tail, tail + 1);
	regmatch_t m[10];
	regex_t re;
	double t0 = now_ms();
	int r = regcomp(&re, c->pattern, REG_EXTENDED);
	if (r == 0)
		r = regexec(&re, s, c->nmatch, m, 0);
	double t1 = now_ms();
	if (r == 0)
		printf("%.2f\t(%ld,%ld)\n", t1 - t0, (long)m[0].rm_so, (long)m[0].rm_eo);
	else
		printf("%.2f\t%s\n", t1 - t0, r == REG_NOMATCH ? "nomatch" : "error");
	fflush(stdout);
	_exit(0);
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 10;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		printf("%zu\t", i);
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			alarm(secs);
			run(&cases[i]);
		}
		int status;
		if (pid < 0 || waitpid(pid, &status, 0) < 0) {
			printf("crash\t\n");
			continue;
		}
		if (WIFSIGNALED(status))
			printf(WTERMSIG(status) == SIGALRM ? "> %d s\t\n" : "crash\t\n", secs);
		else if (WEXITSTATUS(status))
			printf("crash\t\n");
		fflush(stdout);
	}
	return 0;
}
