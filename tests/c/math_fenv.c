/* <fenv.h> on both of x86_64's units: the rounding modes and what arithmetic does under
 * each, the exception flags raised by arithmetic, by feraiseexcept and by the math
 * functions' domain, pole, overflow and underflow errors, the saved flag and environment
 * objects (FE_DFL_ENV included), feholdexcept/feupdateenv, and math_errhandling: errno is
 * never set. Every line is printed and compared with musl's. */
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

static volatile double one = 1.0, three = 3.0, zero = 0.0, big = 1e300, tiny = 1e-300;
static volatile float onef = 1.0f, threef = 3.0f;
static volatile long double onel = 1.0L, threel = 3.0L;

static const char *mode_name(int m)
{
	switch (m) {
	case FE_TONEAREST: return "nearest";
	case FE_DOWNWARD: return "downward";
	case FE_UPWARD: return "upward";
	case FE_TOWARDZERO: return "toward zero";
	}
	return "?";
}

/* The five standard flags now raised, as letters (i: invalid, z: divide-by-zero, o:
 * overflow, u: underflow, x: inexact), or "-". */
static const char *flags(void)
{
	static char s[8];
	int n = 0;
	if (fetestexcept(FE_INVALID)) s[n++] = 'i';
	if (fetestexcept(FE_DIVBYZERO)) s[n++] = 'z';
	if (fetestexcept(FE_OVERFLOW)) s[n++] = 'o';
	if (fetestexcept(FE_UNDERFLOW)) s[n++] = 'u';
	if (fetestexcept(FE_INEXACT)) s[n++] = 'x';
	if (!n) s[n++] = '-';
	s[n] = 0;
	return s;
}

#define CHECK(label, expr) do { \
		feclearexcept(FE_ALL_EXCEPT); \
		errno = 0; \
		volatile double r_ = (expr); \
		printf("%-28s %-24a flags %-5s errno %d\n", label, r_, flags(), errno); \
	} while (0)

