/* <tgmath.h>, musl's header: each generic macro on float, double, long double and the three
 * complex types must pick the right function and link against it. Each line names the
 * macro, the type of its result, and whether its value is bit for bit the value of the
 * function it should have picked, called by name (so the output is the same on any C
 * library whose tgmath dispatch is right, whatever its functions' last bits). */
#include <stdio.h>
#include <string.h>
#include <tgmath.h>

#define KIND(e) _Generic((e), float: "f", double: "d", long double: "ld", float _Complex: "cf", \
	double _Complex: "cd", long double _Complex: "cld", int: "i", long: "l", long long: "ll", default: "?")

static int bad;

static void report(const char *name, const char *kind, const void *a, const void *b, size_t n)
{
	int same = !memcmp(a, b, n);
	bad += !same;
	printf("%-9s %-3s %s\n", name, kind, same ? "same" : "differs");
}

/* The generic call and the named one, compared over the result's value bytes (long
 * double's 10, not its padding). */
#define CHECK(label, generic, named) do { \
	__typeof__(generic) g_ = (generic); \
	__typeof__(generic) n_ = (named); \
	size_t sz_ = _Generic(g_, long double: 10, long double _Complex: 0, default: sizeof g_); \
	if (sz_) \
		report(label, KIND(g_), &g_, &n_, sz_); \
	else { \
		long double gr_ = __real__ g_, gi_ = __imag__ g_, nr_ = __real__ n_, ni_ = __imag__ n_; \
		int s_ = !memcmp(&gr_, &nr_, 10) && !memcmp(&gi_, &ni_, 10); \
		bad += !s_; \
		printf("%-9s %-3s %s\n", label, KIND(g_), s_ ? "same" : "differs"); \
	} \
} while (0)

static volatile float vf = 0.75f;
static volatile double vd = 0.75;
static volatile long double vl = 0.75L;

#define R1(T, name, x, f, d, l) CHECK(#name "/" #T, name(x), \
	_Generic((x), float: f(x), double: d(x), default: l(x)))

