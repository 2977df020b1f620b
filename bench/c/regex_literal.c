/* regexec of the literal-prefixed ERE "hello[0-9]+ world" over 4 KB of English-like text,
 * nmatch = 1 (whether and where it matches, as grep asks). The text holds "hello" eight
 * times without the digits or the " world" after them, and the one match ends a few bytes
 * before the end, so a search meets partial matches on its way and reads the whole text. */
#include <regex.h>
#include "bench.h"

#define SIZE 4096
static char text[SIZE + 1];
static regex_t re;
static const char tail[] = "hello2024 world";
static regoff_t match_at;

static void bench_setup(const char *arg)
{
	static const char *const words[] = { "the", "quick", "brown", "fox", "jumps", "over", "lazy",
		"dog", "and", "then", "says", "hello", "to", "a", "world", "of", "friends,", "2024" };
	unsigned x = 2024, n = 0, words_n = sizeof words / sizeof *words;
	(void)arg;
	while (n < SIZE - 40) {
		x = x * 1103515245u + 12345u;
		unsigned w = (x >> 16) % words_n;
		/* "hello" only now and then: the prefilter's false candidates. */
		if (w == 11 && (x >> 8) % 4)
			w = 0;
		for (const char *p = words[w]; *p; p++)
			text[n++] = *p;
		text[n++] = ' ';
	}
	match_at = n;
	for (const char *p = tail; *p; p++)
		text[n++] = *p;
	while (n < SIZE)
		text[n++] = '.';
	text[SIZE] = 0;
	if (regcomp(&re, "hello[0-9]+ world", REG_EXTENDED))
		bench_fail("regcomp failed");
}

static void bench_op(long i)
{
	(void)i;
	regmatch_t m[1];
	const char *t = text;
	BENCH_HIDE(t);
	if (regexec(&re, t, 1, m, 0) || m[0].rm_so != match_at || m[0].rm_eo != match_at + (regoff_t)(sizeof tail - 1))
		bench_fail("regexec: wrong match");
}
