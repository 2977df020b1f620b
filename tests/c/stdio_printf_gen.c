/* Differential printf generator: 100,000+ random format/argument combinations from a
 * seeded PRNG, each run through snprintf with a varied buffer size (0, 1, short ones
 * that truncate, a large one); one line per case with the format, the return value and
 * the bytes written (escaped). The output must equal musl's byte for byte.
 *
 * Covered: every conversion (d i u o x X f F e E g G a A c s p n % lc ls), every flag
 * (- + space # 0, repeated and combined), literal and `*` widths and precisions
 * (negative `*` included), `%n$` positions mixing every argument class, every length
 * modifier (hh h l ll j z t L), wide characters the C locale cannot encode (EILSEQ,
 * return -1), special values (zeros, infinities, NaNs, DBL_MIN,
 * subnormals, LDBL_MAX, the smallest long double, integer extremes) and long-double
 * precisions up to 4000 digits.
 *
 * Only defined behaviour: `#` only with o x X and floats, `0` only with integers and
 * floats, a precision only with integers, floats and strings, lengths only where C
 * defines them, no NULL strings, and every argument of the type its conversion reads.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include <wchar.h>

#define CASES 100000
#define BIG 10000

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
	return (unsigned)(rnd() % n);
}

static char buf[BIG];
static char fmt[512];
static size_t flen;
static long ncase;

static void put(const char *s)
{
	size_t n = strlen(s);
	memcpy(fmt + flen, s, n);
	flen += n;
	fmt[flen] = 0;
}

static void putc_fmt(char c)
{
	fmt[flen++] = c;
	fmt[flen] = 0;
}

static void escaped(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\')
			fputs("\\\\", stdout);
		else if (c >= 32 && c < 127)
			putchar(c);
		else
			printf("\\x%02x", c);
	}
}

/* The size handed to snprintf: 0 (with or without a buffer), 1, small, or the whole buffer. */
static size_t pick_size(int *null_buf)
{
	unsigned k = below(20);
	*null_buf = 0;
	if (k == 0) {
		*null_buf = 1;
		return 0;
	}
	if (k == 1)
		return 0;
	if (k == 2)
		return 1;
	if (k < 9)
		return 2 + below(30);
	return BIG;
}

static void report(int r, size_t n, int null_buf)
{
	printf("%ld ", ncase);
	escaped(fmt, flen);
	printf(" n=%zu%s r=%d [", n, null_buf ? "N" : "", r);
	if (n > 0)
		escaped(buf, strlen(buf));
	else
		printf("%s", buf[0] == '#' ? "untouched" : "WRITTEN");
	printf("]");
}

/* ---------- values ---------- */

static long long int_value(int bits)
{
	static const long long special[] = {0, 1, -1, INT_MAX, INT_MIN, LLONG_MAX, LLONG_MIN, 127, 128, -128, 255, 32767, -32768, 65535, 9, 10, 99, 100};
	if (below(4) == 0)
		return special[below(sizeof special / sizeof special[0])];
	uint64_t v = rnd() >> below(64);
	if (bits < 64)
		v &= (1ull << bits) - 1;
	return below(2) ? (long long)v : -(long long)v;
}

static double double_value(void)
{
	static const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 0.1, 1.0 / 3, 2.0 / 3, 123456.789, 1e-5, 1e-4, 9.9999995e-5,
		999999.5, 0.05, 1e15, 1e16, 1e21, 1e22, 1e100, 9.5, 0.25, 100.0, 1234567.0, DBL_MAX, -DBL_MAX, DBL_MIN, DBL_TRUE_MIN, -DBL_TRUE_MIN,
		DBL_EPSILON, 5e-324, 2.2250738585072009e-308, 3.14159};
	unsigned k = below(16);
	if (k < 5)
		return special[below(sizeof special / sizeof special[0])];
	if (k == 5) {
		switch (below(4)) {
		case 0: return INFINITY;
		case 1: return -INFINITY;
		case 2: return NAN;
		default: return -NAN;
		}
	}
	if (k < 10) {
		/* A short decimal, so that ties and exact cases show up. */
		double v = (double)(long long)(rnd() % 2000001) - 1000000.0;
		int sc = (int)below(10);
		while (sc-- > 0)
			v /= 10;
		return v;
	}
	/* Any finite bit pattern, most of them of moderate size. */
	uint64_t b = rnd();
	if (below(3))
		b = (b & 0x800fffffffffffffull) | ((uint64_t)(1023 - 70 + below(140)) << 52);
	double d;
	memcpy(&d, &b, sizeof d);
	if (isnan(d) || isinf(d))
		d = 0.75;
	return d;
}

