/* strtod/strtof: 20,000 generated decimal and hexadecimal strings (a fixed PRNG), the bits of
 * each result, endptr and errno; then special forms. The value of a
 * hexadecimal input with a subnormal result is not printed: musl sometimes rounds those twice
 * (stdlib_strtod_hexsub has the correctly rounded answers). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state = 0x9e3779b97f4a7c15ULL;
static unsigned rnd(unsigned n) {
	state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
	return (unsigned)((state * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

static int subnormal_d(double d) { return d != 0 && d > -2.2250738585072014e-308 && d < 2.2250738585072014e-308; }
static int subnormal_f(float f) { return f != 0 && f > -1.17549435e-38f && f < 1.17549435e-38f; }

static unsigned long long dbits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }

static void one(const char *s) {
	char *e;
	int hex = strchr(s, 'x') || strchr(s, 'X');
	errno = 0;
	double d = strtod(s, &e);
	int de = errno;
	long dl = e - s;
	errno = 0;
	float f = strtof(s, &e);
	int fe = errno;
	long fl = e - s;
	if (hex && subnormal_d(d)) printf("%s|subnormal %ld -1", s, dl);
	else printf("%s|%016llx %ld %d", s, dbits(d), dl, de);
	if (hex && subnormal_f(f)) printf("|subnormal %ld -1\n", fl);
	else printf("|%08x %ld %d\n", fbits(f), fl, fe);
}

int main(void) {
	static const char dig[] = "0123456789abcdef";
	static const char *signs[] = {"", " ", "-", "+", "\t-"};
	static const char *tails[] = {"", "x", "e", "p", ".5", "e+", "(", "_"};
	char s[200];
	for (int n = 0; n < 20000; n++) {
		int hex = rnd(2), radix = hex ? 16 : 10, k = 0;
		k += sprintf(s + k, "%s%s", signs[rnd(5)], hex ? (rnd(2) ? "0x" : "0X") : "");
		int ni = rnd(25), nf = rnd(25);
		for (int i = 0; i < ni; i++) s[k++] = dig[rnd(radix)];
		if (rnd(3)) { s[k++] = '.'; for (int i = 0; i < nf; i++) s[k++] = dig[rnd(radix)]; }
		if (rnd(3)) {
			static const char *es[] = {"", "-", "+"};
			k += sprintf(s + k, "%c%s%u", hex ? 'p' : 'e', es[rnd(3)], hex ? rnd(1200) : rnd(360));
		}
		k += sprintf(s + k, "%s", tails[rnd(8)]);
		s[k] = 0;
		one(s);
	}
	static const char *special[] = {
		"inf", "-INF", "infinity", "infin", "InFiNiTy!", "nan", "-nan", "NaN()", "nan(abc_9)", "nan(abc", "nan(a-b)",
		"0x", "0x.", "0x.p1", "0xg", "0x1p", "0x1.p", "0x.8", ".", ".e1", "e1", "1e", "1e+", "  +.5e-1x", "-0", "-0x0p0",
		"0x1p1024", "0x1p1100", "0x1p1103", "0xfp1102", "0xfp1103", "0x0.01p1113", "0x1p150", "0x1p128",
		"0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffffp1023", "0x1.ffffffp127", "0x1p-1080", "0x1p-1075",
		"0x0p99999", "1e400", "-1e400", "1e-400", "1e99999999999999999999999", "1.5e-5000000000000000000000",
		"2.4703282292062328e-324", "2.4703282292062327e-324", "1.7976931348623157e308", "1.7976931348623159e308",
		"3.4028235e38", "3.4028236e38", "0.000000000000000000000000000000000000000000001e-300",
		"123456789012345678901234567890123456789012345678901234567890e-40", "0x123456789abcdef0123p-10",
		"0x1.000000000000080000000000000000001p0", "0x1.00000100000000000001p0", "00000000000000000000001.5",
		"1.000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
		"4.9406564584124654e-324", "2.2250738585072011e-308", "2.2250738585072014e-308", "",
	};
	for (unsigned i = 0; i < sizeof special / sizeof *special; i++) one(special[i]);
	return 0;
}
