/* Formatting in named locales: after setlocale(LC_ALL, NAME) for de_DE.UTF-8, fr_FR.UTF-8,
 * ja_JP.UTF-8 and ru_RU.UTF-8 (compiled by limpet-localedef; the harness points
 * LIMPET_LOCPATH at them), strftime's names and formats, printf's radix character and the
 * ' flag's grouping, strtod's radix, sscanf's float fields and strfmon's monetary layout;
 * then the _l forms with newlocale'd objects, uselocale, and one category alone
 * (LC_NUMERIC without LC_TIME). musl has no such locales (it prints the C locale's results
 * everywhere), so locale_fmt.expected holds glibc's output for this program in its own
 * compilation of the same Debian sources: locale_fmt.gen.sh regenerates it.
 * Left out where POSIX and glibc part ways (components/stdio/src/money.rs,
 * components/stdio/src/locale_tests.rs): field widths of grouped numbers with a multibyte
 * separator (fr_FR's and ru_RU's U+202F: glibc counts characters, POSIX bytes), the ' flag
 * with a precision on integers, strfmon's ( with a left precision on positive amounts, -0
 * in strfmon, and strftime's E and O modifiers (glibc's eras and alternative digits;
 * limpet ignores them as musl does). */
#define _GNU_SOURCE
#include <langinfo.h>
#include <locale.h>
#include <monetary.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

static const char *names[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "ru_RU.UTF-8"};

static const char *time_formats[] = {
	"%a %A %b %B %h", "%c", "%x", "%X", "%p", "%r", "%D %F %T %R", "%e|%d|%j|%U|%W|%V|%G", "%A, %d. %B %Y",
};

/* The broken-down UTC time of *t, named "UTC" (glibc's gmtime names it "GMT", musl's "UTC";
 * their localtime under TZ=UTC0 agree). */
static void utc(const time_t *t, struct tm *tm)
{
	setenv("TZ", "UTC0", 1);
	tzset();
	localtime_r(t, tm);
}

static void times(void)
{
	static const time_t when[] = {0, 951782400, 1700000000, 1718900000, 4102444799};
	for (size_t i = 0; i < sizeof when / sizeof *when; i++) {
		struct tm tm;
		utc(&when[i], &tm);
		for (size_t f = 0; f < sizeof time_formats / sizeof *time_formats; f++) {
			char buf[200];
			size_t n = strftime(buf, sizeof buf, time_formats[f], &tm);
			printf("  strftime %-22s %zu [%s]\n", time_formats[f], n, buf);
		}
		/* Every hour for %p and %r (AM and PM strings). */
		for (int h = 0; h < 24; h += 5) {
			char buf[100];
			tm.tm_hour = h;
			strftime(buf, sizeof buf, "%I %p|%r", &tm);
			printf("  strftime hour %2d [%s]\n", h, buf);
		}
	}
}

/* strptime reads the names and formats strftime wrote (de_DE, fr_FR and ru_RU have no AM
 * and PM strings, so their %r cannot be read back, in glibc either). */
static void parse_back(void)
{
	static const char *formats[] = {"%A %d %B %Y", "%a %b %d %H:%M:%S %Y", "%x %X", "%x %r"};
	time_t t = 1718900000;
	struct tm tm;
	utc(&t, &tm);
	for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
		char buf[200];
		strftime(buf, sizeof buf, formats[f], &tm);
		struct tm back = {0};
		char *end = strptime(buf, formats[f], &back);
		if (!end)
			printf("  strptime %-22s [%s] failed\n", formats[f], buf);
		else
			/* No tm_wday: glibc derives it from the date, musl and limpet set only
			 * what the format names. */
			printf("  strptime %-22s [%s] %d-%02d-%02d %02d:%02d:%02d rest [%s]\n", formats[f], buf,
			       back.tm_year + 1900, back.tm_mon + 1, back.tm_mday, back.tm_hour, back.tm_min,
			       back.tm_sec, end);
	}
}

