/* fwscanf on files with UTF-8 content, in the C locale and in C.UTF-8: what each call
 * stores and returns, and what remains readable after it (ftell, fgetc, fgetwc): the one
 * character looked at and not used goes back whole; invalid bytes where a field starts
 * are an input failure, inside a string they end it; numbers read bytes. Also characters
 * straddling the stream buffer, ungetwc around fwscanf, byte-oriented, write-only and
 * read-write streams, end of file, a locale change after the stream was oriented, and
 * wscanf/vwscanf/vfwscanf and the __isoc99_ names on a freopen'ed stdin. */
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

int __isoc99_fwscanf(FILE *, const wchar_t *, ...);
int __isoc99_wscanf(const wchar_t *, ...);
int __isoc99_vfwscanf(FILE *, const wchar_t *, va_list);
int __isoc99_vwscanf(const wchar_t *, va_list);

static char path[64];

static FILE *file(const char *data, size_t n, const char *mode)
{
	FILE *f = fopen(path, "w");
	fwrite(data, 1, n, f);
	fclose(f);
	return fopen(path, mode);
}

static void hexs(const char *tag, const void *p, size_t n)
{
	printf(" %s=", tag);
	for (size_t i = 0; i < n; i++)
		printf("%02x", ((const unsigned char *)p)[i]);
}

static void wides(const char *tag, const wchar_t *w)
{
	printf(" %s=", tag);
	for (; *w; w++)
		printf("%x.", (unsigned)*w);
}

static void rest(FILE *f)
{
	printf(" tell=%ld eof=%d err=%d next=", ftell(f), feof(f), ferror(f));
	for (int i = 0; i < 3; i++) {
		errno = 0;
		wint_t c = fgetwc(f);
		printf("%x/%d,", (unsigned)c, errno);
	}
	printf("\n");
}

static void basic(void)
{
	static const char data[] = "h\xc3\xa9llo w\xc3\xb6rld 42\xe2\x82\xac 3.5x \xe2\x80\x80" "7 \xc3\xa9t\xc3\xa9 end";
	FILE *f = file(data, sizeof data - 1, "r");
	char s[64];
	wchar_t w[64], c[4];
	int a = -1, n = -1;
	double x = 0;
	memset(s, 0, sizeof s);
	memset(w, 0, sizeof w);
	memset(c, 0, sizeof c);
	errno = 0;
	int r = fwscanf(f, L"%s %ls %d%lc %lf%n", s, w, &a, c, &x, &n);
	printf("basic r=%d errno=%d", r, errno);
	hexs("s", s, strlen(s));
	wides("w", w);
	printf(" a=%d c=%x x=%g n=%d fwide=%d", a, (unsigned)c[0], x, n, fwide(f, 0));
	rest(f);
	r = fwscanf(f, L" %d %l[^ ]%n", &a, w, &n);
	printf("basic2 r=%d a=%d n=%d", r, a, n);
	wides("w", w);
	rest(f);
	memset(s, 0, sizeof s);
	r = fwscanf(f, L"%3c%n", s, &n);
	printf("basic3 r=%d n=%d", r, n);
	hexs("s", s, 6);
	rest(f);
	fclose(f);
}

static void bad_bytes(void)
{
	static const char data[] = "\xff" "12 ab\xff" "cd 34\xff \xc3(x \xc3";
	FILE *f = file(data, sizeof data - 1, "r");
	wchar_t w[16];
	int a = -1, b = -1;
	errno = 0;
	int r = fwscanf(f, L"%d", &a);
	printf("bad1 r=%d errno=%d", r, errno);
	rest(f);
	fseek(f, 1, SEEK_SET);
	memset(w, 0, sizeof w);
	errno = 0;
	r = fwscanf(f, L"%d %ls", &a, w);
	printf("bad2 r=%d a=%d errno=%d", r, a, errno);
	wides("w", w);
	rest(f);
	errno = 0;
	r = fwscanf(f, L"%d", &b);
	printf("bad3 r=%d b=%d errno=%d", r, b, errno);
	printf(" byte=%x", (unsigned)fgetc(f));
	rest(f);
	clearerr(f);
	fseek(f, 15, SEEK_SET);
	errno = 0;
	memset(w, 0, sizeof w);
	r = fwscanf(f, L" %ls", w);
	printf("bad4 r=%d errno=%d", r, errno);
	wides("w", w);
	rest(f);
	clearerr(f);
	fseek(f, 18, SEEK_SET);
	errno = 0;
	memset(w, 0, sizeof w);
	r = fwscanf(f, L" %ls", w);
	printf("bad5 r=%d errno=%d", r, errno);
	wides("w", w);
	rest(f);
	fclose(f);
}

static void straddle(void)
{
	/* Runs of 3-byte characters that cross 1024- and 4096-byte buffer boundaries, each
	 * followed by a number and a space. */
	static char data[9000];
	size_t k = 0;
	for (int line = 0; k < sizeof data - 64; line++) {
		for (int i = 0; i < 37 + line % 5; i++) {
			memcpy(data + k, "\xe2\x82\xac", 3);
			k += 3;
		}
		k += sprintf(data + k, "%d ", line);
	}
	FILE *f = file(data, k, "r");
	wchar_t w[64];
	int v, lines = 0, sum = 0, bad = 0;
	long pos = -1;
	for (;;) {
		int r = fwscanf(f, L"%l[\x20ac]%d ", w, &v);
		if (r != 2)
			break;
		if (wcslen(w) != (size_t)(37 + lines % 5) || v != lines)
			bad++;
		sum += v;
		lines++;
	}
	pos = ftell(f);
	printf("straddle lines=%d sum=%d bad=%d tell=%ld eof=%d\n", lines, sum, bad, pos, feof(f));
	fclose(f);
	/* One character at a time, giving each back with a mismatched literal. */
	f = file(data, k, "r");
	int n = 0, got = 0;
	for (;;) {
		wchar_t ch;
		if (fwscanf(f, L"\x1f600") != 0)
			break;
		if (fwscanf(f, L"%lc", &ch) != 1)
			break;
		got++;
		n += ch == 0x20ac;
	}
	printf("straddle2 got=%d euros=%d tell=%ld\n", got, n, ftell(f));
	fclose(f);
}

