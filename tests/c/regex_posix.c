/* regcomp/regexec/regerror/regfree: POSIX conformance cases, each with the answer POSIX
 * gives (and musl too, so stdout is compared with musl's): BRE and ERE syntax, the
 * characters that are literal where they stand, brackets and all twelve classes,
 * REG_ICASE, REG_NEWLINE, REG_NOTBOL/REG_NOTEOL, REG_NOSUB, back-references, re_nsub,
 * submatches that took no part, every error code musl gives for a bad pattern, regerror's
 * messages, sizes and truncation, and characters in C.UTF-8 and in the C locale.
 * Each line prints what was found and "ok" or "BAD" against the expectation. */
#include <ctype.h>
#include <locale.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>

static int bad;

/* A pattern or subject, with what is not printable ASCII written as \n or \xHH. */
static void show(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\n')
			fputs("\\n", stdout);
		else if (*p < 0x20 || *p >= 0x7f)
			printf("\\x%02x", *p);
		else
			putchar(*p);
	}
}

enum { B = 0, E = REG_EXTENDED, I = REG_ICASE, N = REG_NEWLINE };

struct mcase {
	int cflags;
	const char *pat, *subj;
	int eflags;
	/* "-" for no match, otherwise every span up to re_nsub, "(so,eo)" each. */
	const char *want;
};

static void run_match(const struct mcase *c)
{
	regex_t re;
	regmatch_t m[10];
	char got[256] = "";
	int r = regcomp(&re, c->pat, c->cflags);
	printf("%s%s%s /", c->cflags & E ? "ere" : "bre", c->cflags & I ? " icase" : "", c->cflags & N ? " newline" : "");
	show(c->pat);
	printf("/ \"");
	show(c->subj);
	printf("\"%s%s: ", c->eflags & REG_NOTBOL ? " notbol" : "", c->eflags & REG_NOTEOL ? " noteol" : "");
	if (r) {
		snprintf(got, sizeof got, "regcomp %d", r);
	} else {
		size_t n = re.re_nsub + 1;
		if (n > 10)
			n = 10;
		int e = regexec(&re, c->subj, n, m, c->eflags);
		if (e == REG_NOMATCH)
			strcpy(got, "-");
		else if (e)
			snprintf(got, sizeof got, "regexec %d", e);
		else
			for (size_t i = 0; i < n; i++)
				snprintf(got + strlen(got), sizeof got - strlen(got), "(%ld,%ld)", (long)m[i].rm_so, (long)m[i].rm_eo);
		regfree(&re);
	}
	int ok = !strcmp(got, c->want);
	bad += !ok;
	printf("%s %s\n", got, ok ? "ok" : "BAD");
}