static long double make_ld(uint64_t m, uint16_t se)
{
	long double x;
	memset(&x, 0, sizeof x);
	memcpy(&x, &m, 8);
	memcpy((char *)&x + 8, &se, 2);
	return x;
}

static long double ldouble_value(void)
{
	static const long double special[] = {0.0L, -0.0L, 1.0L, -1.0L, 0.5L, 2.5L, 0.1L, 1.0L / 3, -2.0L / 3, 1e-5L, 1e4000L, 1e-4000L, 123456789.987654321L,
		LDBL_MAX, -LDBL_MAX, LDBL_MIN, LDBL_TRUE_MIN, -LDBL_TRUE_MIN, LDBL_EPSILON, (long double)DBL_MAX, (long double)DBL_TRUE_MIN, 9.5L, 999999.5L};
	unsigned k = below(16);
	if (k < 5)
		return special[below(sizeof special / sizeof special[0])];
	if (k == 5) {
		switch (below(6)) {
		case 0: return INFINITY;
		case 1: return -INFINITY;
		case 2: return NAN;
		case 3: return -NAN;
		case 4: return make_ld(0x8000000000000000ull | rnd(), 0); /* pseudo-denormal */
		default: return make_ld(rnd() >> 1, (uint16_t)(below(2) << 15 | (1 + below(0x7ffe)))); /* unnormal */
		}
	}
	if (k < 8)
		return (long double)double_value();
	uint16_t se;
	if (below(40) == 0)
		se = (uint16_t)below(0x7fff); /* anywhere, subnormals included: slow, so rarely */
	else
		se = (uint16_t)(16383 - 200 + below(400));
	if (below(2))
		se |= 0x8000;
	uint64_t m = rnd();
	if ((se & 0x7fff) != 0)
		m |= 0x8000000000000000ull;
	else
		m &= 0x7fffffffffffffffull;
	return make_ld(m, se);
}

/* ---------- one conversion specification ---------- */

enum type { T_NONE, T_INT, T_UINT, T_LONG, T_ULONG, T_LLONG, T_ULLONG, T_INTMAX, T_UINTMAX, T_SSIZE, T_SIZE, T_PTRDIFF, T_DOUBLE, T_LDOUBLE, T_STR, T_WINT, T_WSTR, T_PTR, T_COUNT };

struct spec {
	enum type type;
	int stars;		/* `*` arguments before the value */
	int star[2];
	char len[3];		/* for %n: the length */
};

static void flags(const char *allowed)
{
	unsigned n = below(4);
	size_t a = strlen(allowed);
	if (a == 0)
		return;
	while (n--)
		putc_fmt(allowed[below((unsigned)a)]);
}

/* Set while building formats whose calls pass no `*` arguments. */
static int no_star;

static int star_value(void)
{
	static const int special[] = {0, 1, -1, 5, -5, 20, -20, 33};
	return below(3) ? (int)below(25) - 5 : special[below(8)];
}

/* Width and precision, literal or `*`. `prec_ok` says a precision is defined. */
static void width_prec(struct spec *s, int prec_ok, int big_prec)
{
	unsigned w = below(6);
	char t[32];
	if (w == 1 || w == 2) {
		snprintf(t, sizeof t, "%u", 1 + below(w == 1 ? 12 : 40));
		put(t);
	} else if (w == 3 && !no_star) {
		put("*");
		s->star[s->stars++] = star_value();
	}
	if (!prec_ok)
		return;
	unsigned p = below(7);
	if (p == 1) {
		put(".");
	} else if (p == 2 || p == 3) {
		unsigned v = big_prec && below(8) == 0 ? 20 + below(60) : below(p == 2 ? 4 : 20);
		snprintf(t, sizeof t, ".%u", v);
		put(t);
	} else if (p == 4 && !no_star) {
		put(".*");
		s->star[s->stars++] = star_value();
	}
}

