/* Differential wide printf generator: random wide formats and arguments from a seeded
 * PRNG, each run through swprintf with a varied buffer size (0, 1, short ones that
 * truncate, large ones), half of them in the C locale and half in C.UTF-8; one line per
 * case with the return value, errno, every %n result and every wchar_t of the buffer
 * (so terminators, truncation and musl's L'\0' fill are compared too), then the same call
 * through fwprintf onto a wide- or a byte-oriented stream, with its result, errno, error
 * flag and the bytes it wrote. The output must
 * equal musl's byte for byte. `./stdio_wprintf_gen N SEED` runs 2N cases from SEED;
 * a third argument prints each format as well.
 *
 * Covered: d i o u x X with every length (hh h l ll j z t), c lc C s ls S n m % (not p:
 * musl's wide printf fails it, see stdio_wprintf_pointer), f F e E g G a A with and without L, the flags - + space # 0 ', literal and
 * `*` widths and precisions (negative `*` too), `%n$` positions with `*n$`, literal text
 * with characters the C locale cannot encode, characters and strings (EILSEQ, btowc of
 * bytes and EOF, invalid and incomplete multibyte strings), invalid conversions.
 *
 * Some widths are large, so that outputs pass the 256 bytes through which musl's swprintf
 * converts them back from bytes, and some buffers hold 257 or 1000 characters.
 * Arguments are passed as 3 (or 8) long longs, 8 doubles and 2 long doubles, so that
 * each class is read in order from its own registers or stack slots whatever the format.
 */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static unsigned long long rs;
static unsigned rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)((rs >> 11) % n);
}

enum { CI, CD, CL };

static wchar_t fmt[256];
static int fl;
static long long I[8];
static double D[8];
static long double L[2];
static int ni, nd, nl;
static int maxi;
/* Arguments in the order the format reads them (by position when positional). */
static struct { int cls; long long i; double d; long double l; } arg[16];
static int na;
static int npos;
static int positional;
static int nstore[8];
static signed char hhstore[8];
static short hstore[8];
static long long llstore[8];
static int nn;

static const char *strs[] = { "", "abc", "h\xc3\xa9llo", "\xff", "x\xe2\x82\xac y", "\xc3", "\xf0\x9f\x98\x80!", "tail\xe9", NULL };
static const wchar_t *wstrs[] = { L"", L"abc", L"\xe9t\xe9", L"\x20ac\x20ac", L"\xdfe9z", L"a\xd800" L"b", L"\x1f600", L"longer string" };

/* musl's vfwprintf fails some positional formats (-1, errno unchanged, or a crash)
 * depending on what earlier calls left on the stack: it seems to read an entry of its
 * table of argument types that it never initialised. A cleared stack makes the same
 * formats work as they do in a fresh process. */
static void __attribute__((noinline)) clear_stack(void)
{
	volatile char pad[16384];
	for (size_t i = 0; i < sizeof pad; i++) pad[i] = 0;
}

static void put(wchar_t c) { fmt[fl++] = c; }
static void puts_ascii(const char *s) { while (*s) put((unsigned char)*s++); }
static void putnum(int n) { char b[16]; snprintf(b, sizeof b, "%d", n); puts_ascii(b); }

static int can_take(int cls)
{
	/* musl's vfwprintf crashed on a generated format with 8 positions (and 9 work in
	 * stdio_wprintf_edge only by chance, it seems); stay at 7. */
	if (positional && na >= 7) return 0;
	if (cls == CI) return ni < maxi;
	if (cls == CD) return nd < 8;
	return nl < 2 && maxi == 3;
}

/* Records an argument of class `cls`; returns its position (1-based) when positional. */
static int take(int cls, long long i, double d, long double l)
{
	if (cls == CI) ni++;
	else if (cls == CD) nd++;
	else nl++;
	arg[na].cls = cls;
	arg[na].i = i;
	arg[na].d = d;
	arg[na].l = l;
	return ++na;
}

