/* sscanf conversion by conversion: the edge cases the generator meets only by chance,
 * each printed with its result, so that a failing line names itself. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

int __isoc99_sscanf(const char *, const char *, ...);
int __isoc99_vsscanf(const char *, const char *, va_list);

static void hex(const char *tag, const void *p, size_t n)
{
	printf(" %s=", tag);
	for (size_t i = 0; i < n; i++)
		printf("%02x", ((const unsigned char *)p)[i]);
}

static int my_vsscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

static int my_isoc99_vsscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = __isoc99_vsscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

static void ints(void)
{
	static const struct { const char *in, *fmt; } t[] = {
		{ "42", "%d" }, { "-42", "%u" }, { "+7", "%i" }, { "0x1F", "%i" }, { "017", "%i" }, { "019", "%i" },
		{ "0X", "%i" }, { "0xZ", "%x" }, { "-0x10", "%x" }, { "ff", "%X" }, { "777", "%o" }, { "8", "%o" },
		{ "300", "%hhd" }, { "-129", "%hhd" }, { "70000", "%hd" }, { "4294967296", "%d" },
		{ "18446744073709551615", "%lld" }, { "18446744073709551616", "%llu" }, { "-18446744073709551616", "%lld" },
		{ "-9223372036854775808", "%jd" }, { "9223372036854775808", "%zd" }, { "123", "%td" }, { "5", "%Ld" },
		{ "12345", "%2d" }, { "-", "%d" }, { "+-1", "%d" }, { " \t\n 9", "%d" }, { "0x", "%2x" }, { "0x1", "%2i" },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		unsigned char b[8];
		memset(b, 0xa5, sizeof b);
		errno = 0;
		int r = sscanf(t[i].in, t[i].fmt, b);
		printf("int [%s] [%s] r=%d errno=%d", t[i].in, t[i].fmt, r, errno);
		hex("v", b, sizeof b);
		printf("\n");
	}
	void *p = (void *)1;
	int r = sscanf("0x1234abcd", "%p", &p);
	printf("p r=%d %s\n", r, p == (void *)0x1234abcd ? "ok" : "bad");
	r = sscanf("0", "%p", &p);
	printf("p0 r=%d %s\n", r, p == 0 ? "null" : "bad");
}

static void floats(void)
{
	static const struct { const char *in, *fmt; } t[] = {
		{ "1.5", "%f" }, { "1.5", "%lf" }, { "1.5", "%Lf" }, { "-0", "%e" }, { "0x1.8p3", "%a" }, { "0X.8P-2", "%lA" },
		{ "1e-400", "%lg" }, { "1e400", "%lG" }, { "1e400", "%Lf" }, { "INFINITY", "%F" }, { "-inf", "%lE" },
		{ "nan", "%lf" }, { "-nan(0x12)", "%lf" }, { "NaN", "%Lf" }, { "0.1", "%f" }, { "0.1", "%lf" }, { "0.1", "%Lf" },
		{ "3.4028235677973366e38", "%f" }, { "4.9406564584124654e-324", "%lf" }, { "3.6e-4951", "%Lf" },
		{ "1.18973149535723176502e4932", "%Lf" }, { "0x1p-16445", "%Lf" }, { "0x1.fffffffffffff8p1023", "%lf" },
		{ "1.5", "%hf" }, { "1.5", "%llf" }, { "1.5", "%zf" }, { "1.5", "%3lf" }, { "1e+", "%lf" }, { "1e+5", "%4lf" },
		{ ".5", "%lf" }, { "5.", "%lf" }, { ".", "%lf" }, { "1.2.3", "%lf" },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		unsigned char b[16];
		memset(b, 0xa5, sizeof b);
		int r = sscanf(t[i].in, t[i].fmt, b);
		printf("float [%s] [%s] r=%d", t[i].in, t[i].fmt, r);
		hex("v", b, sizeof b);
		printf("\n");
	}
}

/* Fields longer than any buffer: digits far past the last one that matters, zeros before. */
static void long_fields(void)
{
	static char buf[40000];
	static const char *heads[] = { "1.00000000000000011102230246251565404236316680908203125", "0x1.00000000000008", "1" };
	static const char *fmts[] = { "%lf%n", "%Lf%n", "%f%n" };
	for (int h = 0; h < 3; h++)
		for (int tail = 0; tail < 3; tail++) {
			size_t n = strlen(heads[h]);
			memcpy(buf, heads[h], n);
			if (h == 2)
				buf[n++] = '.';
			/* 13,000 or 30,000 zeros, then nothing, a 1, or an exponent. */
			size_t zeros = tail == 2 ? 30000 : 13000;
			memset(buf + n, '0', zeros);
			n += zeros;
			strcpy(buf + n, tail == 0 ? "" : tail == 1 ? "1" : "1p-3");
			for (int f = 0; f < 3; f++) {
				unsigned char b[16];
				int used = -1;
				memset(b, 0xa5, sizeof b);
				int r = sscanf(buf, fmts[f], b, &used);
				printf("long %d %d %s r=%d used=%d", h, tail, fmts[f], r, used);
				hex("v", b, f == 1 ? 10 : f == 0 ? 8 : 4);
				printf("\n");
			}
		}
	/* Half the smallest x87 subnormal, 2^-16446 = 5^16446 / 10^16446, written out exactly
	 * (11,496 significant digits): exactly it rounds to even (0), a hair above it up. */
	{
		static uint32_t limb[1400];
		int used = 1;
		limb[0] = 1;
		for (int i = 0; i < 16446; i++) {
			uint64_t carry = 0;
			for (int k = 0; k < used; k++) {
				uint64_t v = (uint64_t)limb[k] * 5 + carry;
				limb[k] = (uint32_t)(v % 1000000000);
				carry = v / 1000000000;
			}
			if (carry)
				limb[used++] = (uint32_t)carry;
		}
		char digits[13000];
		int nd = sprintf(digits, "%u", limb[used - 1]);
		for (int k = used - 2; k >= 0; k--)
			nd += sprintf(digits + nd, "%09u", limb[k]);
		size_t n = 0;
		memcpy(buf, "0.", 2);
		n = 2;
		memset(buf + n, '0', 16446 - nd);
		n += 16446 - nd;
		memcpy(buf + n, digits, nd);
		n += nd;
		for (int v = 0; v < 3; v++) {
			buf[n] = 0;
			if (v == 1)
				strcpy(buf + n, "0000001");
			if (v == 2)
				buf[n - 1]--; /* just below: the last digit is 5 */
			unsigned char b[16];
			memset(b, 0xa5, sizeof b);
			int r = sscanf(buf, "%Lf", b);
			printf("half subnormal %d digits=%d r=%d", v, nd, r);
			hex("v", b, 10);
			printf("\n");
		}
	}
	/* 0.000...0001e+N: the leading zeros only move the exponent. */
	memcpy(buf, "0.", 2);
	memset(buf + 2, '0', 20000);
	strcpy(buf + 20002, "17e20005");
	unsigned char b[16];
	memset(b, 0xa5, sizeof b);
	int r = sscanf(buf, "%Lf", b);
	printf("leading zeros r=%d", r);
	hex("v", b, 10);
	printf("\n");
}

