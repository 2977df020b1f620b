/* Every match of the ERE "[a-z]+=[0-9]+" along 64 KB of English-like text with an
 * assignment ("retries=42") about every 64 bytes, found as sed's `g` flag and grep -o find
 * them: regexec on the rest of the string after each match, with REG_NOTBOL, nmatch = 1.
 * A regexec that takes the whole string's length first pays for the rest of the text at
 * every one of the 1,000 calls. */
#include <regex.h>
#include "bench.h"

#define SIZE 65536
static char text[SIZE + 1];
static regex_t re;
static long matches;

static void bench_setup(const char *arg)
{
	static const char *const words[] = { "the", "value", "of", "max_len", "is", "set", "in",
		"config.h", "(see", "x9", "and", "name", "=", "12", "or", "when", "flag" };
	unsigned x = 7, n = 0, words_n = sizeof words / sizeof *words;
	(void)arg;
	while (n < SIZE - 40) {
		x = x * 1103515245u + 12345u;
		const char *w = (x >> 20) % 9 ? words[(x >> 16) % words_n] : "retries=42";
		matches += w[0] == 'r';
		for (const char *p = w; *p; p++)
			text[n++] = *p;
		text[n++] = (x >> 8) % 7 ? ' ' : '\n';
	}
	while (n < SIZE)
		text[n++] = ' ';
	text[SIZE] = 0;
	if (regcomp(&re, "[a-z]+=[0-9]+", REG_EXTENDED))
		bench_fail("regcomp failed");
}

static void bench_op(long i)
{
	(void)i;
	regmatch_t m[1];
	const char *t = text;
	BENCH_HIDE(t);
	long found = 0;
	int flags = 0;
	while (regexec(&re, t, 1, m, flags) == 0) {
		found++;
		t += m[0].rm_eo;
		flags = REG_NOTBOL;
	}
	if (found != matches)
		bench_fail("regexec: wrong number of matches");
}
