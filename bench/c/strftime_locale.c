/* strftime in a compiled locale: "%A %B|%x|%c" in de_DE.UTF-8 (weekday and month names, the
 * locale's date and date-and-time formats). The harness compiles de_DE into
 * target/bench/locale: limpet's with limpet-localedef into locale/limpet, glibc's with its
 * localedef into locale/glibc; the set-up points LIMPET_LOCPATH and LOCPATH there (the
 * runs' directory is target/bench). musl has no compiled locales: its setlocale accepts
 * the name and keeps the C locale's names and formats, which is what it runs. */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench.h"

/* Tuesday 14 November 2023, 22:13:20; no time zone (tm_isdst -1: %Z is empty everywhere). */
static struct tm tm = { .tm_sec = 20, .tm_min = 13, .tm_hour = 22, .tm_mday = 14, .tm_mon = 10,
                        .tm_year = 123, .tm_wday = 2, .tm_yday = 317, .tm_isdst = -1 };
static char out[128];
static const char format[] = "%A %B|%x|%c";

static void bench_setup(const char *arg)
{
	(void)arg;
	setenv("LIMPET_LOCPATH", "locale/limpet", 1);
	setenv("LOCPATH", "locale/glibc", 1);
	if (!setlocale(LC_ALL, "de_DE.UTF-8"))
		bench_fail("setlocale de_DE.UTF-8 failed");
	/* German where the locale is installed (limpet, glibc), the C locale's on musl. */
	const char *want = strcmp(nl_langinfo(DAY_1), "Sonntag") == 0
		? "Dienstag November|14.11.2023|Di 14 Nov 2023 22:13:20 "
		: "Tuesday November|11/14/23|Tue Nov 14 22:13:20 2023";
	if (strcmp(nl_langinfo(DAY_1), "Sonntag") != 0 && strcmp(nl_langinfo(DAY_1), "Sunday") != 0)
		bench_fail("nl_langinfo(DAY_1) is neither German nor the C locale's");
	size_t n = strftime(out, sizeof out, format, &tm);
	if (n != strlen(want) || strcmp(out, want))
		bench_fail("strftime gave a wrong result");
}

static void bench_op(long i)
{
	(void)i;
	char *p = out;
	BENCH_HIDE(p);
	BENCH_KEEP(strftime(p, sizeof out, format, &tm));
}
