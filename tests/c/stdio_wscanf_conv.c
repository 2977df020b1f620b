/* swscanf conversion by conversion, in the C locale and then in C.UTF-8: numbers, strings
 * stored as multibyte and as wide characters, wide %[ sets, literals and white space,
 * %n, %m, unknown conversions, input and matching failures, characters the locale cannot
 * encode (musl ends the input where their 256-byte piece starts) and the v and __isoc99_
 * entry points. Each line prints the result, errno and every byte stored. */
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

int __isoc99_swscanf(const wchar_t *, const wchar_t *, ...);
int __isoc99_vswscanf(const wchar_t *, const wchar_t *, va_list);

static unsigned char d[4][96];

static void pw(const wchar_t *s)
{
	for (; *s; s++) {
		if (*s >= 0x20 && *s < 0x7f && *s != '\\')
			putchar(*s);
		else
			printf("\\x{%x}", (unsigned)*s);
	}
}

static void dump(void)
{
	for (int i = 0; i < 4; i++) {
		int last = -1;
		for (int j = 0; j < 96; j++)
			if (d[i][j] != 0xa5)
				last = j;
		if (last < 0)
			continue;
		printf(" d%d=", i);
		for (int j = 0; j <= last; j++)
			printf("%02x", d[i][j]);
	}
}

static void t(const wchar_t *in, const wchar_t *fmt)
{
	memset(d, 0xa5, sizeof d);
	errno = 0;
	int r = swscanf(in, fmt, d[0], d[1], d[2], d[3]);
	int e = errno;
	pw(fmt);
	printf(" <- \"");
	pw(in);
	printf("\": r=%d errno=%d", r, e);
	dump();
	printf("\n");
}

