/* The multibyte functions in a UTF-8 locale, exhaustively: mbrtowc over every 1-, 2- and
 * 3-byte sequence and every 4-byte one starting with F0..F4 (hashed, with counts of each
 * outcome), mbtowc/mblen over every 2-byte sequence with every n, every scalar value through
 * wcrtomb and back through mbrtowc fed one byte per call, wcrtomb of surrogates and values
 * past 0x10FFFF, then named edge cases with errno and the state (mbsinit) after each. */
#include <errno.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static uint64_t h = 1469598103934665603ull;
static void mix(uint64_t v) {
	h ^= v;
	h *= 1099511628211ull;
}

static long counts[4];
static void one(const unsigned char *s, size_t n) {
	mbstate_t st;
	memset(&st, 0, sizeof st);
	wchar_t wc = -1;
	errno = 0;
	size_t r = mbrtowc(&wc, (const char *)s, n, &st);
	int e = errno;
	mix(r);
	mix((unsigned)wc);
	mix(e);
	mix(mbsinit(&st));
	counts[r == (size_t)-1 ? 0 : r == (size_t)-2 ? 1 : r == 0 ? 2 : 3]++;
}

static void edge(const char *name, const char *s, size_t n, mbstate_t *st) {
	wchar_t wc = -1;
	errno = 0;
	size_t r = mbrtowc(&wc, s, n, st);
	int e = errno;
	printf("%-28s r %zd wc %#x errno %d init %d\n", name, (ssize_t)r, (unsigned)wc, e, mbsinit(st));
}