static long long rint_val(void)
{
	static const long long special[] = { 0, 1, -1, 127, 128, 255, 256, -128, 32767, -32768, 65535, 2147483647LL,
		-2147483647LL - 1, 4294967295LL, 9223372036854775807LL, -9223372036854775807LL - 1 };
	switch (rnd(3)) {
	case 0: return special[rnd(sizeof special / sizeof *special)];
	case 1: return (long long)rnd(1000) - 500;
	default: return (long long)(((unsigned long long)rnd(1u << 31) << 33) ^ ((unsigned long long)rnd(1u << 31) << 2) ^ rnd(4));
	}
}

static double rdbl(int fixed)
{
	static const double special[] = { 0.0, -0.0, 1.0, -1.5, 0.1, 2.5, 1e-5, 123456.789, 9.999999e14, 1e15, 1e-300, 5e-324,
		2.2250738585072014e-308, 1.7976931348623157e308 };
	double x;
	switch (rnd(4)) {
	case 0: x = special[rnd(sizeof special / sizeof *special)]; break;
	case 1: x = rnd(2) ? 1.0 / 0.0 : (rnd(2) ? -(0.0 / 0.0) : 0.0 / 0.0); break;
	case 2: x = ((double)rnd(2000000) - 1000000) / (double)(1 + rnd(1000)); break;
	default: {
		unsigned long long b = ((unsigned long long)rnd(1u << 31) << 33) ^ ((unsigned long long)rnd(1u << 31) << 2) ^ rnd(4);
		memcpy(&x, &b, sizeof x);
	}
	}
	/* Keeps most %f fields short. */
	if (fixed && (x > 1e15 || x < -1e15) && rnd(4)) x = 1234.5;
	return x;
}

static void flags(const char *allowed)
{
	int k = rnd(3);
	while (k--) put((unsigned char)allowed[rnd(strlen(allowed))]);
}

/* Width and precision: none, a number, or `*` (negative values too). */
static void count(int prec, int allow)
{
	if (!allow) return;
	int w = rnd(5);
	if (w == 0 || w == 1) return;
	if (prec) put('.');
	if (w == 4 && can_take(CI)) {
		put('*');
		int v = (int)rnd(prec ? 20 : 30) - (prec ? 3 : 10) + (rnd(3) ? 0 : (int)rnd(300));
		int p = take(CI, v, 0, 0);
		if (positional) {
			putnum(p);
			put('$');
		}
		return;
	}
	if (w == 3 && prec) return; /* a lone '.' */
	putnum(rnd(prec ? 16 : 24) + (rnd(3) ? 0 : rnd(300)));
}

