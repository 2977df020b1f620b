/* newlocale, duplocale, freelocale, uselocale: which results are musl's built-in objects
 * (the same pointer each time) and which are allocated, in-place changes of an allocated
 * base, copies of the global locale, the calling thread's locale steering MB_CUR_MAX,
 * nl_langinfo and mbrtowc, and the environment's default locale (read when first needed). */
#define _GNU_SOURCE
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static void show(const char *what, locale_t l) {
	printf("%s:", what);
	for (int c = 0; c < LC_ALL; c++) printf(" %s", nl_langinfo_l(_NL_LOCALE_NAME(c), l));
	printf(" %s\n", nl_langinfo_l(CODESET, l));
}

static void current(const char *what) {
	wchar_t wc = 0;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t r = mbrtowc(&wc, "\xc3\xa9", 2, &st);
	printf("%s: mb %zu %s mbrtowc %zd %#x\n", what, MB_CUR_MAX, nl_langinfo(CODESET), (ssize_t)r, (unsigned)wc);
}

int main(void) {
	alarm(10);
	locale_t c1 = newlocale(LC_ALL_MASK, "C", 0);
	locale_t c2 = newlocale(LC_ALL_MASK, "POSIX", 0);
	locale_t u1 = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
	locale_t u2 = newlocale(LC_CTYPE_MASK, "C.UTF-8", c1);
	locale_t u3 = newlocale(0, "anything", 0);
	locale_t u4 = newlocale(0x400, "C", 0);
	locale_t c3 = newlocale(LC_CTYPE_MASK, "C", 0);
	locale_t c4 = newlocale(LC_CTYPE_MASK, "POSIX", u1);
	printf("C same %d %d %d, C.UTF-8 same %d %d %d, differ %d\n", c1 == c2, c1 == c3, c1 == c4, u1 == u2,
	       u1 == u3, u1 == u4, c1 != u1);
	show("c1", c1);
	show("u1", u1);
	freelocale(c1);
	freelocale(u1);
	printf("after free same %d\n", newlocale(LC_ALL_MASK, "C", 0) == c2);

	locale_t a = newlocale(LC_ALL_MASK, "en_US.UTF-8", 0);
	locale_t a2 = newlocale(LC_ALL_MASK, "en_US.UTF-8", 0);
	printf("allocated differ %d builtin %d\n", a != a2, a == u1 || a == c1);
	show("a", a);
	locale_t b = newlocale(LC_NUMERIC_MASK | LC_CTYPE_MASK, "C", a);
	printf("in place %d\n", b == a);
	show("b", b);
	locale_t b2 = newlocale(LC_ALL_MASK, "C", b);
	printf("in place to C %d\n", b2 == b);
	show("b2", b2);
	locale_t d = duplocale(b2);
	printf("dup differs %d\n", d != b2);
	show("dup", d);
	freelocale(d);
	freelocale(b2);
	freelocale(a2);
	locale_t m = newlocale(LC_TIME_MASK, "tt", c2);
	show("time over C", m);
	locale_t m2 = newlocale(LC_CTYPE_MASK, "C.UTF-8", m);
	printf("m2 in place %d\n", m2 == m);
	show("m2", m2);
	freelocale(m2);

	setlocale(LC_ALL, "C.UTF-8");
	setlocale(LC_TIME, "de_DE");
	locale_t g = duplocale(LC_GLOBAL_LOCALE);
	setlocale(LC_ALL, "C");
	show("dup of global", g);
	show("global now", duplocale(LC_GLOBAL_LOCALE));

	current("start");
	printf("uselocale(0) global %d\n", uselocale(0) == LC_GLOBAL_LOCALE);
	printf("use u1 old global %d\n", uselocale(u1) == LC_GLOBAL_LOCALE);
	current("u1");
	printf("use g old u1 %d\n", uselocale(g) == u1);
	current("g");
	printf("query %d\n", uselocale(0) == g);
	setlocale(LC_CTYPE, "C");
	current("g after setlocale");
	printf("back to global old g %d\n", uselocale(LC_GLOBAL_LOCALE) == g);
	current("global");
	setlocale(LC_ALL, "sv_SE.UTF-8");
	current("global sv");
	uselocale(c2);
	current("c2 over sv");
	printf("setlocale query %s\n", setlocale(LC_ALL, NULL));
	uselocale(LC_GLOBAL_LOCALE);
	freelocale(g);

	/* The default locale comes from the environment of the moment it is first needed. */
	setenv("LANG", "pt_BR", 1);
	locale_t e1 = newlocale(0, "x", 0);
	locale_t e2 = newlocale(LC_TIME_MASK, "pt_BR", 0);
	locale_t e3 = newlocale(LC_CTYPE_MASK, "pt_BR", newlocale(LC_ALL_MASK, "C", 0));
	locale_t e4 = newlocale(LC_CTYPE_MASK, "pt_BR", newlocale(LC_ALL_MASK, "C", 0));
	printf("default same %d ctype-only same %d\n", e1 == e2, e3 == e4);
	show("e1", e1);
	show("e3", e3);
	setenv("LANG", "it_IT", 1);
	locale_t e5 = newlocale(0, "x", 0);
	show("e5", e5);
	printf("default stays %d\n", e5 != e1);
	freelocale(e5);
	return 0;
}