static int my_vswscanf(int isoc, const wchar_t *s, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = isoc ? __isoc99_vswscanf(s, fmt, ap) : vswscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

static void alloc_cases(void)
{
	char *s = 0, *s2 = 0;
	wchar_t *w = 0;
	int r = swscanf(L"h\xe9llo w\xf6rld  xyz", L"%ms %mls %m3c", &s, &w, &s2);
	printf("alloc r=%d", r);
	if (r >= 1) {
		printf(" s=");
		for (char *p = s; *p; p++)
			printf("%02x", (unsigned char)*p);
		free(s);
	}
	if (r >= 2) {
		printf(" w=");
		for (wchar_t *p = w; *p; p++)
			printf("%x.", (unsigned)*p);
		free(w);
	}
	if (r >= 3) {
		printf(" c=%02x%02x%02x", (unsigned char)s2[0], (unsigned char)s2[1], (unsigned char)s2[2]);
		free(s2);
	}
	printf("\n");
	/* A failed %m leaves the pointer alone. */
	s = (char *)1;
	r = swscanf(L"123", L"%m[a-z]", &s);
	printf("alloc fail r=%d untouched=%d\n", r, s == (char *)1);
	/* Long ones grow. */
	wchar_t big[600];
	for (int i = 0; i < 599; i++)
		big[i] = L'a' + i % 26;
	big[599] = 0;
	r = swscanf(big, L"%mls", &w);
	printf("alloc big r=%d same=%d\n", r, r == 1 && !wcscmp(w, big));
	if (r == 1)
		free(w);
	r = swscanf(big, L"%ms", &s);
	printf("alloc big narrow r=%d len=%zu\n", r, r == 1 ? strlen(s) : 0);
	if (r == 1)
		free(s);
}

static void long_inputs(void)
{
	static wchar_t big[700], out[700];
	int n = -1;
	/* 300 characters then one the locale may not encode. */
	for (int i = 0; i < 300; i++)
		big[i] = 'a';
	big[300] = 0x100;
	big[301] = 0;
	errno = 0;
	int r = swscanf(big, L"%ls%n", out, &n);
	printf("long ascii+0x100 r=%d n=%d errno=%d\n", r, n, errno);
	/* 200 two-byte characters: UTF-8 pieces of 128 characters. */
	for (int i = 0; i < 200; i++)
		big[i] = 0xe9;
	big[200] = 'x';
	big[201] = 0xd800;
	big[202] = 0;
	n = -1;
	errno = 0;
	r = swscanf(big, L"%ls%n", out, &n);
	printf("long e9+surrogate r=%d n=%d errno=%d\n", r, n, errno);
	/* Three-byte characters straddling a 256-byte piece, then a number. */
	for (int i = 0; i < 90; i++)
		big[i] = 0x20ac;
	wcscpy(big + 90, L" 12345 tail");
	n = -1;
	int v = 0;
	r = swscanf(big, L"%*ls%d%n", &v, &n);
	printf("long euro r=%d v=%d n=%d\n", r, v, n);
}

static void cases(void)
{
	/* integers */
	t(L"42", L"%d");
	t(L"-17 0x1f 012 0X", L"%i %i %i %i");
	t(L"0xg", L"%x%n");
	t(L"+", L"%d");
	t(L"12345", L"%3d%d");
	t(L"300 -129 70000", L"%hhd %hd %hhu");
	t(L"18446744073709551616 -5", L"%llu %jd");
	t(L"777 ff FF", L"%o %x %X");
	t(L"0x1234", L"%p");
	t(L"12 34", L"%*d %d");
	t(L"12 34", L"%2$d %1$d");
	t(L"5", L"%Ld");
	t(L"12345", L"%0d%n");
	/* floats */
	t(L"1.5 -2.25e3", L"%f %lf");
	t(L"0x1p3 0X.8P-2", L"%la %lA");
	t(L"inf -INFINITY nan nan(12)", L"%lf %lf %lf %lf");
	t(L"1e+x", L"%lf%n");
	t(L"1e400 .5", L"%le %lg");
	t(L"-2.5", L"%Lf");
	t(L"1.5", L"%hf");
	t(L"1.5", L"%llf");
	t(L"nan(x", L"%lf");
	t(L"12.5e2x", L"%4lf%n");
	/* strings and characters */
	t(L"hello world", L"%s %s");
	t(L"h\xe9llo w\xf6rld", L"%s %ls");
	t(L"\x20ac\x1f600 x", L"%s%n");
	t(L"\x20ac\x1f600 x", L"%ls%n");
	t(L"abcdef", L"%3s%ls");
	t(L"abcdef", L"%3ls%n");
	t(L"  ab", L"%c%c%lc");
	t(L"\xe9\x20ac!", L"%2c%lc");
	t(L"ab", L"%3c");
	t(L"abc", L"%0c%n");
	t(L"abc", L"%0s");
	t(L"\xe9t\xe9", L"%3lc%n");
	t(L"a b", L"%*s %*c%n");
	t(L"a\x3000" L"b\x2007" L"c\x85" L"d\xa0" L"e", L"%ls%ls%ls");
	t(L"a\x1680" L"b", L"%ls");
	/* sets */
	t(L"abcxyz", L"%[a-c]%s");
	t(L"ab]-c", L"%[]a-b-]%lc");
	t(L"-ab", L"%[-a]%n");
	t(L"a-b", L"%[a-]%n");
	t(L"xy]z", L"%[^]z]%n");
	t(L"zyx", L"%[z-x]%n");
	t(L"\xe9\xe8\xea-x", L"%l[\xe8-\xea]%n");
	t(L"\xe9\xe8\xea-x", L"%[\xe8-\xea]%n");
	t(L"\x101\x100\x102", L"%l[^\x100]%n");
	t(L"ab\x100", L"%[^\x100]%n");
	t(L"\x100\x17f\x180", L"%l[\x100-\x17f]%lc");
	t(L"\x1f600\x1f601", L"%l[\x1f600-\x1f64f]");
	t(L"abc", L"%[abc");
	t(L"", L"%[abc");
	t(L"abc", L"%[]");
	t(L"abc", L"%2[a-z]%[a-z]");
	/* literals and white space */
	t(L"abc12", L"abc%d");
	t(L"abX", L"abc%d");
	t(L"  %  7", L"%%%d");
	t(L"\x3000\x2000 42", L"%d%n");
	t(L"x\x2028\x2029y", L"x y%n");
	t(L"\xe9" L"5", L"\xe9%d");
	t(L"\xe8" L"5", L"\xe9%d");
	t(L"a\x3000" L"b", L"a\x3000" L"b%n");
	t(L"12 ab", L"%d%n ab%n");
	/* %n */
	t(L"h\xe9llo", L"%s%n");
	t(L"  12", L"%n%d%hhn");
	t(L"1 2", L"%d%lln %d%jn");
	/* unknown and odd conversions */
	t(L"12 x", L"%d %lq");
	t(L"x", L"%lq");
	t(L"x", L"%y");
	t(L"12 x", L"%d %hs");
	t(L"12 x", L"%d %Lc");
	t(L"12 xy", L"%d %llc%n");
	t(L"ab", L"%S %C");
	t(L"ab cd", L"%S %C%C");
	t(L"12", L"%");
	t(L"12", L"%l");
	/* failures */
	t(L"", L"%d");
	t(L"   ", L"%d");
	t(L"   ", L" ");
	t(L"", L"");
	t(L"abc", L"%d");
	t(L"12", L"%d%d");
	t(L"12 ", L"%d %c");
	t(L"12\xe9", L"%d%lc");
	t(L"\xe9" L"12", L"%d");
	t(L"\x100" L"12", L"%lc%d");
	t(L"12", L"%d\x100");
	/* characters only one locale can encode */
	t(L"\xdf80\xdfff", L"%ls%n");
	t(L"\xdf80\xdfff", L"%s%n");
	t(L"\xd800", L"%lc");
	t(L"x\x110000", L"%lc");
	t(L"\x7f\x80", L"%ls");
}

static void run(const char *name)
{
	printf("== %s\n", name);
	cases();
	alloc_cases();
	long_inputs();
	int a = 0, b = 0;
	int r = my_vswscanf(0, L"3 4", L"%d %d", &a, &b);
	printf("vswscanf r=%d %d %d\n", r, a, b);
	r = my_vswscanf(1, L"5 6", L"%d %d", &a, &b);
	printf("__isoc99_vswscanf r=%d %d %d\n", r, a, b);
	r = __isoc99_swscanf(L"7 8", L"%d %d", &a, &b);
	printf("__isoc99_swscanf r=%d %d %d\n", r, a, b);
}

int main(void)
{
	alarm(10);
	run("C");
	if (!setlocale(LC_ALL, "C.UTF-8"))
		return 1;
	run("C.UTF-8");
	return 0;
}