static void conversion(void)
{
	int kind = rnd(100);
	int start = fl, sna = na, sni = ni, snd = nd, snl = nl, snn = nn;
	put('%');
	int posat = fl;
	if (positional) {
		/* Placeholder for the position, patched after the `*`s took theirs. */
		put('?');
		put('$');
	}
	if (kind < 30) {
		static const char *lens[] = { "", "hh", "h", "l", "ll", "j", "z", "t" };
		static const char conv[] = "diouxX";
		char c = conv[rnd(6)];
		flags(c == 'o' || c == 'x' || c == 'X' ? "-+ #0'" : "-+ 0'");
		count(0, 1);
		count(1, 1);
		if (!can_take(CI)) goto fail;
		puts_ascii(lens[rnd(8)]);
		put(c);
		int p = take(CI, rint_val(), 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 50) {
		static const char conv[] = "fFeEgGaA";
		int ld = rnd(4) == 0 && can_take(CL);
		char c = conv[rnd(8)];
		flags("-+ #0'");
		count(0, 1);
		count(1, 1);
		if (!ld && !can_take(CD)) goto fail;
		if (ld) put('L');
		put(c);
		double x = rdbl(c == 'f' || c == 'F');
		int p = ld ? take(CL, 0, 0, (long double)x * (rnd(2) ? 1.0L : 3.0L)) : take(CD, 0, x, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 60) {
		static const int cs[] = { 'a', 'Z', ' ', 0xe9, 0x80, 0xff, 0x141, -1, 0, 0x7f };
		flags("-0");
		count(0, 1);
		if (!can_take(CI)) goto fail;
		put('c');
		int p = take(CI, cs[rnd(10)], 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 68) {
		static const long long ws[] = { 'a', 0xe9, 0x100, 0x20ac, 0xdf80, 0xdfff, 0xd800, 0x10ffff, 0x110000, 0, 0xffffffffLL, 0x1f600 };
		flags("-");
		count(0, 1);
		if (!can_take(CI)) goto fail;
		puts_ascii(rnd(2) ? "lc" : "C");
		int p = take(CI, ws[rnd(12)], 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 80) {
		flags("-0");
		count(0, 1);
		count(1, 1);
		if (!can_take(CI)) goto fail;
		put('s');
		int p = take(CI, (long long)(size_t)strs[rnd(9)], 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 88) {
		flags("-");
		count(0, 1);
		count(1, 1);
		if (!can_take(CI)) goto fail;
		puts_ascii(rnd(2) ? "ls" : "S");
		int p = take(CI, (long long)(size_t)wstrs[rnd(8)], 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 93) {
		static const char *lens[] = { "", "hh", "h", "ll" };
		if (!can_take(CI) || nn == 8) goto fail;
		int which = rnd(4);
		puts_ascii(lens[which]);
		put('n');
		void *ptr = which == 0 ? (void *)&nstore[nn] : which == 1 ? (void *)&hhstore[nn] : which == 2 ? (void *)&hstore[nn] : (void *)&llstore[nn];
		nn++;
		int p = take(CI, (long long)(size_t)ptr, 0, 0);
		if (positional) fmt[posat] = '0' + p;
	} else if (kind < 95) {
		if (positional) goto fail;
		flags("-");
		count(0, 1);
		count(1, 1);
		put('m');
	} else if (kind < 97) {
		if (positional) goto fail;
		put('%');
	} else if (kind < 98) {
		/* No %p: musl's wide printf fails it (stdio_wprintf_pointer). */
		goto fail;
	} else {
		static const char *bad[] = { "y", "hs", "Ld", "lp", "5%", "l\x01" };
		puts_ascii(bad[rnd(6)]);
		if (positional) fmt[posat] = '1';
	}
	return;
fail:
	/* Whatever a `*` took goes back with the text. */
	fl = start, na = sna, ni = sni, nd = snd, nl = snl, nn = snn;
}

static void literal(void)
{
	static const wchar_t lit[] = { 'a', 'b', ' ', '|', '-', 0xe9, 0x20ac, 0xdfe9, 0x1f600, '7', '$' };
	int k = rnd(4);
	while (k--) put(lit[rnd(rnd(4) ? 5 : 11)]);
}

/* The streams of the fwprintf run, made for each locale (a stream keeps the encoding of
 * the locale it was oriented in). */
static FILE *wide_f, *byte_f;
static unsigned char bytes[16384];

static void streams(void)
{
	if (wide_f) fclose(wide_f), fclose(byte_f);
	wide_f = tmpfile();
	byte_f = tmpfile();
	if (!wide_f || !byte_f) exit(1);
	fwide(wide_f, 1);
	fwide(byte_f, -1);
}

static void one_case(int idx, int verbose)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 5, 8, 13, 21, 40, 80, 120, 257, 1000 };
	wchar_t buf[1100];
	fl = ni = nd = nl = na = nn = 0;
	maxi = rnd(2) ? 3 : 8;
	positional = rnd(4) == 0;
	literal();
	int k = 1 + rnd(4);
	for (int i = 0; i < k && fl < 200; i++) {
		conversion();
		literal();
	}
	fmt[fl] = 0;
	/* Positional arguments were numbered in format order; they are passed in that order. */
	ni = nd = nl = 0;
	for (int i = 0; i < 8; i++) I[i] = 0, D[i] = 0;
	L[0] = L[1] = 0;
	for (int i = 0; i < na; i++) {
		if (arg[i].cls == CI) I[ni++] = arg[i].i;
		else if (arg[i].cls == CD) D[nd++] = arg[i].d;
		else L[nl++] = arg[i].l;
	}
	memset(nstore, 0x11, sizeof nstore);
	memset(hhstore, 0x11, sizeof hhstore);
	memset(hstore, 0x11, sizeof hstore);
	memset(llstore, 0x11, sizeof llstore);
	for (int i = 0; i < 1100; i++) buf[i] = 0x2a2a;
	size_t n = sizes[rnd(13)];
	static const int errs[] = { 0, EINVAL, ENOENT, EILSEQ, 200 };
	int preset = errs[rnd(5)];
	errno = preset;
	if (verbose) {
		printf("fmt");
		for (int i = 0; i < fl; i++) printf(fmt[i] < 0x80 && fmt[i] > 0x20 ? " %c" : " <%x>", (unsigned)fmt[i]);
		printf("\n");
		fflush(stdout);
	}
	int r;
	clear_stack();
	if (maxi == 3)
		r = swprintf(buf, n, fmt, I[0], I[1], I[2], D[0], D[1], D[2], D[3], D[4], D[5], D[6], D[7], L[0], L[1]);
	else
		r = swprintf(buf, n, fmt, I[0], I[1], I[2], I[3], I[4], I[5], I[6], I[7], D[0], D[1], D[2], D[3], D[4], D[5], D[6], D[7]);
	int e = errno;
	printf("%d r=%d e=%d", idx, r, e);
	for (int i = 0; i < nn; i++) printf(" n%d=%d/%d/%d/%lld", i, nstore[i], hhstore[i], hstore[i], llstore[i]);
	printf(" [");
	/* The untouched tail (0x2a2a) is shown as its length. */
	size_t end = n + 1 < 1100 ? n + 1 : 1100, last = end;
	while (last > 0 && buf[last - 1] == 0x2a2a) last--;
	for (size_t i = 0; i < last; i++) printf(buf[i] < 0x7f && buf[i] > 0x20 ? "%c" : "<%x>", (unsigned)buf[i]);
	printf("]~%zu", end - last);

	/* The same call through fwprintf, onto a wide-oriented or a byte-oriented stream. */
	FILE *s = rnd(2) ? wide_f : byte_f;
	rewind(s);
	clearerr(s);
	clear_stack();
	errno = preset;
	if (maxi == 3)
		r = fwprintf(s, fmt, I[0], I[1], I[2], D[0], D[1], D[2], D[3], D[4], D[5], D[6], D[7], L[0], L[1]);
	else
		r = fwprintf(s, fmt, I[0], I[1], I[2], I[3], I[4], I[5], I[6], I[7], D[0], D[1], D[2], D[3], D[4], D[5], D[6], D[7]);
	e = errno;
	int err = ferror(s);
	long len = ftell(s);
	rewind(s);
	size_t got = fread(bytes, 1, len > 0 ? (size_t)len : 0, s);
	printf(" f%c r=%d e=%d err=%d ", s == wide_f ? 'w' : 'b', r, e, err);
	for (size_t i = 0; i < got; i++) printf(bytes[i] < 0x7f && bytes[i] > 0x20 ? "%c" : "<%x>", bytes[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	int cases = argc > 1 ? atoi(argv[1]) : 12000;
	rs = argc > 2 ? strtoull(argv[2], 0, 0) : 0x9e3779b97f4a7c15ULL;
	int verbose = argc > 3;
	alarm(20);
	streams();
	for (int i = 0; i < cases; i++) one_case(i, verbose);
	if (!setlocale(LC_ALL, "C.UTF-8")) return 1;
	streams();
	for (int i = 0; i < cases; i++) one_case(cases + i, verbose);
	return 0;
}