static void unget_around(void)
{
	static const char data[] = "12\xc3\xa9 34";
	FILE *f = file(data, sizeof data - 1, "r");
	int a = -1;
	printf("ungetwc=%x", (unsigned)ungetwc(0x20ac, f));
	wchar_t c = 0;
	int r = fwscanf(f, L"%lc%d", &c, &a);
	printf(" r=%d c=%x a=%d", r, (unsigned)c, a);
	printf(" ungetwc2=%x", (unsigned)ungetwc('9', f));
	r = fwscanf(f, L"%d", &a);
	printf(" r=%d a=%d", r, a);
	rest(f);
	fclose(f);
}

static void orientations(void)
{
	static const char data[] = "ab 12 \xc3\xa9";
	FILE *f = file(data, sizeof data - 1, "r");
	int a = -1;
	printf("byte fgetc=%c fwide=%d", fgetc(f), fwide(f, 0));
	wchar_t w[8] = { 0 };
	int r = fwscanf(f, L"%ls %d %ls", w, &a, w + 3);
	printf(" r=%d a=%d w=%x,%x fwide=%d", r, a, (unsigned)w[0], (unsigned)w[3], fwide(f, 0));
	rest(f);
	fclose(f);
	/* write-only */
	f = fopen(path, "w");
	errno = 0;
	printf("wo space=%d", fwscanf(f, L"  "));
	printf(" d=%d errno=%d err=%d fwide=%d\n", fwscanf(f, L"%d", &a), errno, ferror(f), fwide(f, 0));
	fclose(f);
	/* read-write with output pending, then reading back */
	f = fopen(path, "w+");
	fputs("56 78", f);
	r = fwscanf(f, L"%d", &a);
	printf("rw pending r=%d eof=%d", r, feof(f));
	rewind(f);
	r = fwscanf(f, L"%d %d", &a, &a);
	printf(" rewound r=%d a=%d", r, a);
	rest(f);
	fclose(f);
	/* end of file */
	f = file("7", 1, "r");
	r = fwscanf(f, L"%d", &a);
	printf("eof r=%d a=%d", r, a);
	r = fwscanf(f, L"%d", &a);
	printf(" again=%d", r);
	r = fwscanf(f, L" ");
	printf(" space=%d", r);
	rest(f);
	fclose(f);
}

static void locale_change(int from_utf8)
{
	static const char data[] = "\xc3\xa9t\xc3\xa9 x";
	FILE *f = file(data, sizeof data - 1, "r");
	fwide(f, 1);
	setlocale(LC_ALL, from_utf8 ? "C" : "C.UTF-8");
	char s[16];
	memset(s, 0xa5, sizeof s);
	errno = 0;
	int r = fwscanf(f, L"%s", s);
	printf("locale change from %s: r=%d errno=%d", from_utf8 ? "utf8" : "C", r, errno);
	hexs("s", s, 8);
	rest(f);
	fclose(f);
	setlocale(LC_ALL, from_utf8 ? "C.UTF-8" : "C");
}

static int my_vfwscanf(int isoc, FILE *f, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = isoc ? __isoc99_vfwscanf(f, fmt, ap) : vfwscanf(f, fmt, ap);
	va_end(ap);
	return r;
}

static int my_vwscanf(int isoc, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = isoc ? __isoc99_vwscanf(fmt, ap) : vwscanf(fmt, ap);
	va_end(ap);
	return r;
}

static void entry_points(void)
{
	FILE *f = file("1 2 3 4 5 6 \xc3\xa9", 14, "r");
	int a = 0, b = 0, c = 0, d = 0;
	int r1 = my_vfwscanf(0, f, L"%d", &a);
	int r2 = my_vfwscanf(1, f, L"%d", &b);
	int r3 = __isoc99_fwscanf(f, L"%d %d", &c, &d);
	printf("entries %d %d %d: %d %d %d %d", r1, r2, r3, a, b, c, d);
	rest(f);
	fclose(f);
	if (!freopen(path, "r", stdin))
		return;
	r1 = wscanf(L"%d", &a);
	r2 = my_vwscanf(0, L"%d", &b);
	r3 = my_vwscanf(1, L"%d", &c);
	int r4 = __isoc99_wscanf(L"%d %d", &d, &a);
	wchar_t w[4] = { 0 };
	int r5 = wscanf(L" %lc", w);
	printf("stdin %d %d %d %d %d: %d %d %d %d %x fwide=%d\n", r1, r2, r3, r4, r5, a, b, c, d, (unsigned)w[0], fwide(stdin, 0));
}

static void run(const char *name, int utf8)
{
	printf("== %s\n", name);
	basic();
	bad_bytes();
	straddle();
	unget_around();
	orientations();
	locale_change(utf8);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/stdio_wscanf_stream_%d", (int)getpid());
	run("C", 0);
	if (!setlocale(LC_ALL, "C.UTF-8"))
		return 1;
	run("C.UTF-8", 1);
	entry_points();
	remove(path);
	return 0;
}
