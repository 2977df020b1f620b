/* wcsftime: every conversion with the E and O modifiers, the -, _ and 0 flags and widths,
 * over fixed and random times, random formats mixing wide text and conversions, the
 * results that do not fit (0 returned), unknown conversions, and %Z with a zone name that
 * is not ASCII in the C and UTF-8 locales. Two cases where musl 1.2.3's wcsftime parts
 * from its own strftime (and POSIX, which makes them equivalent) are left out; limpet's
 * behaves as strftime in both: the + flag with a width (musl's wcsftime adds the sign only
 * past year 9999; time_wcsftime_plus checks limpet's), and %F with a width when the date
 * comes out with a sign or zeros before a non-digit (year 0, negative fields), where musl's
 * wcsftime strips every leading sign and zero, so the random formats give %F no width. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "random.h"

extern char **environ;

static const char *convs = "aAbBcCdDeFgGhHIjmMnprRsStTuUVwWxXyYzZ%";

/* Prints a wide result as UTF-8-ish hex-escaped text, so any wide character shows. */
static void show(const wchar_t *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (w[i] >= 0x20 && w[i] < 0x7f) putchar((int)w[i]);
		else printf("\\x{%x}", (unsigned)w[i]);
	}
}

static void one(const wchar_t *fmt, size_t cap, const struct tm *tm)
{
	wchar_t buf[400];
	size_t n = wcsftime(buf, cap, fmt, tm);
	printf(" [%zu|", n);
	if (n) show(buf, n);
	printf("]");
}

int main(void)
{
	static char *env[] = { "TZ=UTC0", 0 };
	environ = env;
	tzset();

	static const long long times[] = {
		0, 1700000000, 951782400, -1, 1230768000, 1262217600, 1104537600,
		-62135596800LL, 253402300800LL, -2208988800LL, 1483228799, -100000000000LL,
		400000000000LL,
	};
	static const char *pre[] = { "", "E", "O", "-", "_", "0", "+", "10", "_5", "-3", "05", "1",
	                             " 6", "-_8", "+E", "0O", "012" };
	for (unsigned i = 0; i < sizeof times / sizeof *times; i++) {
		time_t t = times[i];
		struct tm tm;
		gmtime_r(&t, &tm);
		printf("== %lld\n", (long long)t);
		for (const char *c = convs; *c; c++) {
			printf("%c:", *c);
			for (unsigned p = 0; p < sizeof pre / sizeof *pre; p++) {
				wchar_t fmt[16];
				swprintf(fmt, 16, L"%%%s%c", pre[p], *c);
				one(fmt, 400, &tm);
			}
			printf("\n");
		}
	}

	/* Random formats: wide text, conversions with flags and widths, random fields. */
	static const wchar_t text[] = { L'a', L' ', L'-', 0xe9, 0x65e5, 0x1f600, L'%', 0xd7ff, 0x10fffd };
	for (int i = 0; i < 3000; i++) {
		struct tm tm;
		random_tm(&tm);
		wchar_t fmt[64];
		int n = 0;
		for (int c = 0; c < 4; c++) {
			unsigned r = rnd();
			if (r % 3 == 0) fmt[n++] = text[r / 3 % 9];
			fmt[n++] = L'%';
			char conv = convs[rnd() % 38];
			if (r / 32 % 4 == 0) fmt[n++] = L"-_0"[r / 128 % 3];
			if (r / 512 % 3 == 0 && conv != 'F') n += swprintf(fmt + n, 8, L"%u", r / 2048 % 13);
			if (r / 32768 % 8 == 0) fmt[n++] = L"EO"[r / 262144 % 2];
			fmt[n++] = (wchar_t)conv;
		}
		fmt[n] = 0;
		show(fmt, (size_t)n);
		printf(" =>");
		one(fmt, 400, &tm);
		one(fmt, rnd() % 40, &tm);
		printf("\n");
	}

	/* Sizes around the fit: the null character must fit too. */
	time_t t = 1700000000;
	struct tm tm;
	gmtime_r(&t, &tm);
	for (size_t cap = 0; cap < 28; cap++) {
		wchar_t buf[32];
		wmemset(buf, L'#', 32);
		size_t n = wcsftime(buf, cap, L"%c\x65e5", &tm);
		printf("cap %zu: %zu", cap, n);
		if (cap) {
			printf(" ");
			show(buf, wcslen(buf) < cap ? wcslen(buf) : cap);
		}
		printf(" next=%s\n", buf[cap] == L'#' ? "untouched" : "written");
	}

	/* Unknown conversions, a wide character after %, and the end of the format after %. */
	static const wchar_t *bad[] = { L"a%kb", L"%\x159", L"%\x65e5", L"ab%", L"%5", L"%E", L"x%-" };
	for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
		wchar_t buf[16];
		wmemset(buf, L'#', 16);
		size_t n = wcsftime(buf, 16, bad[i], &tm);
		printf("bad %u: %zu ", i, n);
		show(buf, wcslen(buf) < 16 ? wcslen(buf) : 16);
		printf("\n");
	}

	/* A zone name with non-ASCII bytes: the C locale maps bytes, UTF-8 decodes or fails. */
	static char *envz[] = { "TZ=<\xc3\xa9t\xc3\xa9>-2", 0 };
	environ = envz;
	tzset();
	localtime_r(&t, &tm);
	for (int pass = 0; pass < 2; pass++) {
		printf("%s:", pass ? "C.UTF-8" : "C");
		one(L"%Z|%H", 400, &tm);
		printf("\n");
		setlocale(LC_CTYPE, "C.UTF-8");
	}
	static char *envbad[] = { "TZ=<\xff\xfe>-2", 0 };
	environ = envbad;
	tzset();
	localtime_r(&t, &tm);
	printf("invalid in UTF-8:");
	one(L"%H|%Z|%M", 400, &tm);
	printf("\n");
	return 0;
}