int main(void)
{
	printf("math_errhandling %d (MATH_ERRNO %d, MATH_ERREXCEPT %d)\n", math_errhandling, MATH_ERRNO, MATH_ERREXCEPT);
	printf("FE_ALL_EXCEPT %#x, the default mode %s, FLT_ROUNDS %d\n", FE_ALL_EXCEPT, mode_name(fegetround()), FLT_ROUNDS);

	/* Each mode: fesetround, fegetround, FLT_ROUNDS, and the three formats' arithmetic. */
	int modes[] = { FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };
	for (int i = 0; i < 4; i++) {
		int r = fesetround(modes[i]);
		printf("%-11s set %d get %s FLT_ROUNDS %d: 1/3 %a -1/3 %a 1/3f %a 1/3l %La\n", mode_name(modes[i]), r,
		       mode_name(fegetround()), FLT_ROUNDS, one / three, -one / three, (double)(onef / threef),
		       onel / threel);
		printf("%-11s rint(2.5) %g rint(-2.5) %g nearbyint(0.5) %g lrint(-1.5) %ld rintl(1.5) %Lg exp(1) %a\n",
		       mode_name(modes[i]), rint(2.5), rint(-2.5), nearbyint(0.5), lrint(-1.5), rintl(1.5L), exp(one));
	}
	fesetround(FE_TONEAREST);
	printf("an unknown mode: fesetround(0x123) %d, the mode still %s\n", fesetround(0x123), mode_name(fegetround()));

	/* Arithmetic's own flags, and feraiseexcept's. */
	CHECK("1/0", one / zero);
	CHECK("0/0", zero / zero);
	CHECK("1e300*1e300", big * big);
	CHECK("1e-300*1e-300", tiny * tiny);
	CHECK("1/3", one / three);
	CHECK("1+1", one + one);
	/* Each call first, then what it left: the arguments of one printf are evaluated in no
	 * particular order. */
	int r;
	feclearexcept(FE_ALL_EXCEPT);
	r = feraiseexcept(FE_OVERFLOW | FE_INEXACT);
	printf("feraiseexcept(FE_OVERFLOW|FE_INEXACT) %d: %s\n", r, flags());
	r = feclearexcept(FE_INEXACT);
	printf("feclearexcept(FE_INEXACT) %d: %s\n", r, flags());
	printf("fetestexcept(FE_ALL_EXCEPT) %#x\n", fetestexcept(FE_ALL_EXCEPT));

	/* The saved flags: fegetexceptflag keeps only the flags asked for; fesetexceptflag
	 * sets those it is given without raising anything else. */
	fexcept_t saved;
	feclearexcept(FE_ALL_EXCEPT);
	feraiseexcept(FE_INVALID | FE_UNDERFLOW);
	r = fegetexceptflag(&saved, FE_INVALID);
	printf("fegetexceptflag(FE_INVALID) %d\n", r);
	feclearexcept(FE_ALL_EXCEPT);
	r = fesetexceptflag(&saved, FE_INVALID | FE_UNDERFLOW);
	printf("fesetexceptflag(FE_INVALID|FE_UNDERFLOW) %d: %s\n", r, flags());

	/* The environment: fegetenv/fesetenv restore mode and flags; FE_DFL_ENV the default. */
	fenv_t env;
	fesetround(FE_UPWARD);
	feclearexcept(FE_ALL_EXCEPT);
	feraiseexcept(FE_DIVBYZERO);
	r = fegetenv(&env);
	printf("fegetenv %d\n", r);
	fesetround(FE_TOWARDZERO);
	feclearexcept(FE_ALL_EXCEPT);
	r = fesetenv(&env);
	printf("fesetenv(saved) %d: mode %s flags %s\n", r, mode_name(fegetround()), flags());
	printf("  1/3 %a\n", one / three);
	r = fesetenv(FE_DFL_ENV);
	printf("fesetenv(FE_DFL_ENV) %d: mode %s flags %s\n", r, mode_name(fegetround()), flags());
	printf("  1/3 %a\n", one / three);

	/* feholdexcept saves the environment and clears the flags; feupdateenv restores it and
	 * raises the flags raised in between as well. */
	feraiseexcept(FE_INEXACT);
	fesetround(FE_DOWNWARD);
	r = feholdexcept(&env);
	printf("feholdexcept %d: mode %s flags %s\n", r, mode_name(fegetround()), flags());
	fesetround(FE_UPWARD);
	volatile double q = one / zero;
	(void)q;
	printf("between: mode %s flags %s\n", mode_name(fegetround()), flags());
	r = feupdateenv(&env);
	printf("feupdateenv %d: mode %s flags %s\n", r, mode_name(fegetround()), flags());
	fesetenv(FE_DFL_ENV);

	/* The functions' errors: domain (invalid), pole (divide-by-zero), overflow and
	 * underflow, each with its flags; errno stays 0 (MATH_ERREXCEPT). */
	CHECK("sqrt(-1)", sqrt(-one));
	CHECK("log(-1)", log(-one));
	CHECK("log(0)", log(zero));
	CHECK("acos(2)", acos(2 * one));
	CHECK("atanh(1)", atanh(one));
	CHECK("pow(0, -1)", pow(zero, -one));
	CHECK("pow(-8, 1/3)", pow(-8 * one, one / three));
	CHECK("exp(1000)", exp(1000 * one));
	CHECK("exp(-1000)", exp(-1000 * one));
	CHECK("exp(-740)", exp(-740 * one));
	CHECK("cosh(1000)", cosh(1000 * one));
	CHECK("tgamma(0)", tgamma(zero));
	CHECK("tgamma(-1)", tgamma(-one));
	CHECK("tgamma(172)", tgamma(172 * one));
	CHECK("lgamma(0)", lgamma(zero));
	CHECK("y0(0)", y0(zero));
	CHECK("y1(-1)", y1(-one));
	CHECK("ldexp(1, 2000)", ldexp(one, 2000));
	CHECK("ldexp(1, -1080)", ldexp(one, -1080));
	CHECK("fmod(1, 0)", fmod(one, zero));
	CHECK("erfc(30)", erfc(30 * one));
	CHECK("expf(100)", (double)expf(100 * onef));
	CHECK("logl(0)", (double)logl(zero));
	CHECK("expl(20000)", (double)expl(20000 * onel));
	CHECK("sqrtl(-1)", (double)sqrtl(-onel));
	CHECK("exp(0)", exp(zero));
	CHECK("log(1)", log(one));
	CHECK("pow(2, 10)", pow(2 * one, 10 * one));
	return 0;
}