static void int_spec(struct spec *s, int is_signed)
{
	static const char *lens[] = {"", "hh", "h", "l", "ll", "j", "z", "t"};
	unsigned l = below(8);
	flags(is_signed ? "-+ 0" : "-+ 0#");
	width_prec(s, 1, 0);
	put(lens[l]);
	if (is_signed) {
		static const enum type ty[] = {T_INT, T_INT, T_INT, T_LONG, T_LLONG, T_INTMAX, T_SSIZE, T_PTRDIFF};
		s->type = ty[l];
		putc_fmt("di"[below(2)]);
	} else {
		static const enum type ty[] = {T_UINT, T_UINT, T_UINT, T_ULONG, T_ULLONG, T_UINTMAX, T_SIZE, T_SIZE};
		s->type = ty[l];
		putc_fmt("ouxX"[below(4)]);
	}
}

static void float_spec(struct spec *s, int is_long)
{
	flags("-+ 0#");
	width_prec(s, 1, 1);
	if (is_long)
		put("L");
	else if (below(8) == 0)
		put("l");
	putc_fmt("fFeEgGaA"[below(8)]);
	s->type = is_long ? T_LDOUBLE : T_DOUBLE;
}

static void literal(void)
{
	static const char *texts[] = {"", "", "", "x", "[", "]", "ab", "%%", "a%%b", " ", "--", "0123456789", "long literal text before the conversion "};
	put(texts[below(sizeof texts / sizeof texts[0])]);
}

/* Builds one random single-conversion format into fmt. */
static void single(struct spec *s)
{
	memset(s, 0, sizeof *s);
	flen = 0;
	fmt[0] = 0;
	literal();
	putc_fmt('%');
	unsigned k = below(100);
	if (k < 20) {
		int_spec(s, 1);
	} else if (k < 40) {
		int_spec(s, 0);
	} else if (k < 64) {
		float_spec(s, 0);
	} else if (k < 75) {
		float_spec(s, 1);
	} else if (k < 79) {
		flags("-+ ");
		width_prec(s, 0, 0);
		put("c");
		s->type = T_INT;
	} else if (k < 85) {
		flags("-+ ");
		width_prec(s, 1, 0);
		put("s");
		s->type = T_STR;
	} else if (k < 88) {
		flags("-+ ");
		width_prec(s, 0, 0);
		put("p");
		s->type = T_PTR;
	} else if (k < 92) {
		static const char *lens[] = {"", "hh", "h", "l", "ll", "j", "z", "t"};
		const char *l = lens[below(8)];
		put(l);
		put("n");
		strcpy(s->len, l);
		s->type = T_COUNT;
	} else if (k < 94) {
		flags("-+ ");
		width_prec(s, 0, 0);
		put("lc");
		s->type = T_WINT;
	} else if (k < 97) {
		flags("-+ ");
		width_prec(s, 1, 0);
		put("ls");
		s->type = T_WSTR;
	} else {
		/* No conversion at all: just text with `%%`. */
		flen--;
		fmt[flen] = 0;
		put("%%");
		s->type = T_NONE;
	}
	literal();
}

static const char *strings[] = {"", "a", "hello", "hello, world", "with\ttab", "0123456789abcdefghij", "\xc3\xa9t\xc3\xa9"};
static const wchar_t *wstrings[] = {L"", L"w", L"wide", L"a wide string here", L"0123456789", L"", L"w", L"wide", L"a wide string here", L"0123456789", L"caf\xe9"};

#define CALL(...)                                                                                        \
	do {                                                                                             \
		if (s.stars == 0)                                                                        \
			r = snprintf(dst, n, fmt, __VA_ARGS__);                                          \
		else if (s.stars == 1)                                                                   \
			r = snprintf(dst, n, fmt, s.star[0], __VA_ARGS__);                               \
		else                                                                                     \
			r = snprintf(dst, n, fmt, s.star[0], s.star[1], __VA_ARGS__);                   \
	} while (0)

