/* Wide character I/O in the C locale (no setlocale): orientation, musl's 8-bit clean
 * mapping of bytes 0x80-0xFF to 0xDF80-0xDFFF in both directions, EILSEQ for what the
 * encoding cannot hold, fgetws/fputws edges, ungetwc, and the wrong-direction errors. */
#include <errno.h>
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

static void dump(void)
{
	FILE *f = fopen(path, "r");
	int c;
	printf("file:");
	while ((c = getc(f)) != EOF)
		printf(" %02x", c);
	printf("\n");
	fclose(f);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/stdio_wide_c_%d", (int)getpid());

	/* Orientation: fixed once, by the first I/O or a nonzero fwide. */
	FILE *f = with("ab", 2, "r");
	printf("fresh %d\n", fwide(f, 0));
	getc(f);
	printf("after getc %d\n", fwide(f, 0));
	int r1 = fwide(f, 1);
	printf("fwide(1) on byte %d\n", r1);
	printf("fgetwc on byte stream %x\n", (unsigned)fgetwc(f));
	fclose(f);
	f = with("ab", 2, "r");
	int w1 = fwide(f, 7);
	int w2 = fwide(f, -1);
	printf("fwide 7 -> %d, then -1 -> %d\n", w1, w2);
	printf("getc on wide %c, still %d\n", getc(f), fwide(f, 0));
	fclose(f);
	f = with("ab", 2, "r");
	fseek(f, 0, SEEK_SET);
	fflush(f);
	printf("after fseek/fflush %d\n", fwide(f, 0));
	ungetc('x', f);
	printf("after ungetc %d\n", fwide(f, 0));
	fclose(f);
	f = fopen("/dev/null", "w");
	fprintf(f, "x");
	printf("after fprintf %d\n", fwide(f, 0));
	fclose(f);

	/* Reading: every byte is a character. */
	f = with("x\xc3\xa9\x80\xff", 5, "r");
	wint_t w;
	errno = 0;
	while ((w = fgetwc(f)) != WEOF)
		printf("%x ", (unsigned)w);
	printf("| errno %d eof %d err %d\n", errno, feof(f), ferror(f));
	fclose(f);

	/* Writing: ASCII and 0xDF80-0xDFFF only. */
	f = fopen(path, "w");
	errno = 0;
	wint_t a = fputwc(L'a', f);
	printf("fputwc a %x errno %d\n", (unsigned)a, errno);
	errno = 0;
	wint_t b = fputwc(0xe9, f);
	int e = errno;
	printf("fputwc e9 %x errno %d err %d\n", (unsigned)b, e, ferror(f));
	clearerr(f);
	wint_t c = fputwc(0xdfe9, f);
	printf("fputwc dfe9 %x\n", (unsigned)c);
	printf("putwc %x\n", (unsigned)putwc(L'\n', f));
	errno = 0;
	int r = fputws(L"ok\xdf80", f);
	e = errno;
	printf("fputws %d errno %d\n", r, e);
	errno = 0;
	r = fputws(L"no\x20ac", f);
	e = errno;
	printf("fputws bad %d errno %d err %d\n", r, e, ferror(f));
	r = fputws(L"", f);
	printf("fputws empty %d\n", r);
	fclose(f);
	dump();

	/* fgetws */
	f = with("line1\nab", 8, "r");
	wchar_t ws[8];
	wchar_t *p = fgetws(ws, 8, f);
	printf("fgetws 1: %d len %zu last %x\n", p == ws, wcslen(ws), (unsigned)ws[wcslen(ws) - 1]);
	p = fgetws(ws, 8, f);
	printf("fgetws 2: %d len %zu eof %d\n", p == ws, wcslen(ws), feof(f));
	p = fgetws(ws, 8, f);
	printf("fgetws 3: %d\n", p == ws);
	rewind(f);
	ws[0] = L'Z';
	p = fgetws(ws, 0, f);
	printf("fgetws n=0: %d ws0 %x\n", p == ws, (unsigned)ws[0]);
	p = fgetws(ws, 1, f);
	printf("fgetws n=1: %d ws0 %x\n", p == ws, (unsigned)ws[0]);
	p = fgetws(ws, 4, f);
	printf("fgetws n=4: %d len %zu\n", p == ws, wcslen(ws));
	fclose(f);

	/* ungetwc */
	f = with("xy", 2, "r");
	w = fgetwc(f);
	wint_t u = ungetwc(0xdfe9, f);
	printf("got %x ungetwc %x\n", (unsigned)w, (unsigned)u);
	int g1 = getc(f);
	int g2 = getc(f);
	printf("then %x %x\n", g1, g2);
	printf("ungetwc WEOF %x\n", (unsigned)ungetwc(WEOF, f));
	printf("ungetwc 20ac %x\n", (unsigned)ungetwc(0x20ac, f));
	w = fgetwc(f);
	printf("at eof %x eof %d\n", (unsigned)w, feof(f));
	u = ungetwc(L'q', f);
	printf("ungetwc q %x eof %d\n", (unsigned)u, feof(f));
	printf("reread %x\n", (unsigned)fgetwc(f));
	int n = 0;
	while (ungetwc(L'0' + n, f) != WEOF && n < 100)
		n++;
	printf("ungetwc room %d\n", n);
	fclose(f);

	/* Wrong direction: the error flag, errno untouched. */
	f = fopen("/dev/null", "r");
	errno = 0;
	w = fputwc(L'a', f);
	e = errno;
	printf("fputwc read-only %x errno %d err %d\n", (unsigned)w, e, ferror(f));
	fclose(f);
	f = fopen("/dev/null", "w");
	errno = 0;
	w = fgetwc(f);
	e = errno;
	printf("fgetwc write-only %x errno %d err %d\n", (unsigned)w, e, ferror(f));
	ws[0] = L'Q';
	p = fgetws(ws, 8, f);
	printf("fgetws write-only %d ws0 %x\n", p == ws, (unsigned)ws[0]);
	printf("ungetwc write-only %x\n", (unsigned)ungetwc(L'a', f));
	fclose(f);

	/* stdout: putwchar after byte output. */
	fflush(stdout);
	int o = fwide(stdout, 0);
	printf("stdout orientation %d\n", o);
	putwchar(L'w');
	putwchar(L'\n');
	fputws(L"wide line\n", stdout);
	printf("getwchar on closed stdin %x\n", (unsigned)getwchar());
	remove(path);
	return 0;
}
