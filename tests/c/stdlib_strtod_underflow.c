/* errno of strtod/strtof/strtold for decimal inputs whose results are subnormal or zero:
 * musl reports ERANGE only for an inexact result, and not when rounding carried the value
 * up to a power of two. The inputs are exact expansions of subnormals (printf's exact
 * digits), the same cut short or nudged by one in the last digit, halfway points, and
 * values just below powers of two, from a fixed-seed generator; each line has the result's
 * bits and errno. */
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long long state = 0x2545f4914f6cdd1dull;

static unsigned long long rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static char buf[20000];

/* Changes the last digit of the significand in buf by d (-1 or +1), where possible. */
static void nudge(int d)
{
	char *e = strchr(buf, 'e');
	char *p = (e ? e : buf + strlen(buf)) - 1;
	if (*p >= '0' + (d < 0) && *p <= '9' - (d > 0))
		*p += d;
}

static void check(int kind)
{
	char *end;
	errno = 0;
	if (kind == 0) {
		double v = strtod(buf, &end);
		unsigned long long bits;
		memcpy(&bits, &v, 8);
		printf("d %016llx %d %d\n", bits, errno, (int)(end - buf));
	} else if (kind == 1) {
		float v = strtof(buf, &end);
		unsigned bits;
		memcpy(&bits, &v, 4);
		printf("f %08x %d %d\n", bits, errno, (int)(end - buf));
	} else {
		long double v = strtold(buf, &end);
		unsigned char b[10];
		memcpy(b, &v, 10);
		printf("l ");
		for (int i = 9; i >= 0; i--)
			printf("%02x", b[i]);
		printf(" %d %d\n", errno, (int)(end - buf));
	}
}

int main(void)
{
	alarm(15);
	for (int i = 0; i < 3000; i++) {
		int kind = i % 3;
		long double v, lo;
		unsigned long long r = rnd();
		if (kind == 0) {
			double d, dl;
			unsigned long long m = r % 5 == 0 ? 1ull << (r >> 8) % 52 : (r >> 12) & ((1ull << 52) - 1);
			if (m == 0)
				m = 1;
			memcpy(&d, &m, 8);
			m--;
			memcpy(&dl, &m, 8);
			v = d;
			lo = dl;
		} else if (kind == 1) {
			float f, fl;
			unsigned m = r % 5 == 0 ? 1u << (r >> 8) % 23 : (unsigned)(r >> 20) & ((1u << 23) - 1);
			if (m == 0)
				m = 1;
			memcpy(&f, &m, 4);
			m--;
			memcpy(&fl, &m, 4);
			v = f;
			lo = fl;
		} else {
			/* x87 subnormals: exponent field 0, no integer bit; value m * 2^-16445. */
			unsigned long long m = r % 5 == 0 ? 1ull << (r >> 8) % 63 : (r >> 1) & ~(1ull << 63);
			if (m == 0)
				m = 1;
			unsigned char b[16] = { 0 };
			memcpy(b, &m, 8);
			memcpy(&v, b, sizeof v);
			m--;
			memcpy(b, &m, 8);
			memcpy(&lo, b, sizeof lo);
		}
		/* The exact expansion, a cut-short one, and neighbours. */
		int exact = kind == 2 ? 11600 : kind == 0 ? 800 : 160;
		int prec = (int)(rnd() % (kind == 2 ? 16 : 4) == 0 ? exact : rnd() % 40);
		snprintf(buf, sizeof buf, "%.*Le", prec, v);
		check(kind);
		nudge(+1);
		check(kind);
		snprintf(buf, sizeof buf, "%.*Le", prec, v);
		nudge(-1);
		check(kind);
		/* Halfway below it, and just under the power of two above it. */
		if (kind != 2 || i % 8 == 2) {
			snprintf(buf, sizeof buf, "%.*Le", exact, (v + lo) / 2);
			check(kind);
		}
	}
	/* Tiny values that round to zero or to the smallest subnormal. */
	const char *fixed[] = { "1e-400", "2e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
				"4.9406564584124654e-324", "1e-46", "7.006492321624086e-46", "0.7e-45", "1.4e-45",
				"1e-5000", "3.6e-4951", "3.64519953188247460253e-4951", "0e-400", "0.000" };
	for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++) {
		strcpy(buf, fixed[i]);
		for (int k = 0; k < 3; k++)
			check(k);
	}
	return 0;
}
