/* wcswidth of a 48-character line mixing Latin with accents (some as combining marks), CJK,
 * Hangul, fullwidth forms and emoji; every character's width is the same in Unicode 12 and
 * 18, so musl, glibc and limpet agree on the total. glibc measures widths only in a UTF-8
 * locale (musl and limpet in any), so the row sets C.UTF-8's LC_CTYPE. */
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <wchar.h>
#include "bench.h"

static const wchar_t line[] =
	L"Caf\u00e9 \u65e5\u672c\u8a9e na\u0308ive \U0001F600\U0001F680 "
	L"\ud55c\uad6d\uc5b4 \uff21\uff22\uff23 r\u00e9sum\u00e9 \u4e2d\u6587 ok! \u00fcber \u3042\u3044";
/* 48 characters: 32 one column wide, 15 two wide, one combining mark. */
#define LINE_WIDTH 62

static void bench_setup(const char *arg)
{
	(void)arg;
	setlocale(LC_CTYPE, "C.UTF-8");
	if (wcslen(line) != 48 || wcswidth(line, 48) != LINE_WIDTH)
		bench_fail("wcswidth gave a wrong width");
}

static void bench_op(long i)
{
	const wchar_t *p = line;
	BENCH_HIDE(p);
	BENCH_KEEP(wcswidth(p, 48 - (i & 1)));
}
