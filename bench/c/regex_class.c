/* regexec of the class-heavy ERE "[[:alpha:]_][[:alnum:]_]*=[0-9]+" (an assignment such as
 * "retries=42") over 4 KB of English-like text with identifiers, numbers and punctuation,
 * nmatch = 1. Every letter may start a match, and "x=" without digits, "name =" and
 * "x9=" followed by a letter occur along the way; the one match is near the end. */
#include <regex.h>
#include "bench.h"

#define SIZE 4096
static char text[SIZE + 1];
static regex_t re;
static const char tail[] = "retries=42;";
static regoff_t match_at;

static void bench_setup(const char *arg)
{
	static const char *const words[] = { "the", "value", "of", "max_len", "is", "set", "in",
		"config.h", "(see", "x9=y)", "and", "name", "=", "12", "or", "flag=off", "v2", "-", "when" };
	unsigned x = 99, n = 0, words_n = sizeof words / sizeof *words;
	(void)arg;
	while (n < SIZE - 40) {
		x = x * 1103515245u + 12345u;
		for (const char *p = words[(x >> 16) % words_n]; *p; p++)
			text[n++] = *p;
		text[n++] = (x >> 8) % 7 ? ' ' : '\n';
	}
	match_at = n;
	for (const char *p = tail; *p; p++)
		text[n++] = *p;
	while (n < SIZE)
		text[n++] = ' ';
	text[SIZE] = 0;
	if (regcomp(&re, "[[:alpha:]_][[:alnum:]_]*=[0-9]+", REG_EXTENDED))
		bench_fail("regcomp failed");
}

static void bench_op(long i)
{
	(void)i;
	regmatch_t m[1];
	const char *t = text;
	BENCH_HIDE(t);
	if (regexec(&re, t, 1, m, 0) || m[0].rm_so != match_at || m[0].rm_eo != match_at + 10)
		bench_fail("regexec: wrong match");
}
