/* The multibyte functions in the C locale (the default, and again after setlocale "POSIX"):
 * every byte decodes to itself below 0x80 and to 0xDF80..0xDFFF above, through mbrtowc,
 * mbtowc, mblen, btowc and mbstowcs; wcrtomb, wctomb and wctob accept exactly ASCII and
 * 0xDF80..0xDFFF (printed as ranges over 0..0x110000 and some negatives); a partial UTF-8
 * character begun in C.UTF-8 still completes after the switch to C. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static void bytes(const char *what) {
	long bad = 0;
	for (int b = 0; b < 256; b++) {
		char s[2] = {b, 0};
		wchar_t want = b < 0x80 ? b : 0xdf00 | b, w1 = -1, w2 = -1;
		mbstate_t st;
		memset(&st, 0, sizeof st);
		size_t r = mbrtowc(&w1, s, 1, &st);
		int m = mbtowc(&w2, s, 1);
		int l = mblen(s, 1);
		wint_t bt = btowc(b);
		int back = wctob(bt);
		if (r != (b != 0) || w1 != want || m != (b != 0) || w2 != want || l != (b != 0) || bt != (wint_t)want ||
		    back != b) {
			printf("byte %02x: mbrtowc %zd %#x mbtowc %d %#x mblen %d btowc %#x wctob %d\n", b, (ssize_t)r,
			       (unsigned)w1, m, (unsigned)w2, l, bt, back);
			bad++;
		}
	}
	char all[256];
	for (int i = 0; i < 255; i++) all[i] = i + 1;
	all[255] = 0;
	wchar_t ws[260];
	size_t n = mbstowcs(ws, all, 260);
	long mism = 0;
	for (int i = 0; i < 255; i++) mism += ws[i] != (i + 1 < 0x80 ? i + 1 : 0xdf00 | (i + 1));
	char back[260];
	size_t m = wcstombs(back, ws, sizeof back);
	printf("%s: mb %zu bytes bad %ld; mbstowcs %zu mismatches %ld; wcstombs %zu same %d; btowc(EOF) %x\n", what,
	       MB_CUR_MAX, bad, n, mism, m, memcmp(back, all, 256) == 0, btowc(EOF));
}

static void encodable(const char *what) {
	printf("%s encodable:", what);
	long start = -2;
	for (long c = -3; c <= 0x110000; c++) {
		char s[8];
		errno = 0;
		size_t r = wcrtomb(s, c, 0);
		int ok = r == 1;
		if (!ok && (r != (size_t)-1 || errno != EILSEQ)) printf(" odd %lx", c);
		if (ok && (wctomb(s, c) != 1 || wctob(c) != (unsigned char)s[0])) printf(" mismatch %lx", c);
		if (!ok && (wctomb(s, c) != -1 || wctob(c) != EOF)) printf(" mismatch %lx", c);
		if (ok && start == -2) start = c;
		if (!ok && start != -2) {
			printf(" %lx-%lx", start, c - 1);
			start = -2;
		}
	}
	printf("\n");
}

int main(void) {
	alarm(10);
	bytes("default");
	encodable("default");
	setlocale(LC_ALL, "C.UTF-8");
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t r1 = mbrtowc(0, "\xe2\x82", 2, &st);
	setlocale(LC_ALL, "POSIX");
	wchar_t wc = 0;
	size_t r2 = mbrtowc(&wc, "\xac", 1, &st);
	printf("partial across the switch: %zd then %zd %#x init %d\n", (ssize_t)r1, (ssize_t)r2, (unsigned)wc,
	       mbsinit(&st));
	bytes("POSIX");
	encodable("POSIX");
	errno = 0;
	int r3 = mbtowc(&wc, "x", 0);
	printf("mbtowc n=0 %d errno %d\n", r3, errno);
	errno = 0;
	size_t r4 = mbrtowc(&wc, "x", 0, &st);
	printf("mbrtowc n=0 %zd errno %d\n", (ssize_t)r4, errno);
	return 0;
}