static void strings(void)
{
	static const struct { const char *in, *fmt; } t[] = {
		{ "  hello world", "%s" }, { "hello", "%3s" }, { "abc", "%c" }, { "abc", "%3c" }, { "ab", "%3c" }, { " x", "%c" },
		{ "abcxyz", "%[a-c]" }, { "]]a", "%[]]" }, { "^-x", "%[-^]" }, { "abc]", "%[^]]" }, { "a-z", "%[a-]" },
		{ "zzy", "%[z-a]" }, { "xyz", "%[a-c]" }, { "", "%[a]" }, { "abc", "%[abc" }, { "\xe9\xff", "%[\xe0-\xff]" },
		{ "a\xc3\xa9 ", "%ls" }, { "ab", "%2lc" }, { "q", "%C" }, { "qr s", "%S" },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		unsigned char b[24];
		memset(b, 0xa5, sizeof b);
		int r = sscanf(t[i].in, t[i].fmt, b);
		printf("str [%s] [%s] r=%d", t[i].in, t[i].fmt, r);
		hex("v", b, sizeof b);
		printf("\n");
	}
}

static void alloc(void)
{
	char *s = (char *)1;
	wchar_t *w = (wchar_t *)1;
	int r = sscanf("  allocated! x", "%ms", &s);
	printf("ms r=%d s=%s\n", r, s);
	free(s);
	s = (char *)1;
	r = sscanf("ab", "%3mc", &s);
	printf("3mc short r=%d untouched=%d\n", r, s == (char *)1);
	r = sscanf("ab", "%m3c", &s);
	printf("m3c (width after m) r=%d untouched=%d\n", r, s == (char *)1);
	r = sscanf("abc", "%2mc", &s);
	printf("2mc r=%d s=%.2s\n", r, s);
	free(s);
	s = (char *)1;
	r = sscanf("xyz", "%m[a-c]", &s);
	printf("m[ fail r=%d untouched=%d\n", r, s == (char *)1);
	r = sscanf("", "%ms", &s);
	printf("ms eof r=%d untouched=%d\n", r, s == (char *)1);
	char big[3000];
	memset(big, 'k', sizeof big - 1);
	big[sizeof big - 1] = 0;
	r = sscanf(big, "%ms", &s);
	printf("ms long r=%d len=%zu\n", r, strlen(s));
	free(s);
	r = sscanf("wide", "%mls", &w);
	printf("mls r=%d %x %x %x %x %x\n", r, (unsigned)w[0], (unsigned)w[1], (unsigned)w[2], (unsigned)w[3], (unsigned)w[4]);
	free(w);
	r = sscanf("skip me", "%*ms %ms", &s);
	printf("*ms r=%d s=%s\n", r, s);
	free(s);
}