static void run_single(void)
{
	struct spec s;
	single(&s);
	int null_buf;
	size_t n = pick_size(&null_buf);
	char *dst = null_buf ? NULL : buf;
	memset(buf, '#', 64);
	buf[64] = 0;
	int r = 0;
	union {
		signed char hh;
		short h;
		int i;
		long l;
		long long ll;
		intmax_t j;
		ssize_t z;
		ptrdiff_t t;
	} cnt;
	memset(&cnt, 0x55, sizeof cnt);
	switch (s.type) {
	case T_NONE: r = snprintf(dst, n, fmt); break;
	case T_INT: {
		int v = (int)int_value(32);
		CALL(v);
		break;
	}
	case T_UINT: CALL((unsigned)int_value(32)); break;
	case T_LONG: CALL((long)int_value(64)); break;
	case T_ULONG: CALL((unsigned long)int_value(64)); break;
	case T_LLONG: CALL((long long)int_value(64)); break;
	case T_ULLONG: CALL((unsigned long long)int_value(64)); break;
	case T_INTMAX: CALL((intmax_t)int_value(64)); break;
	case T_UINTMAX: CALL((uintmax_t)int_value(64)); break;
	case T_SSIZE: CALL((ssize_t)int_value(64)); break;
	case T_SIZE: CALL((size_t)int_value(64)); break;
	case T_PTRDIFF: CALL((ptrdiff_t)int_value(64)); break;
	case T_DOUBLE: CALL(double_value()); break;
	case T_LDOUBLE: CALL(ldouble_value()); break;
	case T_STR: CALL(strings[below(sizeof strings / sizeof strings[0])]); break;
	case T_WINT: {
		/* 0 prints nothing in musl; the C locale cannot encode U+00E9 or U+20AC (EILSEQ). */
		static const wint_t wc[] = {'a', 'Z', '0', ' ', '~', 0x7f, 1, 'b', 'c', 'd', 'e', 'f', 'g', 0, 0xe9, 0x20ac};
		CALL(wc[below(sizeof wc / sizeof wc[0])]);
		break;
	}
	case T_WSTR: CALL(wstrings[below(sizeof wstrings / sizeof wstrings[0])]); break;
	case T_PTR: {
		static const uintptr_t pv[] = {0, 1, 0x1000, 0xdeadbeef, 0x7fffffffffffull, UINTPTR_MAX};
		CALL((void *)pv[below(sizeof pv / sizeof pv[0])]);
		break;
	}
	case T_COUNT:
		if (!strcmp(s.len, "hh"))
			CALL(&cnt.hh);
		else if (!strcmp(s.len, "h"))
			CALL(&cnt.h);
		else if (!strcmp(s.len, "l"))
			CALL(&cnt.l);
		else if (!strcmp(s.len, "ll"))
			CALL(&cnt.ll);
		else if (!strcmp(s.len, "j"))
			CALL(&cnt.j);
		else if (!strcmp(s.len, "z"))
			CALL(&cnt.z);
		else if (!strcmp(s.len, "t"))
			CALL(&cnt.t);
		else
			CALL(&cnt.i);
		break;
	}
	report(r, n, null_buf);
	if (s.stars)
		printf(" *%d", s.star[0]);
	if (s.stars > 1)
		printf(" *%d", s.star[1]);
	if (s.type == T_COUNT)
		printf(" count=%lld", !strcmp(s.len, "hh") ? cnt.hh : !strcmp(s.len, "h") ? cnt.h : s.len[0] == 0 ? cnt.i : (long long)cnt.ll);
	putchar('\n');
}

/* Several conversions in order: a few fixed argument patterns. */
static void run_sequence(void)
{
	int null_buf;
	size_t n = pick_size(&null_buf);
	char *dst = null_buf ? NULL : buf;
	memset(buf, '#', 64);
	buf[64] = 0;
	struct spec s;
	memset(&s, 0, sizeof s);
	flen = 0;
	int a = (int)int_value(32);
	long long b = int_value(64);
	double c = double_value();
	long double d = ldouble_value();
	const char *e = strings[below(sizeof strings / sizeof strings[0])];
	int r;
	struct spec dummy;
	memset(&dummy, 0, sizeof dummy);
	no_star = 1;
	switch (below(4)) {
	case 0:
		/* %d %s %f */
		putc_fmt('%'); flags("-+ 0"); put("d "); put("%"); flags("-"); put("s "); put("%"); flags("-+ 0#"); put("f");
		r = snprintf(dst, n, fmt, a, e, c);
		break;
	case 1:
		/* long double, long long, double */
		put("%"); float_spec(&dummy, 1); put(" %lld %"); float_spec(&dummy, 0);
		r = snprintf(dst, n, fmt, d, b, c);
		break;
	case 2:
		/* a long double with an int and a double before it, then a string */
		put("<%x|"); put("%"); float_spec(&dummy, 0); put("|%"); float_spec(&dummy, 1); put("|%s>");
		r = snprintf(dst, n, fmt, (unsigned)a, c, d, e);
		break;
	default: {
		/* Two long doubles around a counted prefix. */
		int cnt = -1;
		put("%.3Le%n %"); float_spec(&dummy, 1);
		no_star = 0;
		r = snprintf(dst, n, fmt, d, &cnt, (long double)c);
		report(r, n, null_buf);
		printf(" count=%d\n", cnt);
		return;
	}
	}
	no_star = 0;
	report(r, n, null_buf);
	putchar('\n');
}