static const struct mcase basic[] = {
	/* BRE: literals, ., *, intervals, groups */
	{ B, "abc", "xabcx", 0, "(1,4)" },
	{ B, "a.c", "abc", 0, "(0,3)" },
	{ B, "a.c", "ac", 0, "-" },
	{ B, "ab*c", "ac", 0, "(0,2)" },
	{ B, "ab*c", "abbbc", 0, "(0,5)" },
	{ B, "a*", "baa", 0, "(0,0)" },
	{ B, "a\\{2,3\\}", "aaaa", 0, "(0,3)" },
	{ B, "a\\{2\\}", "a", 0, "-" },
	{ B, "a\\{2,\\}", "xaaaaa", 0, "(1,6)" },
	{ B, "a\\{0,1\\}b", "b", 0, "(0,1)" },
	{ B, "\\(ab\\)*c", "ababc", 0, "(0,5)(2,4)" },
	{ B, "\\(a\\)\\(b\\)", "ab", 0, "(0,2)(0,1)(1,2)" },
	{ B, "\\(a\\(b\\)\\)c", "abc", 0, "(0,3)(0,2)(1,2)" },
	{ B, "x\\.y", "x.y", 0, "(0,3)" },
	{ B, "x\\.y", "xzy", 0, "-" },
	{ B, "a\\*", "aa*", 0, "(1,3)" },
	{ B, "\\[a", "[a", 0, "(0,2)" },
	/* BRE: what is literal there */
	{ B, "a+", "aa+", 0, "(1,3)" },
	{ B, "a?", "a?", 0, "(0,2)" },
	{ B, "a|b", "a|b", 0, "(0,3)" },
	{ B, "(a)", "(a)", 0, "(0,3)" },
	{ B, "a{2}", "a{2}", 0, "(0,4)" },
	{ B, "*a", "x*a", 0, "(1,3)" },
	{ B, "\\(*a\\)", "*a", 0, "(0,2)(0,2)" },
	{ B, "^*a", "*a", 0, "(0,2)" },
	{ B, "a^b", "a^b", 0, "(0,3)" },
	{ B, "a$b", "a$b", 0, "(0,3)" },
	{ B, "$a", "$a", 0, "(0,2)" },
	{ B, "a^", "a^", 0, "(0,2)" },
	/* BRE anchors */
	{ B, "^a", "ba", 0, "-" },
	{ B, "^a", "ab", 0, "(0,1)" },
	{ B, "a$", "ab", 0, "-" },
	{ B, "a$", "ba", 0, "(1,2)" },
	{ B, "^$", "", 0, "(0,0)" },
	{ B, "^$", "a", 0, "-" },
	/* BRE back-references */
	{ B, "\\(a\\)\\1", "aa", 0, "(0,2)(0,1)" },
	{ B, "\\(a\\)\\1", "ab", 0, "-" },
	{ B, "\\([ab]\\)\\1", "abba", 0, "(1,3)(1,2)" },
	{ B, "\\(a*\\)b\\1", "aabaa", 0, "(0,5)(0,2)" },
	{ B, "\\(a*\\)b\\1$", "aaba", 0, "(1,4)(1,2)" },
	{ B, "\\(ab*\\)c\\1", "abbcabb", 0, "(0,7)(0,3)" },
	{ B, "\\(x\\)\\(y\\)\\2\\1", "xyyx", 0, "(0,4)(0,1)(1,2)" },
	{ B, "\\(.\\)\\1*", "abbbc", 0, "(0,1)(0,1)" },
	{ B, "b\\(.\\)\\1*", "abbbc", 0, "(1,4)(2,3)" },
	/* ERE: +, ?, |, intervals, groups */
	{ E, "a+", "baaa", 0, "(1,4)" },
	{ E, "a+", "b", 0, "-" },
	{ E, "a?b", "ab", 0, "(0,2)" },
	{ E, "a?b", "b", 0, "(0,1)" },
	{ E, "ab|cd", "xcd", 0, "(1,3)" },
	{ E, "a|ab|abc", "abcd", 0, "(0,3)" },
	{ E, "a{2,3}", "aaaa", 0, "(0,3)" },
	{ E, "a{2}", "aaa", 0, "(0,2)" },
	{ E, "a{2,}", "aaaaa", 0, "(0,5)" },
	{ E, "a{0}b", "ab", 0, "(1,2)" },
	{ E, "(ab){2}", "abababx", 0, "(0,4)(2,4)" },
	{ E, "x(a|b)*y", "xabay", 0, "(0,5)(3,4)" },
	{ E, "(a|b)+", "abab", 0, "(0,4)(3,4)" },
	{ E, "(a)(b)?", "a", 0, "(0,1)(0,1)(-1,-1)" },
	{ E, "(a)|(b)", "b", 0, "(0,1)(-1,-1)(0,1)" },
	{ E, "(a)|b", "b", 0, "(0,1)(-1,-1)" },
	{ E, "(a*)+", "b", 0, "(0,0)(0,0)" },
	{ E, "(a*)*", "aa", 0, "(0,2)(0,2)" },
	{ E, "(ab|a)(bc|c)", "abc", 0, "(0,3)(0,2)(2,3)" },
	{ E, "(a|ab)(bc|c)", "abc", 0, "(0,3)(0,2)(2,3)" },
	{ E, "(a*)(b|abc)", "abc", 0, "(0,3)(0,0)(0,3)" },
	{ E, "((a)|(b))*", "ab", 0, "(0,2)(1,2)(-1,-1)(1,2)" },
	{ E, "(a(b)?)+", "aba", 0, "(0,3)(2,3)(-1,-1)" },
	{ E, "()", "x", 0, "(0,0)(0,0)" },
	{ E, "(())", "", 0, "(0,0)(0,0)(0,0)" },
	{ E, "a.c", "a\nc", 0, "(0,3)" },
	{ E, "a\\+b", "a+b", 0, "(0,3)" },
	{ E, "a\\|b", "a|b", 0, "(0,3)" },
	{ E, "\\(a\\)", "(a)", 0, "(0,3)" },
	{ E, "a\\{2\\}", "a{2}", 0, "(0,4)" },
	/* ERE anchors, anywhere */
	{ E, "^a|^b", "b", 0, "(0,1)" },
	{ E, "a$|b$", "ab", 0, "(1,2)" },
	{ E, "(^a)", "a", 0, "(0,1)(0,1)" },
	{ E, "b(^a)", "ba", 0, "-" },
	{ E, "(a$)", "ba", 0, "(1,2)(1,2)" },
	{ E, "^(a|b)*$", "abba", 0, "(0,4)(3,4)" },
	{ E, "^(a|b)*$", "abca", 0, "-" },
	/* brackets */
	{ E, "[abc]", "xxb", 0, "(2,3)" },
	{ E, "[^abc]", "abcd", 0, "(3,4)" },
	{ E, "[a-c]+", "xbcay", 0, "(1,4)" },
	{ E, "[]a]+", "x]a]", 0, "(1,4)" },
	{ E, "[^]a]", "]ab", 0, "(2,3)" },
	{ E, "[a-]+", "b-a", 0, "(1,3)" },
	{ E, "[-a]+", "b-a", 0, "(1,3)" },
	{ E, "[^-a]", "-ab", 0, "(2,3)" },
	{ E, "[%--]+", "a%+-.", 0, "(1,4)" },
	{ E, "[]-a]", "_", 0, "(0,1)" },
	{ E, "[a-c-]", "-", 0, "(0,1)" },
	{ E, "[\\]+", "a\\\\", 0, "(1,3)" },
	{ E, "[.]", "a.", 0, "(1,2)" },
	{ E, "[*+?{]+", "a*+?{", 0, "(1,5)" },
	{ E, "[$^]+", "a$^", 0, "(1,3)" },
	{ E, "[a^]+", "b^a", 0, "(1,3)" },
	{ E, "[[]", "a[", 0, "(1,2)" },
	{ E, "[a-c[:digit:]x]+", "z1bx9d", 0, "(1,5)" },
	{ E, "[[:alpha:][:digit:]]+", "-a1b-", 0, "(1,4)" },
	{ E, "[^[:alpha:]]+", "ab12cd", 0, "(2,4)" },
	{ B, "[ab]*", "abba", 0, "(0,4)" },
	{ B, "[^a-c]", "abcd", 0, "(3,4)" },
	/* REG_ICASE */
	{ E | I, "abc", "xABC", 0, "(1,4)" },
	{ E | I, "ABC", "abc", 0, "(0,3)" },
	{ E | I, "[a-c]+", "xBcA", 0, "(1,4)" },
	{ E | I, "[A-C]+", "xbCa", 0, "(1,4)" },
	{ E | I, "[^a]", "Ab", 0, "(1,2)" },
	{ E | I, "[^A]", "ab", 0, "(1,2)" },
	{ E | I, "(a)(B)", "Ab", 0, "(0,2)(0,1)(1,2)" },
	{ B | I, "\\(a\\)\\1", "aa", 0, "(0,2)(0,1)" },
	{ B | I, "a\\{2\\}", "aA", 0, "(0,2)" },
	{ E, "abc", "ABC", 0, "-" },
	/* REG_NEWLINE */
	{ E, ".", "\n", 0, "(0,1)" },
	{ E | N, ".", "\n", 0, "-" },
	{ E | N, "a.b", "a\nb", 0, "-" },
	{ E, "[^a]", "\n", 0, "(0,1)" },
	{ E | N, "[^a]", "\n", 0, "-" },
	{ E | N, "[^a]", "\nb", 0, "(1,2)" },
	{ E | N, "a[\n]b", "a\nb", 0, "(0,3)" },
	{ E, "^b", "a\nb", 0, "-" },
	{ E | N, "^b", "a\nb", 0, "(2,3)" },
	{ E, "a$", "a\nb", 0, "-" },
	{ E | N, "a$", "a\nb", 0, "(0,1)" },
	{ E | N, "^$", "a\n\nb", 0, "(2,2)" },
	{ E | N, "^b$", "a\nb\nc", 0, "(2,3)" },
	{ B | N, "^b", "a\nb", 0, "(2,3)" },
	{ B | N, "a$", "a\nb", 0, "(0,1)" },
	/* REG_NOTBOL, REG_NOTEOL */
	{ E, "^a", "a", REG_NOTBOL, "-" },
	{ E, "^", "", REG_NOTBOL, "-" },
	{ E, "a", "a", REG_NOTBOL, "(0,1)" },
	{ E | N, "^a", "a\na", REG_NOTBOL, "(2,3)" },
	{ E, "a$", "a", REG_NOTEOL, "-" },
	{ E, "$", "", REG_NOTEOL, "-" },
	{ E | N, "a$", "a\na", REG_NOTEOL, "(0,1)" },
	{ E, "^a$", "a", REG_NOTBOL | REG_NOTEOL, "-" },
	{ E, "a|^b", "ba", REG_NOTBOL, "(1,2)" },
	{ B, "^a", "a", REG_NOTBOL, "-" },
	{ B, "a$", "a", REG_NOTEOL, "-" },
};

