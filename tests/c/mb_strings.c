/* The string conversions in C.UTF-8 and in C: mbsrtowcs, mbstowcs and mbsnrtowcs for every
 * output length (and every input length for mbsnrtowcs), wcsrtombs, wcstombs and wcsnrtombs
 * for every output length (and wide count), over valid strings, strings with an invalid
 * sequence or an unencodable character, and strings cut off inside a character; each prints
 * the result, errno, where *src was left, what was stored and whether the state is initial.
 * Also conversions resuming a character begun by mbrtowc. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static void wout(const wchar_t *w, size_t n) {
	printf(" [");
	for (size_t i = 0; i < n; i++) printf("%s%x", i ? " " : "", (unsigned)w[i]);
	printf("]");
}

static void bout(const char *b, size_t n) {
	printf(" [");
	for (size_t i = 0; i < n; i++) printf("%s%02x", i ? " " : "", (unsigned char)b[i]);
	printf("]");
}

static void pos(const void *p, const void *base, size_t size) {
	if (!p) printf(" src NULL");
	else printf(" src +%ld", (long)(((const char *)p - (const char *)base) / (long)size));
}

static void to_wide(const char *s) {
	size_t chars = strlen(s) + 2;
	printf("-- mb \"");
	for (const char *p = s; *p; p++) printf("\\x%02x", (unsigned char)*p);
	printf("\"\n");
	errno = 0;
	size_t cnt = mbstowcs(0, s, 0);
	int e = errno;
	const char *src = s;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	errno = 0;
	size_t cnt2 = mbsrtowcs(0, &src, 5, &st);
	printf("count %zd errno %d | srtowcs count %zd errno %d src same %d\n", (ssize_t)cnt, e, (ssize_t)cnt2, errno,
	       src == s);
	for (size_t len = 0; len <= chars; len++) {
		wchar_t w[64];
		wmemset(w, 0x55, 64);
		src = s;
		memset(&st, 0, sizeof st);
		errno = 0;
		size_t r = mbsrtowcs(w, &src, len, &st);
		printf("mbsrtowcs len %zu: %zd errno %d", len, (ssize_t)r, errno);
		pos(src, s, 1);
		wout(w, len);
		printf(" init %d\n", mbsinit(&st));
		wmemset(w, 0x55, 64);
		errno = 0;
		r = mbstowcs(w, s, len);
		printf("mbstowcs len %zu: %zd errno %d", len, (ssize_t)r, errno);
		wout(w, len);
		printf("\n");
	}
	size_t bytes = strlen(s) + 1;
	for (size_t nms = 0; nms <= bytes; nms++) {
		for (size_t len = 0; len <= chars; len++) {
			wchar_t w[64];
			wmemset(w, 0x55, 64);
			src = s;
			memset(&st, 0, sizeof st);
			errno = 0;
			size_t r = mbsnrtowcs(w, &src, nms, len, &st);
			printf("mbsnrtowcs nms %zu len %zu: %zd errno %d", nms, len, (ssize_t)r, errno);
			pos(src, s, 1);
			wout(w, len);
			printf(" init %d\n", mbsinit(&st));
		}
		src = s;
		memset(&st, 0, sizeof st);
		errno = 0;
		size_t r = mbsnrtowcs(0, &src, nms, 1, &st);
		printf("mbsnrtowcs count nms %zu: %zd errno %d src same %d init %d\n", nms, (ssize_t)r, errno, src == s,
		       mbsinit(&st));
	}
}

static void to_multi(const wchar_t *ws) {
	size_t n = wcslen(ws);
	printf("-- wide");
	wout(ws, n);
	printf("\n");
	errno = 0;
	size_t cnt = wcstombs(0, ws, 0);
	int e = errno;
	const wchar_t *src = ws;
	errno = 0;
	size_t cnt2 = wcsrtombs(0, &src, 1, 0);
	printf("count %zd errno %d | srtombs count %zd errno %d src same %d\n", (ssize_t)cnt, e, (ssize_t)cnt2, errno,
	       src == ws);
	for (size_t len = 0; len <= 4 * n + 2; len++) {
		char b[64];
		memset(b, 0x55, sizeof b);
		src = ws;
		errno = 0;
		size_t r = wcsrtombs(b, &src, len, 0);
		printf("wcsrtombs len %zu: %zd errno %d", len, (ssize_t)r, errno);
		pos(src, ws, sizeof *ws);
		bout(b, len);
		printf("\n");
		memset(b, 0x55, sizeof b);
		errno = 0;
		r = wcstombs(b, ws, len);
		printf("wcstombs len %zu: %zd errno %d", len, (ssize_t)r, errno);
		bout(b, len);
		printf("\n");
	}
	for (size_t nwc = 0; nwc <= n + 1; nwc++) {
		for (size_t len = 0; len <= 4 * n + 2; len++) {
			char b[64];
			memset(b, 0x55, sizeof b);
			src = ws;
			errno = 0;
			size_t r = wcsnrtombs(b, &src, nwc, len, 0);
			printf("wcsnrtombs nwc %zu len %zu: %zd errno %d", nwc, len, (ssize_t)r, errno);
			pos(src, ws, sizeof *ws);
			bout(b, len);
			printf("\n");
		}
		src = ws;
		errno = 0;
		size_t r = wcsnrtombs(0, &src, nwc, 0, 0);
		printf("wcsnrtombs count nwc %zu: %zd errno %d src same %d\n", nwc, (ssize_t)r, errno, src == ws);
	}
}

static void resume(void) {
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t r0 = mbrtowc(0, "\xf0\x9f", 2, &st);
	const char *rest = "\x98\x80z", *src = rest;
	errno = 0;
	size_t r1 = mbsrtowcs(0, &src, 0, &st);
	int init1 = mbsinit(&st);
	wchar_t w[8];
	wmemset(w, 0x55, 8);
	size_t r2 = mbsrtowcs(w, &src, 8, &st);
	printf("resume mbsrtowcs: %zd, count %zd init %d, convert %zd", (ssize_t)r0, (ssize_t)r1, init1, (ssize_t)r2);
	pos(src, rest, 1);
	wout(w, 4);
	printf(" init %d\n", mbsinit(&st));
	memset(&st, 0, sizeof st);
	mbrtowc(0, "\xe2", 1, &st);
	src = "\x82\xac!";
	wmemset(w, 0x55, 8);
	errno = 0;
	r2 = mbsnrtowcs(w, &src, 3, 8, &st);
	printf("resume mbsnrtowcs: %zd errno %d", (ssize_t)r2, errno);
	wout(w, 4);
	printf(" init %d\n", mbsinit(&st));
	memset(&st, 0, sizeof st);
	mbrtowc(0, "\xe2", 1, &st);
	const char *more = "\x82";
	src = more;
	r2 = mbsnrtowcs(w, &src, 1, 8, &st);
	printf("resume mbsnrtowcs cut: %zd", (ssize_t)r2);
	pos(src, more, 1);
	printf(" init %d\n", mbsinit(&st));
}

int main(void) {
	alarm(15);
	const char *mbs[] = {"", "abc", "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z", "ab\xe2\x82", "ab\xe2\x82x",
	                     "x\xff", "\xc0\x80q", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80\xfe"};
	const wchar_t w1[] = {'a', 0xe9, 0x20ac, 0x1f600, 'z', 0};
	const wchar_t w2[] = {'a', 0xd800, 'b', 0};
	const wchar_t w3[] = {'q', 0xdf80, 0xdfff, 'r', 0};
	const wchar_t w4[] = {0x110000, 0};
	const wchar_t w5[] = {'o', 'k', 0};
	const wchar_t *wide[] = {w1, w2, w3, w4, w5};
	const char *loc = setlocale(LC_CTYPE, "C.UTF-8");
	printf("==== %s\n", loc);
	for (size_t i = 0; i < sizeof mbs / sizeof *mbs; i++) to_wide(mbs[i]);
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) to_multi(wide[i]);
	resume();
	loc = setlocale(LC_CTYPE, "C");
	printf("==== %s\n", loc);
	for (size_t i = 0; i < sizeof mbs / sizeof *mbs; i++) to_wide(mbs[i]);
	for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) to_multi(wide[i]);
	return 0;
}
