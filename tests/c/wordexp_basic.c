/* wordexp against musl: field splitting, quotes, variables, ~, arithmetic, command
 * substitution, pathname expansion (in a scratch directory), WRDE_DOOFFS, WRDE_APPEND,
 * WRDE_REUSE, and the errors. WRDE_NOCMD must refuse `$(touch FILE)` in every form, and
 * the file must not then exist.
 *
 * Left out, where limpet deliberately differs from musl (components/pattern/README.md):
 * WRDE_BADCHAR without WRDE_NOCMD (musl runs `b` for `a;b`), `${VAR}` under WRDE_NOCMD
 * (musl: WRDE_BADCHAR), WRDE_UNDEF (musl ignores it), the positional parameters (musl's
 * words see its own), a final backslash under WRDE_SHOWERR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wordexp.h>

static int failures;
static char scratch[64], victim[96];

static const char *code(int r)
{
	switch (r) {
	case 0: return "0";
	case WRDE_NOSPACE: return "NOSPACE";
	case WRDE_BADCHAR: return "BADCHAR";
	case WRDE_BADVAL: return "BADVAL";
	case WRDE_CMDSUB: return "CMDSUB";
	case WRDE_SYNTAX: return "SYNTAX";
	default: return "?";
	}
}

static void show(const char *s)
{
	putchar('<');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c > 0x7e)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('>');
}

static void print_words(const wordexp_t *we, int flags)
{
	size_t offs = (flags & WRDE_DOOFFS) ? we->we_offs : 0;
	for (size_t i = 0; i < offs; i++)
		if (we->we_wordv[i]) {
			printf("  slot %zu not null\n", i);
			failures++;
		}
	if (we->we_wordv[offs + we->we_wordc]) {
		printf("  no null after the words\n");
		failures++;
	}
	printf(" ");
	for (size_t i = 0; i < we->we_wordc; i++) {
		putchar(' ');
		show(we->we_wordv[offs + i]);
	}
	putchar('\n');
}

/* One call with a fresh wordexp_t (we_offs 2 for WRDE_DOOFFS). */
static void t(const char *words, int flags)
{
	wordexp_t we;
	memset(&we, 0, sizeof we);
	we.we_offs = 2;
	int r = wordexp(words, &we, flags);
	printf("wordexp(");
	show(words);
	printf(", %#x) = %s", flags, code(r));
	if (r == 0) {
		printf(", %zu words\n", we.we_wordc);
		print_words(&we, flags);
		wordfree(&we);
		if (we.we_wordv) {
			printf("  wordfree left we_wordv set\n");
			failures++;
		}
	} else {
		putchar('\n');
	}
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* `$(touch victim)` and its kin under WRDE_NOCMD: refused, and nothing ran. */
static void nocmd(const char *fmt)
{
	char words[256];
	snprintf(words, sizeof words, fmt, victim);
	wordexp_t we;
	memset(&we, 0, sizeof we);
	int r = wordexp(words, &we, WRDE_NOCMD);
	/* The path holds the pid: print the form, not the words. */
	printf("NOCMD ");
	show(fmt);
	printf(" = %s, %s\n", code(r), exists(victim) ? "RAN" : "nothing ran");
	if (exists(victim)) {
		failures++;
		unlink(victim);
	}
	if (r == 0)
		wordfree(&we);
}

static void basics(void)
{
	printf("-- fields and quotes\n");
	t("a b  c", 0);
	t("  lead and trail  ", 0);
	t("'a b' \"c d\" e\\ f", 0);
	t("a  'b' \"\"", 0);
	t("''", 0);
	t("", 0);
	t("   ", 0);
	t("a#b #c", 0);
	t("\"a\\\"b\" 'it'\\''s'", 0);
	t("tab\there", 0);
	printf("-- variables\n");
	setenv("V", "x  y", 1);
	setenv("E", "", 1);
	unsetenv("U");
	t("$V", 0);
	t("\"$V\"", 0);
	t("pre${V}post", 0);
	t("\"${V}\"", WRDE_NOCMD);
	t("$E", 0);
	t("\"$E\"", 0);
	t("$U", 0);
	t("\"${U:-de fault}\"", WRDE_NOCMD);
	t("${#V}", 0);
	t("$((6*7)) x$((1+1))y", WRDE_NOCMD);
	t("$(( (1+2)*3 ))", WRDE_NOCMD);
	printf("-- tilde\n");
	t("~", 0);
	t("~root/x", 0);
	t("'~'", 0);
	t("a~", 0);
	printf("-- command substitution\n");
	t("$(echo hi there)", 0);
	t("\"$(echo hi there)\"", 0);
	t("`echo back quoted`", 0);
	t("'$(echo hi)'", WRDE_NOCMD);
	t("\"\\$(echo hi)\"", WRDE_NOCMD);
	printf("-- pathname expansion\n");
	t("*.txt", 0);
	t("[ab].txt c?txt", 0);
	t("'*.txt'", 0);
	t("none*", 0);
}

static void errors(void)
{
	printf("-- errors\n");
	t("'unterminated", 0);
	t("\"unterminated", WRDE_NOCMD);
	t("a\\", 0);
	t("a\\", WRDE_NOCMD);
	t("a;b", WRDE_NOCMD);
	t("a|b", WRDE_NOCMD);
	t("a&", WRDE_NOCMD);
	t("a>b", WRDE_NOCMD);
	t("(a)", WRDE_NOCMD);
	t("{a}", WRDE_NOCMD);
	t("a\nb", WRDE_NOCMD);
	t("\\$(x)", WRDE_NOCMD);
	t("${U?unset}", 0);
	t("$((1/0))", 0);
	t("$(echo hi)", WRDE_NOCMD);
	t("`echo hi`", WRDE_NOCMD);
	printf("-- WRDE_NOCMD runs nothing\n");
	nocmd("$(touch %s)");
	nocmd("`touch %s`");
	nocmd("\"$(touch %s)\"");
	nocmd("\"`touch %s`\"");
	nocmd("x$(touch %s)y");
	nocmd("\"${U:-$(touch %s)}\"");
	nocmd("\"${U:-'$(touch %s)'}\"");
	nocmd("$(( $(touch %s) ))");
	nocmd("a; touch %s");
	nocmd("a && touch %s");
	nocmd("a\ntouch %s");
	/* Without the flag, the substitution runs. */
	char words[256];
	snprintf(words, sizeof words, "$(touch %s)", victim);
	wordexp_t we;
	memset(&we, 0, sizeof we);
	int r = wordexp(words, &we, 0);
	printf("without NOCMD = %s, %zu words, %s\n", code(r), we.we_wordc, exists(victim) ? "ran" : "DID NOT RUN");
	if (r == 0)
		wordfree(&we);
	unlink(victim);
}

static void flags(void)
{
	printf("-- offsets, append, reuse\n");
	t("a b", WRDE_DOOFFS);
	wordexp_t we;
	memset(&we, 0, sizeof we);
	we.we_offs = 3;
	int r1 = wordexp("a b", &we, WRDE_DOOFFS);
	int r2 = wordexp("c", &we, WRDE_DOOFFS | WRDE_APPEND);
	int r3 = wordexp("'", &we, WRDE_DOOFFS | WRDE_APPEND);
	int r4 = wordexp("\"d e\" f", &we, WRDE_DOOFFS | WRDE_APPEND);
	printf("append %s %s %s %s, %zu words\n", code(r1), code(r2), code(r3), code(r4), we.we_wordc);
	print_words(&we, WRDE_DOOFFS);
	int r5 = wordexp("g h", &we, WRDE_DOOFFS | WRDE_REUSE);
	printf("reuse %s, %zu words\n", code(r5), we.we_wordc);
	print_words(&we, WRDE_DOOFFS);
	wordfree(&we);
	memset(&we, 0, sizeof we);
	r1 = wordexp("one", &we, 0);
	r2 = wordexp("two three", &we, WRDE_APPEND);
	r3 = wordexp("four", &we, WRDE_REUSE);
	printf("plain %s %s %s, %zu words\n", code(r1), code(r2), code(r3), we.we_wordc);
	print_words(&we, 0);
	wordfree(&we);
	wordfree(&we);
}

int main(void)
{
	snprintf(scratch, sizeof scratch, "/tmp/wordexp_basic.%d", (int)getpid());
	snprintf(victim, sizeof victim, "%s/victim", scratch);
	if (mkdir(scratch, 0755) || chdir(scratch)) {
		printf("cannot make a scratch directory\n");
		return 1;
	}
	const char *files[] = { "a.txt", "b.txt", "c.txt" };
	for (int i = 0; i < 3; i++)
		fclose(fopen(files[i], "w"));
	basics();
	errors();
	flags();
	for (int i = 0; i < 3; i++)
		unlink(files[i]);
	chdir("/");
	rmdir(scratch);
	printf("%d failures\n", failures);
	return failures != 0;
}