/* Positional: arguments (int, double, char *, long double, long long, int, unsigned)
 * named in any order and repeated; every position up to the largest used is used. */
static void run_positional(void)
{
	int null_buf;
	size_t n = pick_size(&null_buf);
	char *dst = null_buf ? NULL : buf;
	memset(buf, '#', 64);
	buf[64] = 0;
	flen = 0;
	fmt[0] = 0;
	int a1 = (int)int_value(32);
	double a2 = double_value();
	const char *a3 = strings[below(sizeof strings / sizeof strings[0])];
	long double a4 = ldouble_value();
	long long a5 = int_value(64);
	int a6 = star_value();
	unsigned a7 = (unsigned)int_value(32);
	unsigned k = 1 + below(7);
	unsigned order[16];
	unsigned m = 0;
	for (unsigned i = 1; i <= k; i++)
		order[m++] = i;
	unsigned extra = below(4);
	while (extra--)
		order[m++] = 1 + below(k);
	for (unsigned i = m; i > 1; i--) {
		unsigned j = below(i), t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
	char t[32];
	for (unsigned i = 0; i < m; i++) {
		unsigned p = order[i];
		if (i)
			put(below(2) ? " " : "|");
		snprintf(t, sizeof t, "%%%u$", p);
		put(t);
		/* A `*` from position 6 (an int), when there is one. */
		const char *wstar = k >= 6 && below(3) == 0 ? "*6$" : "";
		switch (p) {
		case 1:
			flags("-+ 0"); put(wstar); put(below(2) ? "d" : "i");
			break;
		case 2:
			flags("-+ 0#"); put(wstar);
			if (below(2)) {
				snprintf(t, sizeof t, ".%u", below(20));
				put(t);
			}
			putc_fmt("fFeEgGaA"[below(8)]);
			break;
		case 3:
			flags("-"); put(wstar); put(below(2) ? ".3s" : "s");
			break;
		case 4:
			flags("-+ 0#"); put(wstar);
			if (below(2) && k >= 6) {
				put(".*6$");
			}
			put("L");
			putc_fmt("fFeEgGaA"[below(8)]);
			break;
		case 5:
			flags("-+ 0"); put(wstar); put("lld");
			break;
		case 6:
			flags("-+ 0"); put("d");
			break;
		default:
			flags("-0#"); put(wstar); putc_fmt("ouxX"[below(4)]);
			break;
		}
	}
	int r = snprintf(dst, n, fmt, a1, a2, a3, a4, a5, a6, a7);
	report(r, n, null_buf);
	putchar('\n');
}

/* Fixed cases: the long-double extremes at large precisions. */
static void fixed_cases(void)
{
	static const char *fmts[] = {"%.4000Lf", "%.4000Le", "%.4000Lg", "%.70Le", "%.17000Lf", "%Lf", "%.40La", "%#.0Lf"};
	long double vals[] = {LDBL_MAX, LDBL_TRUE_MIN, LDBL_MIN, 1.0L / 3, -LDBL_MAX, 0.1L};
	for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
		for (size_t j = 0; j < sizeof vals / sizeof vals[0]; j++) {
			static char big[20000];
			int r = snprintf(big, sizeof big, fmts[i], vals[j]);
			printf("fixed %s %zu r=%d ", fmts[i], j, r);
			escaped(big, strlen(big));
			putchar('\n');
		}
}

int main(void)
{
	alarm(20);
	fixed_cases();
	for (ncase = 0; ncase < CASES; ncase++) {
		unsigned k = below(100);
		if (k < 85)
			run_single();
		else if (k < 93)
			run_sequence();
		else
			run_positional();
	}
	printf("done %ld cases\n", ncase);
	return 0;
}