/* Which of the characters 1..127 a bracket expression matches, against the <ctype.h>
 * function of the same class. */
static void classes(void)
{
	static const struct {
		const char *name;
		int (*is)(int);
	} cls[] = {
		{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
		{ "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
		{ "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
	};
	for (size_t k = 0; k < sizeof cls / sizeof *cls; k++) {
		for (int neg = 0; neg < 2; neg++) {
			char pat[32];
			regex_t re;
			snprintf(pat, sizeof pat, "[%s[:%s:]]", neg ? "^" : "", cls[k].name);
			int r = regcomp(&re, pat, REG_EXTENDED);
			int in = 0, wrong = 0;
			for (int c = 1; c < 128 && !r; c++) {
				char s[2] = { (char)c, 0 };
				int hit = regexec(&re, s, 0, NULL, 0) == 0;
				in += hit;
				wrong += hit != ((cls[k].is(c) != 0) != neg);
			}
			if (!r)
				regfree(&re);
			printf("class %s: regcomp %d matches %d of 127, wrong %d %s\n", pat, r, in, wrong, !r && !wrong ? "ok" : "BAD");
			bad += r || wrong;
		}
	}
	/* Under REG_ICASE a letter of either case is in [[:lower:]] and [[:upper:]]. */
	static const char *const folded[] = { "[[:lower:]]", "[[:upper:]]" };
	for (int k = 0; k < 2; k++) {
		regex_t re;
		int r = regcomp(&re, folded[k], REG_ICASE);
		int hits = !r && !regexec(&re, "a", 0, NULL, 0) && !regexec(&re, "A", 0, NULL, 0) && regexec(&re, "1", 0, NULL, 0);
		if (!r)
			regfree(&re);
		printf("icase %s: a and A, not 1: %s\n", folded[k], hits ? "ok" : "BAD");
		bad += !hits;
	}
}

/* re_nsub, counted from the pattern's subexpressions, and REG_NOSUB. */
static void nsub(void)
{
	static const struct {
		int cflags;
		const char *pat;
		size_t want;
	} cases[] = {
		{ E, "a", 0 }, { E, "(a)(b)", 2 }, { E, "((a)(b(c)))", 4 }, { E, "(a|(b))*", 2 },
		{ B, "\\(a\\)\\(b\\)", 2 }, { B, "(a)", 0 }, { E, "\\(a\\)", 0 }, { E | REG_NOSUB, "(a)(b)", 2 },
		{ E, "()()()()()()()()()()()", 11 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		regex_t re;
		int r = regcomp(&re, cases[k].pat, cases[k].cflags);
		int ok = !r && re.re_nsub == cases[k].want;
		printf("nsub /%s/%s: %d %zu %s\n", cases[k].pat, cases[k].cflags & REG_NOSUB ? " nosub" : "", r, r ? 0 : re.re_nsub,
		       ok ? "ok" : "BAD");
		bad += !ok;
		if (!r)
			regfree(&re);
	}

	/* REG_NOSUB: 0 or REG_NOMATCH, pmatch left as it was. */
	static const struct {
		const char *pat, *subj;
		int want;
	} ns[] = { { "a(b)c", "xabc", 0 }, { "a(b)c", "xac", REG_NOMATCH }, { "^$", "", 0 }, { "x*", "", 0 } };
	for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
		regex_t re;
		regmatch_t m[3];
		for (int i = 0; i < 3; i++)
			m[i].rm_so = m[i].rm_eo = -7;
		int r = regcomp(&re, ns[k].pat, REG_EXTENDED | REG_NOSUB);
		int e = r ? -1 : regexec(&re, ns[k].subj, 3, m, 0);
		int untouched = 1;
		for (int i = 0; i < 3; i++)
			untouched &= m[i].rm_so == -7 && m[i].rm_eo == -7;
		int ok = !r && e == ns[k].want && untouched;
		printf("nosub /%s/ \"%s\": %d %d pmatch %s %s\n", ns[k].pat, ns[k].subj, r, e, untouched ? "untouched" : "written",
		       ok ? "ok" : "BAD");
		bad += !ok;
		if (!r)
			regfree(&re);
	}

	/* nmatch 0 writes nothing; slots past re_nsub get -1; nmatch 1 only the whole match. */
	regex_t re;
	regmatch_t m[6];
	for (int i = 0; i < 6; i++)
		m[i].rm_so = m[i].rm_eo = -7;
	int r = regcomp(&re, "(b)c", REG_EXTENDED);
	int e0 = regexec(&re, "abc", 0, m, 0);
	int zero = m[0].rm_so == -7;
	int e1 = regexec(&re, "abc", 1, m, 0);
	int one = m[0].rm_so == 1 && m[0].rm_eo == 3 && m[1].rm_so == -7;
	int e5 = regexec(&re, "abc", 5, m, 0);
	int five = m[1].rm_so == 1 && m[1].rm_eo == 2 && m[2].rm_so == -1 && m[2].rm_eo == -1 && m[4].rm_so == -1 && m[5].rm_so == -7;
	int ok = !r && !e0 && !e1 && !e5 && zero && one && five;
	printf("nmatch 0/1/5: %d %d %d %d: %s %s %s %s\n", r, e0, e1, e5, zero ? "ok" : "BAD", one ? "ok" : "BAD", five ? "ok" : "BAD",
	       ok ? "ok" : "BAD");
	bad += !ok;
	regfree(&re);
}

/* A bad pattern for each error code musl gives. */
static void errors(void)
{
	static const struct {
		int cflags;
		const char *pat;
		int want;
		const char *name;
	} cases[] = {
		{ E, "[[.ab.]]", REG_ECOLLATE, "REG_ECOLLATE" },
		{ E, "[[:foo:]]", REG_ECTYPE, "REG_ECTYPE" },
		{ B, "[[:alpha:", REG_ECTYPE, "REG_ECTYPE" },
		{ E, "a\\", REG_EESCAPE, "REG_EESCAPE" },
		{ B, "a\\", REG_EESCAPE, "REG_EESCAPE" },
		{ B, "\\(a\\)\\2", REG_ESUBREG, "REG_ESUBREG" },
		{ B, "\\1", REG_ESUBREG, "REG_ESUBREG" },
		{ E, "[a", REG_EBRACK, "REG_EBRACK" },
		{ B, "[]", REG_EBRACK, "REG_EBRACK" },
		{ E, "[^]", REG_EBRACK, "REG_EBRACK" },
		{ E, "(a", REG_EPAREN, "REG_EPAREN" },
		{ E, "((a)", REG_EPAREN, "REG_EPAREN" },
		{ B, "\\(a", REG_EPAREN, "REG_EPAREN" },
		{ B, "a\\)", REG_EPAREN, "REG_EPAREN" },
		{ B, "\\x{41", REG_EBRACE, "REG_EBRACE" },
		{ E, "a{2,1}", REG_BADBR, "REG_BADBR" },
		{ E, "a{256}", REG_BADBR, "REG_BADBR" },
		{ E, "a{1", REG_BADBR, "REG_BADBR" },
		{ E, "a{x}", REG_BADBR, "REG_BADBR" },
		{ B, "a\\{1,0\\}", REG_BADBR, "REG_BADBR" },
		{ B, "a\\{1", REG_BADBR, "REG_BADBR" },
		{ E, "[z-a]", REG_ERANGE, "REG_ERANGE" },
		{ B, "[b-a]", REG_ERANGE, "REG_ERANGE" },
		{ E, "*a", REG_BADRPT, "REG_BADRPT" },
		{ E, "a|*b", REG_BADRPT, "REG_BADRPT" },
		{ E, "+", REG_BADRPT, "REG_BADRPT" },
		{ E, "{1}", REG_BADRPT, "REG_BADRPT" },
		{ B, "\\{1\\}", REG_BADRPT, "REG_BADRPT" },
		/* and patterns that are not errors */
		{ E, "a{255}", 0, "0" },
		{ E, "[a-a]", 0, "0" },
		{ B, "\\(a\\)\\1", 0, "0" },
		{ E, "a)", 0, "0" },
		{ B, "a**", 0, "0" },
		{ E, "[[:alpha:]-]", 0, "0" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		regex_t re;
		int r = regcomp(&re, cases[k].pat, cases[k].cflags);
		int ok = r == cases[k].want;
		printf("error %s /", cases[k].cflags & E ? "ere" : "bre");
		show(cases[k].pat);
		printf("/: %d (%s) %s\n", r, cases[k].name, ok ? "ok" : "BAD");
		bad += !ok;
		if (!r)
			regfree(&re);
	}
}

/* regerror: each code's message, the size it needs, and what fits in small buffers. */
static void messages(void)
{
	static const int codes[] = { 0, REG_NOMATCH, REG_BADPAT, REG_ECOLLATE, REG_ECTYPE, REG_EESCAPE, REG_ESUBREG, REG_EBRACK,
				     REG_EPAREN, REG_EBRACE, REG_BADBR, REG_ERANGE, REG_ESPACE, REG_BADRPT, 14, 99, -1 };
	for (size_t k = 0; k < sizeof codes / sizeof *codes; k++) {
		char full[128];
		size_t need = regerror(codes[k], NULL, full, sizeof full);
		int ok = need == strlen(full) + 1 && need > 1;
		printf("regerror %d: \"%s\" size %zu", codes[k], full, need);
		static const size_t sizes[] = { 0, 1, 5 };
		for (int j = 0; j < 3; j++) {
			char buf[8];
			memset(buf, '#', sizeof buf);
			size_t n = regerror(codes[k], NULL, buf, sizes[j]);
			ok &= n == need;
			if (sizes[j] == 0) {
				ok &= buf[0] == '#';
				printf(" [0]untouched=%s", buf[0] == '#' ? "yes" : "no");
			} else {
				size_t kept = sizes[j] - 1;
				ok &= !memcmp(buf, full, kept) && buf[kept] == 0 && buf[kept + 1] == '#';
				printf(" [%zu]\"%s\"", sizes[j], buf);
			}
		}
		/* Messages are the same for every regex_t, and for a compiled one too. */
		regex_t re;
		regcomp(&re, "a", 0);
		char again[128];
		ok &= regerror(codes[k], &re, again, sizeof again) == need && !strcmp(again, full);
		regfree(&re);
		printf(" %s\n", ok ? "ok" : "BAD");
		bad += !ok;
	}
	/* The message of the code regcomp returned. */
	regex_t re;
	char buf[128];
	int r = regcomp(&re, "a\\{1", 0);
	regerror(r, &re, buf, sizeof buf);
	printf("regerror of regcomp(\"a\\{1\"): %d \"%s\"\n", r, buf);
}

static const struct mcase utf8[] = {
	{ E, ".", "\xc3\xa9", 0, "(0,2)" },
	{ E, "a.b", "a\xc3\xa9" "b", 0, "(0,4)" },
	{ E, "a..b", "a\xc3\xa9" "b", 0, "-" },
	{ E, "^.$", "\xe2\x82\xac", 0, "(0,3)" },
	{ E, "^.$", "\xf0\x9f\x98\x80", 0, "(0,4)" },
	{ E, "x(.)(.)", "x\xc3\xa9\xe2\x82\xac", 0, "(0,6)(1,3)(3,6)" },
	{ E, "[\xc3\xa0-\xc3\xaf]", "x\xc3\xa9", 0, "(1,3)" },
	{ E, "[\xc3\xa0-\xc3\xaf]", "\xc3\xb0", 0, "-" },
	{ E, "[^a]", "\xc3\xa9", 0, "(0,2)" },
	{ E, "[^\xc3\xa9]+", "\xc3\xa9\xc3\xa8\xe2\x82\xac\xc3\xa9", 0, "(2,7)" },
	{ E, "[\xc3\xa9\xe2\x82\xac]+", "a\xe2\x82\xac\xc3\xa9", 0, "(1,6)" },
	{ E, "\xc3\xa9+", "x\xc3\xa9\xc3\xa9", 0, "(1,5)" },
	{ E, "\xc3\xa9{2}", "\xc3\xa9\xc3\xa9\xc3\xa9", 0, "(0,4)" },
	{ E, "[[:alpha:]]+", "1\xc3\xa9\xce\xa9" "2", 0, "(1,5)" },
	{ E, "[[:upper:]]", "\xc3\xa9\xc3\x89", 0, "(2,4)" },
	{ E, "[[:lower:]]", "\xc3\x89\xc3\xa9", 0, "(2,4)" },
	{ E | I, "\xc3\xa9", "\xc3\x89", 0, "(0,2)" },
	{ E | I, "\xc3\x89", "\xc3\xa9", 0, "(0,2)" },
	{ E | I, "\xce\xa9+", "\xcf\x89\xce\xa9", 0, "(0,4)" },
	{ E | I, "[\xc3\xa0-\xc3\xaf]", "\xc3\x89", 0, "(0,2)" },
	{ E | I, "[\xc3\x80-\xc3\x8f]", "\xc3\xa9", 0, "(0,2)" },
	{ E, "\xc3\xa9", "\xc3\x89", 0, "-" },
	{ E | N, "[^a]", "\n\xc3\xa9", 0, "(1,3)" },
};

/* In the C locale every byte is one character, the high ones too. */
static const struct mcase cloc[] = {
	{ E, ".", "\xc3\xa9", 0, "(0,1)" },
	{ E, "^.$", "\xc3\xa9", 0, "-" },
	{ E, "^..$", "\xc3\xa9", 0, "(0,2)" },
	{ E, "\xe9", "a\xe9", 0, "(1,2)" },
	{ E, "[\xe9]", "a\xe9", 0, "(1,2)" },
	{ E, "[^a]", "\xff", 0, "(0,1)" },
	{ E, "\xff+", "\xff\xff", 0, "(0,2)" },
	{ E, "[\xc3\xa9]+", "x\xa9\xc3", 0, "(1,3)" },
};

int main(void)
{
	int n = 0;
	for (size_t k = 0; k < sizeof basic / sizeof *basic; k++, n++)
		run_match(&basic[k]);
	classes();
	nsub();
	errors();
	messages();
	printf("C locale:\n");
	for (size_t k = 0; k < sizeof cloc / sizeof *cloc; k++, n++)
		run_match(&cloc[k]);
	if (!setlocale(LC_ALL, "C.UTF-8")) {
		printf("no C.UTF-8\n");
		return 1;
	}
	printf("C.UTF-8:\n");
	for (size_t k = 0; k < sizeof utf8 / sizeof *utf8; k++, n++)
		run_match(&utf8[k]);
	/* A pattern that is no UTF-8 is refused; the first error of each kind. */
	regex_t re;
	int r = regcomp(&re, "a\xff", REG_EXTENDED);
	printf("utf8 regcomp \"a\\xff\": %d %s\n", r, r == REG_BADPAT ? "ok" : "BAD");
	bad += r != REG_BADPAT;
	if (!r)
		regfree(&re);
	printf("match cases %d, bad %d\n", n, bad);
	return bad != 0;
}