static void returns(void)
{
	int a = -1, b = -1, n = -1, r;
	r = sscanf("", "%d", &a);
	printf("empty r=%d\n", r);
	r = sscanf("   ", "%d", &a);
	printf("spaces r=%d\n", r);
	r = sscanf("", "");
	printf("no conv r=%d\n", r);
	r = sscanf("", "%n", &n);
	printf("only n r=%d n=%d\n", r, n);
	r = sscanf("1", "%*d %d", &a);
	printf("suppressed then eof r=%d\n", r);
	r = sscanf("x", "%d", &a);
	printf("match fail r=%d\n", r);
	r = sscanf("", "x");
	printf("literal eof r=%d\n", r);
	r = sscanf("1", "%dx", &a);
	printf("literal after r=%d\n", r);
	r = sscanf("1", "%y", &a);
	printf("bad conv r=%d\n", r);
	r = sscanf("1 2", "%d %y", &a);
	printf("bad conv after r=%d\n", r);
	r = sscanf("  % 5", "%% %d", &a);
	printf("pct r=%d a=%d\n", r, a);
	r = sscanf("12 34", "%d%n %d", &a, &n, &b);
	printf("n not counted r=%d n=%d\n", r, n);
	r = sscanf("  5", "%hy%n", &a, &n);
	printf("hy r=%d n=%d\n", r, n);
	r = sscanf("1\n\t 2", "%d%d", &a, &b);
	printf("ws r=%d a=%d b=%d\n", r, a, b);
	r = sscanf("1", "%qd", &a);
	printf("q r=%d\n", r);
	r = sscanf("1", "%d%", &a);
	printf("trailing pct r=%d\n", r);
}

static void positional(void)
{
	int a = -1, b = -1, c = -1;
	int r = sscanf("1 2 3", "%3$d %1$d %2$d", &a, &b, &c);
	printf("pos r=%d a=%d b=%d c=%d\n", r, a, b, c);
	a = b = c = -1;
	r = sscanf("7 8", "%d %1$d", &a, &b);
	printf("mixed r=%d a=%d b=%d\n", r, a, b);
	a = b = c = -1;
	r = sscanf("4 5", "%1$d %1$d", &a, &b);
	printf("twice r=%d a=%d b=%d\n", r, a, b);
	r = sscanf("4", "%10$d", &a);
	printf("two digits r=%d\n", r);
}

static void long_double_padding(void)
{
	unsigned char b[16];
	memset(b, 0xa5, sizeof b);
	sscanf("-2.5", "%Lf", b);
	hex("ld", b, sizeof b);
	printf("\n");
}

static void names(void)
{
	int a = -1, b = -1;
	int r = __isoc99_sscanf("5 6", "%d %d", &a, &b);
	printf("isoc99 r=%d a=%d b=%d\n", r, a, b);
	r = my_vsscanf("8 9", "%d %d", &a, &b);
	printf("vsscanf r=%d a=%d b=%d\n", r, a, b);
	r = my_isoc99_vsscanf("10 11", "%d %d", &a, &b);
	printf("isoc99_vsscanf r=%d a=%d b=%d\n", r, a, b);
	/* Many arguments: past the registers, onto the stack. */
	int v[12];
	r = sscanf("1 2 3 4 5 6 7 8 9 10 11 12", "%d %d %d %d %d %d %d %d %d %d %d %d", &v[0], &v[1], &v[2], &v[3], &v[4],
		&v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11]);
	printf("many r=%d", r);
	for (int i = 0; i < 12; i++)
		printf(" %d", v[i]);
	printf("\n");
}

int main(void)
{
	alarm(10);
	ints();
	floats();
	long_fields();
	strings();
	alloc();
	returns();
	positional();
	long_double_padding();
	names();
	return 0;
}