static void numbers(int multibyte_sep)
{
	static const double xs[] = {0, 1, -1.5, 1234.5, -1234567.891, 0.000123, 1e15, 123456789012.345};
	for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
		double x = xs[i];
		printf("  printf [%f] [%.2e] [%g] [%a] [%'.3f] [%'g] [%'.0f] [%'#.0f]", x, x, x, x, x, x, x, x);
		if (!multibyte_sep)
			printf(" [%'20.2f] [%'-20.2f] [%'020.2f]", x, x, x);
		printf("\n");
		char buf[100];
		snprintf(buf, sizeof buf, "%.3f", x);
		char *end;
		double back = strtod(buf, &end);
		printf("  strtod %s -> %.3f, %td used\n", buf, back, end - buf);
	}
	static const int ints[] = {0, 7, -999, 1000, 123456789, -2147483647};
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		printf("  printf [%'d] [%'u] [%'i]", ints[i], (unsigned)ints[i], ints[i]);
		if (!multibyte_sep)
			printf(" [%'14d] [%'-14d] [%'014d]", ints[i], ints[i], ints[i]);
		printf("\n");
	}
	/* ecvt and fcvt give digits only, whatever the radix; gcvt is %.*g in the locale's. */
	int decpt, sign;
	char *ed = ecvt(-1234.5678, 6, &decpt, &sign);
	printf("  ecvt [%s] %d %d", ed, decpt, sign);
	char *fd = fcvt(1234.5678, 2, &decpt, &sign);
	printf(" | fcvt [%s] %d %d", fd, decpt, sign);
	char gb[64];
	printf(" | gcvt [%s]\n", gcvt(1234.5678, 6, gb));
	/* Wide output: a radix character or separator past ASCII is one wide character. */
	wchar_t wide[64];
	int wn = swprintf(wide, 64, L"%'.2f|%'d|%.1e", 1234567.5, -1234, 0.25);
	printf("  swprintf %d [%ls]\n", wn, wide);
	/* The C locale's point in a locale with a comma stops the number. */
	static const char *texts[] = {"3.25", "3,25", "-1,5e3x", "0x1,8p1", "1.234,5", "  +.5", ",5"};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		char *end;
		double v = strtod(texts[i], &end);
		float f = strtof(texts[i], 0);
		long double l = strtold(texts[i], 0);
		double s = -1;
		int got = sscanf(texts[i], "%lf", &s);
		printf("  strtod [%s] %g %td | strtof %g | strtold %Lg | sscanf %d %g\n", texts[i], v, end - texts[i], f, l, got, s);
	}
}

static void money(void)
{
	static const char *formats[] = {
		"%n", "%i", "%#5n", "%#5i", "%=0#5n", "%=*#8n", "%^#5n", "%^n", "%!n", "%!i", "%(n", "%(i", "%+n",
		"%12n", "%-12n|", "%12#3n", "%#3.1n", "%.3i", "%.0n", "%20#6.4i",
	};
	static const double xs[] = {1, -1, 1234.5, -1234567.891, 0.005};
	for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
		printf("  strfmon %-8s", formats[f]);
		for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
			char buf[100];
			ssize_t n = strfmon(buf, sizeof buf, formats[f], xs[i]);
			printf(" [%s]", n < 0 ? "error" : buf);
		}
		printf("\n");
	}
}

int main(void)
{
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if (!setlocale(LC_ALL, names[i])) {
			printf("%s: setlocale failed\n", names[i]);
			continue;
		}
		printf("%s\n", names[i]);
		times();
		parse_back();
		numbers(strlen(localeconv()->thousands_sep) > 1);
		money();
	}
	setlocale(LC_ALL, "C");

	/* The _l forms with locale objects, while the global locale stays C. */
	locale_t de = newlocale(LC_ALL_MASK, "de_DE.UTF-8", (locale_t)0);
	locale_t ru = newlocale(LC_ALL_MASK, "ru_RU.UTF-8", (locale_t)0);
	if (!de || !ru) {
		printf("newlocale failed\n");
		return 1;
	}
	struct tm tm;
	time_t t = 1700000000;
	utc(&t, &tm);
	char buf[200];
	strftime_l(buf, sizeof buf, "%A %B %c", &tm, de);
	printf("strftime_l de [%s]\n", buf);
	strftime_l(buf, sizeof buf, "%A %B %c", &tm, ru);
	printf("strftime_l ru [%s]\n", buf);
	strftime(buf, sizeof buf, "%A %B %c", &tm);
	printf("strftime C [%s]\n", buf);
	const char *text = "2,75x";
	char *end;
	double v = strtod_l(text, &end, de);
	printf("strtod_l de %g %td\n", v, end - text);
	printf("strtold_l de %Lg | strtof_l de %g | strtod C %g\n", strtold_l("-0,125", 0, de), strtof_l("8,5", 0, ru), strtod("2,75", 0));
	ssize_t n = strfmon_l(buf, sizeof buf, de, "%n|%i", 1234.5, -2.25);
	printf("strfmon_l de %zd [%s]\n", n, buf);
	n = strfmon(buf, sizeof buf, "%n|%i", 1234.5, -2.25);
	printf("strfmon C %zd [%s]\n", n, buf);

	/* uselocale changes this thread's formatting. */
	locale_t old = uselocale(ru);
	printf("uselocale ru [%'.2f]", 1234567.5);
	strftime(buf, sizeof buf, "%a %b", &tm);
	printf(" [%s]\n", buf);
	uselocale(old);
	printf("back to C [%'.2f]\n", 1234567.5);

	/* One category alone: LC_NUMERIC German, LC_TIME still C. */
	setlocale(LC_NUMERIC, "de_DE.UTF-8");
	strftime(buf, sizeof buf, "%A %B", &tm);
	printf("LC_NUMERIC only [%'.2f] [%s] strtod %g\n", 1234567.5, buf, strtod("1,5", 0));
	freelocale(de);
	freelocale(ru);
	return 0;
}
