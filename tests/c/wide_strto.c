/* wcstol wcstoll wcstoul wcstoull wcstoimax wcstoumax wcstof wcstod wcstold: generated
 * integer and floating-point strings (a fixed PRNG), widened, with each result, errno and
 * end offset in wide characters; then whether the narrow function gives the same on the
 * narrow string ("same"). Then what only a wide string has: Unicode white space (iswspace),
 * digits that are not ASCII, and long inputs. As in stdlib_strtod, the value of a
 * hexadecimal input with a subnormal result is not printed (musl sometimes rounds those
 * twice), nor is the errno of an x87 subnormal (stdlib_strtold). */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static unsigned long long state = 0x5eed1234abcdef01ULL;
static unsigned rnd(unsigned n) {
	state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
	return (unsigned)((state * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

static wchar_t wbuf[4096];
static const wchar_t *widen(const char *s) {
	size_t i = 0;
	for (; s[i]; i++) wbuf[i] = (unsigned char)s[i];
	wbuf[i] = 0;
	return wbuf;
}

static int bad;

/* One integer conversion, narrow and wide, in `base`. */
#define INT_ONE(T, FMT, narrow, wide) do { \
	char *ne; wchar_t *we; \
	errno = 0; T nv = narrow(s, &ne, base); int nerr = errno; \
	errno = 0; T wv = wide(w, &we, base); int werr = errno; \
	int same = nv == wv && nerr == werr && ne - s == we - w; \
	bad += !same; \
	printf(" " FMT " %d %ld%s", wv, werr, (long)(we - w), same ? "" : " DIFF"); \
} while (0)

static void ints(const char *s, int base) {
	const wchar_t *w = widen(s);
	printf("%s|%d|", s, base);
	INT_ONE(long, "%ld", strtol, wcstol);
	INT_ONE(unsigned long, "%lu", strtoul, wcstoul);
	INT_ONE(long long, "%lld", strtoll, wcstoll);
	INT_ONE(unsigned long long, "%llu", strtoull, wcstoull);
	INT_ONE(intmax_t, "%jd", strtoimax, wcstoimax);
	INT_ONE(uintmax_t, "%ju", strtoumax, wcstoumax);
	printf("\n");
}

static int subnormal_d(double d) { return d != 0 && d > -DBL_MIN && d < DBL_MIN; }
static int subnormal_f(float f) { return f != 0 && f > -FLT_MIN && f < FLT_MIN; }

/* The floating-point conversions of the wide string `w`, whose narrow form is `s` (or null
 * when it has none). */
static void floats_w(const char *s, const wchar_t *w, const char *label) {
	int hex = wcschr(w, 'x') || wcschr(w, 'X');
	wchar_t *we; char *ne;
	printf("%s|", label);

	errno = 0; double d = wcstod(w, &we); int derr = errno; long dl = we - w;
	unsigned long long db; memcpy(&db, &d, 8);
	if (hex && subnormal_d(d)) printf("subnormal %ld", dl);
	else printf("%016llx %d %ld", db, derr, dl);
	if (s) {
		errno = 0; double nd = strtod(s, &ne);
		int same = !memcmp(&nd, &d, 8) && errno == derr && ne - s == dl;
		bad += !same;
		printf("%s", same ? "" : " DIFF");
	}

	errno = 0; float f = wcstof(w, &we); int ferr = errno; long fl = we - w;
	unsigned fb; memcpy(&fb, &f, 4);
	if (hex && subnormal_f(f)) printf("|subnormal %ld", fl);
	else printf("|%08x %d %ld", fb, ferr, fl);
	if (s) {
		errno = 0; float nf = strtof(s, &ne);
		int same = !memcmp(&nf, &f, 4) && errno == ferr && ne - s == fl;
		bad += !same;
		printf("%s", same ? "" : " DIFF");
	}

	errno = 0; long double ld = wcstold(w, &we); int lerr = errno; long ll = we - w;
	unsigned char b[10]; memcpy(b, &ld, 10);
	int sub = ld != 0 && ld > -LDBL_MIN && ld < LDBL_MIN;
	printf("|");
	for (int i = 9; i >= 0; i--) printf("%02x", b[i]);
	printf(" %d %ld", sub ? -1 : lerr, ll);
	if (s) {
		errno = 0; long double nl = strtold(s, &ne);
		int same = !memcmp(&nl, &ld, 10) && (sub || errno == lerr) && ne - s == ll;
		bad += !same;
		printf("%s", same ? "" : " DIFF");
	}
	printf("\n");
}

static void floats(const char *s) { floats_w(s, widen(s), s); }

int main(void) {
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char s[512];

	static const char *int_corpus[] = {
		"0", "  42", "-17x", "+0x1F", "0x", "0xg", "  -0x10", "0X1g", "010", "08", "9223372036854775807",
		"9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
		"18446744073709551616", "-18446744073709551615", "-1", "zz", "Zz9",
		"111111111111111111111111111111111111111111111111111111111111111111", "\t\n 7", "0b101",
		"0x7fffffffffffffffff", "1_000", "", " ", "+", "-", "- 1", "+-1",
	};
	static const int bases[] = {0, 2, 8, 10, 16, 36, 1, 37, -1};
	for (unsigned i = 0; i < sizeof int_corpus / sizeof *int_corpus; i++)
		for (unsigned b = 0; b < sizeof bases / sizeof *bases; b++) ints(int_corpus[i], bases[b]);
	for (int n = 0; n < 3000; n++) {
		static const char *spaces[] = {"", " ", "\t", "\n\v\f\r "};
		static const char *signs[] = {"", "", "+", "-"};
		static const char *prefixes[] = {"", "", "0", "0x", "0X"};
		static const char *tails[] = {"", "", " 1", "_2", ".5", "x"};
		int k = sprintf(s, "%s%s%s", spaces[rnd(4)], signs[rnd(4)], prefixes[rnd(5)]);
		int len = rnd(rnd(4) ? 24 : 80), top = (int[]){10, 16, 36, 62}[rnd(4)];
		for (int i = 0; i < len; i++) s[k++] = digits[rnd(top)];
		strcpy(s + k, tails[rnd(6)]);
		int base = rnd(4) ? 2 + (int)rnd(35) : 0;
		ints(s, base);
	}

	for (int n = 0; n < 3000; n++) {
		static const char *signs[] = {"", " ", "-", "+", "\t-"};
		static const char *tails[] = {"", "x", "e", "p", ".5", "e+", "(", "_"};
		int hex = rnd(2), radix = hex ? 16 : 10;
		int k = sprintf(s, "%s%s", signs[rnd(5)], hex ? (rnd(2) ? "0x" : "0X") : "");
		int ni = rnd(rnd(8) ? 25 : 100), nf = rnd(25);
		for (int i = 0; i < ni; i++) s[k++] = digits[rnd(radix)];
		if (rnd(3)) { s[k++] = '.'; for (int i = 0; i < nf; i++) s[k++] = digits[rnd(radix)]; }
		if (rnd(3)) {
			static const char *es[] = {"", "-", "+"};
			k += sprintf(s + k, "%c%s%u", hex ? 'p' : 'e', es[rnd(3)], hex ? rnd(17000) : rnd(5000));
		}
		strcpy(s + k, tails[rnd(8)]);
		floats(s);
	}
	static const char *special[] = {
		"inf", "-INF", "infinity", "infin", "InFiNiTy!", "nan", "-nan", "NaN()", "nan(abc_9)", "nan(abc", "nan(a-b)",
		"0x", "0x.", "0x.p1", "0xg", "0x1p", "0x1.p", "0x.8", ".", ".e1", "e1", "1e", "1e+", "  +.5e-1x", "-0", "-0x0p0",
		"0x1p1024", "0x1p1103", "0xfp1102", "0x1p150", "0x1p-1080", "0x1p-1075", "0x0p99999", "1e400", "-1e400",
		"1e-400", "1e-310", "1e99999999999999999999999", "2.4703282292062328e-324", "2.4703282292062327e-324",
		"1.7976931348623159e308", "3.4028236e38", "1e4932", "1e5000", "1e-4940", "1e-5000",
		"1.18973149535723176508e4932", "0x1.fffffffffffffffep16383", "", " ",
	};
	for (unsigned i = 0; i < sizeof special / sizeof *special; i++) floats(special[i]);

	/* Numbers that end near and across every offset of a 64-character window. */
	for (int len = 50; len < 72; len++) {
		static const char *tails[] = {"e+x", "e-", ".", "p1", "x", "e5", ".5e-3"};
		for (unsigned t = 0; t < sizeof tails / sizeof *tails; t++) {
			memset(s, '7', len);
			s[0] = '1';
			strcpy(s + len, tails[t]);
			floats(s);
			ints(s, 10);
		}
		s[0] = '0'; s[1] = 'x';
		memset(s + 2, 'f', len);
		strcpy(s + 2 + len, "p-3q");
		floats(s);
		memset(s, ' ', len);
		strcpy(s + len, "0xg");
		floats(s);
		ints(s, 16);
	}
	/* A long decimal: 2^-1075 padded with zeros, then a last nonzero digit or not. */
	{
		static char big[8000];
		int k = sprintf(big, "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125");
		memset(big + k, '0', 3000);
		for (int last = 0; last < 2; last++) {
			strcpy(big + k + 3000, last ? "1e-324" : "e-324");
			static wchar_t wbig[8000];
			size_t i = 0;
			for (; big[i]; i++) wbig[i] = (unsigned char)big[i];
			wbig[i] = 0;
			floats_w(big, wbig, last ? "2^-1075 + a little" : "2^-1075");
		}
	}

	/* Wide only: iswspace's white space, characters that are no ASCII digit. */
	static const wchar_t *wide_only[] = {
		L"\x3000\x2003\x85 -12", L"\x2028\x2029\x205f+0x1f", L"\xa0" L"12", L"\x2007" L"12", L"\x202f" L"12",
		L"\xff11\xff12", L"\x663", L"1\xff12", L"12\x0663", L"\x131", L"7\x137", L"0x\x131", L"0\x178" L"1",
		L"\x3000inf", L"nan(a\x131)", L"1.5e\x131", L"\x2003\x2003" L"0x1.8p1\x0660", L"-\x2003" L"1",
	};
	for (unsigned i = 0; i < sizeof wide_only / sizeof *wide_only; i++) {
		const wchar_t *w = wide_only[i];
		char label[32];
		sprintf(label, "wide %u", i);
		floats_w(0, w, label);
		printf("%s", label);
		for (unsigned b = 0; b < 3; b++) {
			wchar_t *we;
			errno = 0;
			long v = wcstol(w, &we, (int[]){0, 10, 16}[b]);
			printf(" %ld %d %ld", v, errno, (long)(we - w));
		}
		printf("\n");
	}
	/* A null endptr. */
	printf("%ld %g\n", wcstol(L" 33", 0, 10), wcstod(L"2.5", 0));

	printf("narrow/wide differences %d\n", bad);
	return bad != 0;
}
