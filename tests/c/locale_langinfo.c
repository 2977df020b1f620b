/* nl_langinfo and nl_langinfo_l over every item number of every category (0..0x40 and the
 * _NL_LOCALE_NAME index), in the C locale, after setlocale to a UTF-8 and to a mixed locale,
 * and through newlocale objects; localeconv's every field in each. Only non-empty strings are
 * printed, with their item. */
#define _GNU_SOURCE
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>

static void items(const char *what, locale_t loc) {
	printf("== %s\n", what);
	for (int cat = 0; cat < 8; cat++) {
		for (int idx = 0; idx <= 0x40; idx++) {
			nl_item it = (cat << 16) | idx;
			const char *s = loc ? nl_langinfo_l(it, loc) : nl_langinfo(it);
			if (*s) printf("%#x [%s]\n", it, s);
		}
		if (cat < LC_ALL) {
			nl_item it = _NL_LOCALE_NAME(cat);
			printf("name %d [%s]\n", cat, loc ? nl_langinfo_l(it, loc) : nl_langinfo(it));
		}
	}
	printf("CODESET %s RADIXCHAR %s THOUSEP [%s] YESEXPR %s CRNCYSTR [%s]\n", nl_langinfo(CODESET),
	       nl_langinfo(RADIXCHAR), nl_langinfo(THOUSEP), nl_langinfo(YESEXPR), nl_langinfo(CRNCYSTR));
}

static void conv(void) {
	struct lconv *l = localeconv();
	printf("lconv [%s][%s][%s][%s][%s][%s][%s][%s][%s][%s]", l->decimal_point, l->thousands_sep, l->grouping,
	       l->int_curr_symbol, l->currency_symbol, l->mon_decimal_point, l->mon_thousands_sep, l->mon_grouping,
	       l->positive_sign, l->negative_sign);
	const char *c = &l->int_frac_digits;
	for (int i = 0; i < 14; i++) printf(" %d", c[i]);
	printf(" same %d\n", localeconv() == l);
}

int main(void) {
	alarm(10);
	items("C", 0);
	conv();
	setlocale(LC_ALL, "en_US.UTF-8");
	items("en_US.UTF-8", 0);
	conv();
	setlocale(LC_ALL, "C.UTF-8;de_DE;C;fr_FR;POSIX;ja_JP");
	items("mixed", 0);
	conv();
	setlocale(LC_ALL, "C");
	locale_t a = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
	items("newlocale C.UTF-8", a);
	locale_t b = newlocale(LC_TIME_MASK | LC_CTYPE_MASK, "xx_YY", 0);
	items("newlocale xx_YY time+ctype", b);
	locale_t c = newlocale(LC_MESSAGES_MASK, "POSIX", b);
	items("messages POSIX over it", c);
	printf("in place %d\n", c == b);
	freelocale(c);
	freelocale(a);
	return 0;
}
