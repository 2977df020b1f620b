/* The classification helpers behind musl's <math.h> macros (fpclassify, isinf, isnan,
 * isnormal, signbit: __fpclassify*, __signbit*) for double, float and long double, the
 * x87 encodings the hardware refuses included, and FLT_ROUNDS (__flt_rounds). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *name(int c)
{
	switch (c) {
	case FP_NAN: return "nan";
	case FP_INFINITE: return "inf";
	case FP_ZERO: return "zero";
	case FP_SUBNORMAL: return "subnormal";
	case FP_NORMAL: return "normal";
	}
	return "?";
}

static void d(const char *what, uint64_t bits)
{
	volatile double x;
	memcpy((void *)&x, &bits, sizeof bits);
	printf("double %-12s %-9s signbit=%d isinf=%d isnan=%d isnormal=%d isfinite=%d\n", what,
	       name(fpclassify(x)), !!signbit(x), isinf(x), isnan(x), isnormal(x), isfinite(x));
}

static void f(const char *what, uint32_t bits)
{
	volatile float x;
	memcpy((void *)&x, &bits, sizeof bits);
	printf("float  %-12s %-9s signbit=%d isinf=%d isnan=%d isnormal=%d isfinite=%d\n", what,
	       name(fpclassify(x)), !!signbit(x), isinf(x), isnan(x), isnormal(x), isfinite(x));
}

static void l(const char *what, uint64_t m, uint16_t se)
{
	volatile long double x = 0;
	memcpy((void *)&x, &m, 8);
	memcpy((char *)&x + 8, &se, 2);
	printf("ldouble %-12s %-9s signbit=%d isinf=%d isnan=%d isnormal=%d isfinite=%d\n", what,
	       name(fpclassify(x)), !!signbit(x), isinf(x), isnan(x), isnormal(x), isfinite(x));
}

int main(void)
{
	d("+0", 0);
	d("-0", 1ull << 63);
	d("1", 0x3ff0000000000000ull);
	d("-max", 0xffefffffffffffffull);
	d("min", 0x0010000000000000ull);
	d("-denorm", 0x8000000000000001ull);
	d("inf", 0x7ff0000000000000ull);
	d("-inf", 0xfff0000000000000ull);
	d("qnan", 0x7ff8000000000000ull);
	d("-snan", 0xfff0000000000001ull);
	f("+0", 0);
	f("-1.5", 0xbfc00000u);
	f("min", 0x00800000u);
	f("denorm", 0x007fffffu);
	f("-inf", 0xff800000u);
	f("snan", 0x7f800001u);
	f("-qnan", 0xffc00000u);
	const uint64_t I = 1ull << 63;
	l("+0", 0, 0);
	l("-0", 0, 0x8000);
	l("1", I, 0x3fff);
	l("-2", I, 0xc000);
	l("denorm", 1, 0);
	l("-denorm", I - 1, 0x8000);
	l("pseudo-den", I | 5, 0);
	l("unnormal", 5, 0x3fff);
	l("-unnormal", 0, 0xbfff);
	l("inf", I, 0x7fff);
	l("-inf", I, 0xffff);
	l("pseudo-inf", 0, 0x7fff);
	l("pseudo-nan", 1, 0x7fff);
	l("snan", I | 1, 0x7fff);
	l("-qnan", I | I >> 1, 0xffff);
	l("max", ~0ull, 0x7ffe);
	printf("FLT_ROUNDS %d\n", FLT_ROUNDS);
	return 0;
}
