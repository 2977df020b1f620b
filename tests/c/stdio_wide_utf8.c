/* Wide character I/O in a UTF-8 locale: decoding from the buffer and byte by byte
 * (unbuffered), bad lead bytes (consumed, no error flag), bad continuations (left unread,
 * error flag), characters cut short by the end of the file, fputwc/fputws/ungetwc
 * encoding, fputws's pieces, and a stream keeping the encoding it was oriented with. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static char path[64];

static FILE *with(const char *data, size_t n, const char *mode)
{
	FILE *f = fopen(path, "w");
	fwrite(data, 1, n, f);
	fclose(f);
	return fopen(path, mode);
}

static void walk(const char *data, size_t n, int unbuffered)
{
	FILE *f = with(data, n, "r");
	if (unbuffered)
		setvbuf(f, 0, _IONBF, 0);
	printf("[%s]", unbuffered ? "unbuf" : "buf");
	for (int i = 0; i < 10; i++) {
		errno = 0;
		wint_t w = fgetwc(f);
		int e = errno, err = ferror(f), eof = feof(f);
		printf(" %x/%d/%d/%d", (unsigned)w, e, err, eof);
		if (w == WEOF) {
			clearerr(f);
			int c = getc(f);
			printf("(%x)", (unsigned)c);
			if (c == EOF)
				break;
			ungetc(c, f);
		}
	}
	printf("\n");
	fclose(f);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/stdio_wide_utf8_%d", (int)getpid());

	FILE *early = with("\xc3\xa9", 2, "r");
	fwide(early, 1);
	printf("setlocale %s\n", setlocale(LC_ALL, "C.UTF-8") ? "ok" : "null");
	printf("oriented before setlocale reads %x\n", (unsigned)fgetwc(early));
	fclose(early);

	for (int u = 0; u < 2; u++) {
		walk("a\xff" "b", 3, u);
		walk("a\xc3", 2, u);
		walk("\xc3(x", 3, u);
		walk("\xe2\x82\xac!", 4, u);
		walk("\xf0\x9f\x98\x80\xf4\x90\x80\x80", 8, u);
		walk("\xed\xa0\x80z\xe0\x80\xaf", 7, u);
		walk("\xc0\xaf\xf8\x88\x80\x80\x80", 7, u);
	}

	FILE *f = fopen(path, "w");
	wint_t r1 = fputwc(0xe9, f);
	wint_t r2 = fputwc(0x1f600, f);
	errno = 0;
	wint_t r3 = fputwc(0xd800, f);
	int e = errno;
	printf("fputwc %x %x %x errno %d err %d\n", (unsigned)r1, (unsigned)r2, (unsigned)r3, e, ferror(f));
	clearerr(f);
	errno = 0;
	wint_t r4 = fputwc(0x110000, f);
	e = errno;
	printf("fputwc 110000 %x errno %d\n", (unsigned)r4, e);
	clearerr(f);
	int n1 = fputws(L"h\u00e9\u20ac", f);
	errno = 0;
	int n2 = fputws(L"ab\xd800" L"cd", f);
	e = errno;
	printf("fputws %d, bad %d errno %d err %d\n", n1, n2, e, ferror(f));
	static wchar_t big[3000];
	for (int i = 0; i < 2999; i++)
		big[i] = i % 3 ? L'a' : 0x20ac;
	int n3 = fputws(big, f);
	static wchar_t full[1025];
	for (int i = 0; i < 1024; i++)
		full[i] = L'z';
	int n4 = fputws(full, f);
	printf("fputws pieces %d %d pos %ld\n", n3, n4, ftell(f));
	fclose(f);

	f = fopen(path, "r");
	wchar_t ws[16];
	wchar_t *p = fgetws(ws, 16, f);
	printf("fgetws %d:", p == ws);
	for (int i = 0; p && ws[i]; i++)
		printf(" %x", (unsigned)ws[i]);
	printf("\n");
	fclose(f);

	f = with("xy", 2, "r");
	wint_t w = fgetwc(f);
	wint_t u = ungetwc(0x20ac, f);
	int b1 = getc(f);
	int b2 = getc(f);
	int b3 = getc(f);
	int b4 = getc(f);
	printf("got %x ungetwc %x bytes %x %x %x %x\n", (unsigned)w, (unsigned)u, b1, b2, b3, b4);
	wint_t u2 = ungetwc(0xd800, f);
	printf("ungetwc surrogate %x\n", (unsigned)u2);
	int n = 0;
	while (n < 100 && ungetwc(0x1f600, f) != WEOF)
		n++;
	printf("4-byte ungetwc room %d\n", n);
	fclose(f);

	f = with("ab\xc3(x\n", 6, "r");
	errno = 0;
	p = fgetws(ws, 8, f);
	e = errno;
	printf("fgetws bad continuation %d errno %d err %d got %zu next %c\n", p == ws, e, ferror(f), wcslen(ws), getc(f));
	fclose(f);

	setlocale(LC_ALL, "C");
	f = with("\xc3\xa9", 2, "r");
	printf("back in C %x\n", (unsigned)fgetwc(f));
	fclose(f);
	remove(path);
	return 0;
}