int main(void) {
	alarm(15);
	const char *name = setlocale(LC_CTYPE, "C.UTF-8");
	printf("setlocale %s mb %zu\n", name, MB_CUR_MAX);
	unsigned char b[4];
	for (int x = 0; x < 256; x++) {
		b[0] = x;
		one(b, 1);
		for (int y = 0; y < 256; y++) {
			b[1] = y;
			one(b, 2);
			for (int z = 0; z < 256; z++) {
				b[2] = z;
				one(b, 3);
			}
		}
	}
	printf("1-3 bytes: ilseq %ld incomplete %ld nul %ld chars %ld hash %016llx\n", counts[0], counts[1], counts[2],
	       counts[3], (unsigned long long)h);
	memset(counts, 0, sizeof counts);
	for (int x = 0xf0; x <= 0xf4; x++)
		for (int y = 0; y < 256; y++)
			for (int z = 0; z < 256; z++)
				for (int w = 0; w < 256; w += (y >= 0x80 && y < 0xc0 && z >= 0x80 && z < 0xc0) ? 1 : 51) {
					b[0] = x, b[1] = y, b[2] = z, b[3] = w;
					one(b, 4);
				}
	printf("4 bytes: ilseq %ld incomplete %ld chars %ld hash %016llx\n", counts[0], counts[1], counts[3],
	       (unsigned long long)h);

	h = 1469598103934665603ull;
	for (int x = 0; x < 256; x++)
		for (int y = 0; y < 256; y++)
			for (size_t n = 0; n <= 3; n++) {
				char s[3] = {x, y, 0};
				wchar_t wc = -1;
				errno = 0;
				int r = mbtowc(&wc, s, n);
				mix(r);
				mix(wc);
				mix(errno);
				errno = 0;
				mix(mblen(s, n));
				mix(errno);
			}
	printf("mbtowc/mblen 2 bytes hash %016llx\n", (unsigned long long)h);

	long ok = 0, bad = 0;
	for (long c = 0; c < 0x110000; c++) {
		char s[8];
		errno = 0;
		size_t n = wcrtomb(s, c, 0);
		if (c >= 0xd800 && c < 0xe000) {
			if (n == (size_t)-1 && errno == EILSEQ) ok++;
			else bad++;
			continue;
		}
		mbstate_t st;
		memset(&st, 0, sizeof st);
		wchar_t wc = -1;
		size_t r = 0;
		for (size_t i = 0; i < n; i++) {
			r = mbrtowc(&wc, s + i, 1, &st);
			if (i + 1 < n && (r != (size_t)-2 || mbsinit(&st))) bad++;
		}
		if ((c ? r == 1 : r == 0) && wc == c && mbsinit(&st) && n == (c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4))
			ok++;
		else
			bad++;
	}
	for (long c = 0x110000; c < 0x120000; c++) {
		char s[8];
		errno = 0;
		if (wcrtomb(s, c, 0) == (size_t)-1 && errno == EILSEQ) ok++;
		else bad++;
	}
	char s8[8];
	errno = 0;
	size_t r1 = wcrtomb(s8, -1, 0);
	int e1 = errno;
	errno = 0;
	size_t r2 = wcrtomb(s8, 0x7fffffff, 0);
	int e2 = errno;
	printf("wcrtomb -1: %zd errno %d; 0x7fffffff: %zd errno %d; NULL: %zd\n", (ssize_t)r1, e1, (ssize_t)r2, e2,
	       (ssize_t)wcrtomb(0, 0x20ac, 0));
	printf("round trip ok %ld bad %ld\n", ok, bad);
	printf("wctomb NULL %d, wctomb 0x10ffff %d, wctomb 0xdfff %d\n", wctomb(0, 0x41), wctomb(s8, 0x10ffff),
	       wctomb(s8, 0xdfff));

	mbstate_t st;
	memset(&st, 0, sizeof st);
	edge("ascii", "A", 1, &st);
	edge("nul", "", 1, &st);
	edge("n=0", "A", 0, &st);
	edge("e2 82 (partial)", "\xe2\x82", 2, &st);
	edge("n=0 while partial", "\xac", 0, &st);
	edge("ac (completes)", "\xac", 1, &st);
	edge("c3 (partial)", "\xc3", 1, &st);
	edge("41 after partial", "A", 1, &st);
	edge("after error", "\xc3\xa9", 2, &st);
	edge("f0 9f (partial)", "\xf0\x9f", 2, &st);
	edge("NULL s while partial", 0, 5, &st);
	edge("NULL s initial", 0, 5, &st);
	edge("f0 (partial)", "\xf0", 1, &st);
	edge("8f bad 2nd after f0", "\x8f", 1, &st);
	edge("f4 90 80 80", "\xf4\x90\x80\x80", 4, &st);
	edge("f4 8f bf bf", "\xf4\x8f\xbf\xbf", 4, &st);
	edge("ed a0 80 (surrogate)", "\xed\xa0\x80", 3, &st);
	edge("ed 9f bf", "\xed\x9f\xbf", 3, &st);
	edge("e0 9f bf (overlong)", "\xe0\x9f\xbf", 3, &st);
	edge("c0 80 (overlong nul)", "\xc0\x80", 2, &st);
	edge("c1 bf", "\xc1\xbf", 2, &st);
	edge("c2 80", "\xc2\x80", 2, &st);
	edge("f5 80 80 80", "\xf5\x80\x80\x80", 4, &st);
	edge("ff", "\xff", 1, &st);
	edge("80 (lone cont)", "\x80", 1, &st);
	edge("e2 00", "\xe2", 2, &st);
	errno = 0;
	size_t rn = mbrtowc(0, "\xe2\x82\xac", 3, &st);
	printf("wc NULL r %zd errno %d init %d\n", (ssize_t)rn, errno, mbsinit(&st));
	/* n larger than the buffer: reading stops where the character (or the NUL) settles it.
	 * (mbrtowc's n stays below 2^32: musl keeps n in an unsigned and returns 0x100000003
	 * for a 3-byte character when n is SIZE_MAX.) */
	wchar_t big = 0;
	size_t b1 = mbrtowc(&big, "\xe2\x82\xac", 1000000, &st);
	size_t b2 = mbrtowc(&big, "\xe2\x82", (size_t)-1, &st);
	int b3 = mbtowc(&big, "\xf0\x9f\x98\x80", (size_t)-1);
	int b4 = mblen("\xc3", (size_t)-1);
	const char *bs = "a\xc3\xa9";
	wchar_t bw[4];
	size_t b5 = mbsnrtowcs(bw, &bs, (size_t)-1, 4, &st);
	printf("huge n: %zd %zd %d %x %d %zd src %s\n", (ssize_t)b1, (ssize_t)b2, b3, (unsigned)big, b4, (ssize_t)b5,
	       bs ? "set" : "NULL");
	memset(&st, 0, sizeof st);
	/* The functions' own states, when st is NULL. */
	size_t a1 = mbrtowc(0, "\xe2", 1, 0);
	size_t a2 = mbrlen("\x82\xac", 2, 0);
	size_t a3 = mbrtowc(0, "\x82\xac", 2, 0);
	size_t a4 = mbrlen("\xe2\x82\xac", 3, 0);
	size_t a5 = mbrlen("\xe2", 1, 0);
	printf("own states: mbrtowc partial %zd, mbrlen %zd, mbrtowc resumes %zd, mbrlen %zd %zd\n", (ssize_t)a1,
	       (ssize_t)a2, (ssize_t)a3, (ssize_t)a4, (ssize_t)a5);
	errno = 0;
	size_t a6 = mbrlen(0, 0, 0);
	int e6 = errno;
	errno = 0;
	size_t a7 = mbrlen(0, 0, 0);
	printf("mbrlen NULL s partial %zd errno %d, again %zd errno %d\n", (ssize_t)a6, e6, (ssize_t)a7, errno);
	printf("mblen(NULL) %d mbtowc(NULL) %d mbsinit(NULL) %d\n", mblen(0, 0), mbtowc(0, 0, 0), mbsinit(0));
	printf("btowc: 41 %x 80 %x ff %x EOF %x 141 %x; wctob: 41 %d e9 %d df80 %d WEOF %d\n", btowc(0x41), btowc(0x80),
	       btowc(0xff), btowc(EOF), btowc(0x141), wctob(0x41), wctob(0xe9), wctob(0xdf80), wctob(WEOF));
	return 0;
}