int main(void)
{
	float xf = vf, yf = 2 * vf;
	double xd = vd, yd = 2 * vd;
	long double xl = vl, yl = 2 * vl;
#define ONE_ARG(T, x, y) \
	R1(T, sqrt, y, sqrtf, sqrt, sqrtl); R1(T, cbrt, y, cbrtf, cbrt, cbrtl); \
	R1(T, exp, x, expf, exp, expl); R1(T, exp2, x, exp2f, exp2, exp2l); \
	R1(T, expm1, x, expm1f, expm1, expm1l); R1(T, log, y, logf, log, logl); \
	R1(T, log2, y, log2f, log2, log2l); R1(T, log10, y, log10f, log10, log10l); \
	R1(T, log1p, x, log1pf, log1p, log1pl); R1(T, sin, x, sinf, sin, sinl); \
	R1(T, cos, x, cosf, cos, cosl); R1(T, tan, x, tanf, tan, tanl); \
	R1(T, asin, x, asinf, asin, asinl); R1(T, acos, x, acosf, acos, acosl); \
	R1(T, atan, x, atanf, atan, atanl); R1(T, sinh, x, sinhf, sinh, sinhl); \
	R1(T, cosh, x, coshf, cosh, coshl); R1(T, tanh, x, tanhf, tanh, tanhl); \
	R1(T, asinh, x, asinhf, asinh, asinhl); R1(T, acosh, y, acoshf, acosh, acoshl); \
	R1(T, atanh, x, atanhf, atanh, atanhl); R1(T, erf, x, erff, erf, erfl); \
	R1(T, erfc, x, erfcf, erfc, erfcl); R1(T, tgamma, y, tgammaf, tgamma, tgammal); \
	R1(T, lgamma, y, lgammaf, lgamma, lgammal); R1(T, fabs, x, fabsf, fabs, fabsl); \
	R1(T, floor, y, floorf, floor, floorl); R1(T, ceil, y, ceilf, ceil, ceill); \
	R1(T, trunc, y, truncf, trunc, truncl); R1(T, round, y, roundf, round, roundl); \
	R1(T, rint, y, rintf, rint, rintl); R1(T, nearbyint, y, nearbyintf, nearbyint, nearbyintl); \
	R1(T, logb, y, logbf, logb, logbl); R1(T, ilogb, y, ilogbf, ilogb, ilogbl); \
	R1(T, lround, y, lroundf, lround, lroundl); R1(T, llrint, y, llrintf, llrint, llrintl); \
	CHECK("pow/" #T, pow(y, x), _Generic((x), float: powf, double: pow, default: powl)(y, x)); \
	CHECK("atan2/" #T, atan2(x, y), _Generic((x), float: atan2f, double: atan2, default: atan2l)(x, y)); \
	CHECK("hypot/" #T, hypot(x, y), _Generic((x), float: hypotf, double: hypot, default: hypotl)(x, y)); \
	CHECK("fmod/" #T, fmod(y, x), _Generic((x), float: fmodf, double: fmod, default: fmodl)(y, x)); \
	CHECK("fmax/" #T, fmax(y, x), _Generic((x), float: fmaxf, double: fmax, default: fmaxl)(y, x)); \
	CHECK("nextaft/" #T, nextafter(x, y), _Generic((x), float: nextafterf, double: nextafter, default: nextafterl)(x, y)); \
	CHECK("ldexp/" #T, ldexp(x, 3), _Generic((x), float: ldexpf, double: ldexp, default: ldexpl)(x, 3)); \
	CHECK("fma/" #T, fma(x, y, x), _Generic((x), float: fmaf, double: fma, default: fmal)(x, y, x))
	ONE_ARG(f, xf, yf);
	ONE_ARG(d, xd, yd);
	ONE_ARG(ld, xl, yl);
	/* Mixed arguments take the widest type; an integer counts as double. */
	CHECK("pow/fd", pow(xf, yd), pow((double)xf, yd));
	CHECK("pow/dld", pow(xd, yl), powl((long double)xd, yl));
	CHECK("atan2/fi", atan2(xf, 2), atan2((double)xf, 2.0));

	float _Complex cf = xf + yf * I;
	double _Complex cd = xd + yd * I;
	long double _Complex cl = xl + yl * I;
#define C1(T, name, c, f, d, l) CHECK(#name "/" #T, name(c), \
	_Generic((c), float _Complex: f(c), double _Complex: d(c), default: l(c)))
#define COMPLEX(T, c) \
	C1(T, sqrt, c, csqrtf, csqrt, csqrtl); C1(T, exp, c, cexpf, cexp, cexpl); \
	C1(T, log, c, clogf, clog, clogl); C1(T, sin, c, csinf, csin, csinl); \
	C1(T, cos, c, ccosf, ccos, ccosl); C1(T, tan, c, ctanf, ctan, ctanl); \
	C1(T, asin, c, casinf, casin, casinl); C1(T, acos, c, cacosf, cacos, cacosl); \
	C1(T, atan, c, catanf, catan, catanl); C1(T, sinh, c, csinhf, csinh, csinhl); \
	C1(T, cosh, c, ccoshf, ccosh, ccoshl); C1(T, tanh, c, ctanhf, ctanh, ctanhl); \
	C1(T, asinh, c, casinhf, casinh, casinhl); C1(T, acosh, c, cacoshf, cacosh, cacoshl); \
	C1(T, atanh, c, catanhf, catanh, catanhl); C1(T, conj, c, conjf, conj, conjl); \
	C1(T, cproj, c, cprojf, cproj, cprojl); C1(T, fabs, c, cabsf, cabs, cabsl); \
	C1(T, carg, c, cargf, carg, cargl); C1(T, creal, c, crealf, creal, creall); \
	C1(T, cimag, c, cimagf, cimag, cimagl); \
	CHECK("pow/" #T, pow(c, c), _Generic((c), float _Complex: cpowf, double _Complex: cpow, default: cpowl)(c, c))
	COMPLEX(cf, cf);
	COMPLEX(cd, cd);
	COMPLEX(cld, cl);
	/* A real and a complex argument: the complex function of the wider type. */
	CHECK("pow/dcf", pow(xd, cf), cpow((double _Complex)xd, (double _Complex)cf));
	printf("%d differ\n", bad);
	return bad != 0;
}
