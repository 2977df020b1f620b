/* wcsftime of a date and time in the C locale: %Y-%m-%d %H:%M:%S %a %b %j, with a wide
 * character of text between the fields. */
#include <time.h>
#include <wchar.h>
#include "bench.h"

static struct tm tm = { .tm_sec = 20, .tm_min = 13, .tm_hour = 22, .tm_mday = 14, .tm_mon = 10,
                        .tm_year = 123, .tm_wday = 2, .tm_yday = 317 };
static wchar_t out[64];

static void bench_setup(const char *arg)
{
	(void)arg;
	static const wchar_t want[] = L"2023-11-14 22:13:20 Tue Nov 318\u00b7";
	size_t n = wcsftime(out, 64, L"%Y-%m-%d %H:%M:%S %a %b %j\u00b7", &tm);
	if (n != sizeof want / sizeof *want - 1 || wcscmp(out, want))
		bench_fail("wcsftime gave a wrong result");
}

static void bench_op(long i)
{
	(void)i;
	wchar_t *p = out;
	BENCH_HIDE(p);
	BENCH_KEEP(wcsftime(p, 64, L"%Y-%m-%d %H:%M:%S %a %b %j\u00b7", &tm));
}
