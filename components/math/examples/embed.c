/* limpet-math's static archive in a program on another C library: `cargo xtask embed math`
 * links this file against target/embed/math/.../liblimpet_math_embed.a ahead of the host's
 * -lm, and runs it. The math functions below are limpet's (the libm crate's kernels); the
 * host libc supplies printf.
 *
 * What shows they are limpet's: dladdr places them in this program, not in libm.so. The
 * values are what any good libm gives, within one ulp: exp(1) prints 2.7182818284590455
 * here, one ulp above the correctly rounded 2.7182818284590451 that glibc 2.36 prints. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>

/* "this program" when `f` is defined in the executable, else the shared object's path. */
static const char *defined_in(void *f)
{
	Dl_info fi, mi;
	if (!dladdr(f, &fi) || !dladdr((void *)defined_in, &mi))
		return "?";
	return fi.dli_fbase == mi.dli_fbase ? "this program" : fi.dli_fname;
}

int main(void)
{
	printf("sqrt, sin, pow are defined in: %s, %s, %s\n", defined_in((void *)sqrt), defined_in((void *)sin),
	       defined_in((void *)pow));
	printf("sqrt(2) = %.17g\n", sqrt(2.0));
	printf("floor(-2.5) = %g, ceil(-2.5) = %g, trunc(-2.5) = %g, round(-2.5) = %g\n", floor(-2.5), ceil(-2.5),
	       trunc(-2.5), round(-2.5));
	printf("fmod(10, 3) = %g, fmod(-7.5, 2) = %g, fabs(-0.0) = %g\n", fmod(10.0, 3.0), fmod(-7.5, 2.0), fabs(-0.0));
	printf("4 * atan2(1, 1) = %.17g\n", 4 * atan2(1.0, 1.0));
	printf("sin(1) = %.17g, cos(1) = %.17g, tan(1) = %.17g\n", sin(1.0), cos(1.0), tan(1.0));
	printf("exp(1) = %.17g, log(10) = %.17g, log2(1024) = %g, log10(1e-3) = %g\n", exp(1.0), log(10.0),
	       log2(1024.0), log10(1e-3));
	printf("pow(2, 0.5) = %.17g, hypot(3, 4) = %g, sqrt(-1) is NaN: %d\n", pow(2.0, 0.5), hypot(3.0, 4.0),
	       isnan(sqrt(-1.0)));
	printf("sqrtf(2) = %.9g, sinf(1) = %.9g, expf(1) = %.9g, powf(10, 3) = %g\n", sqrtf(2.0f), sinf(1.0f),
	       expf(1.0f), powf(10.0f, 3.0f));
	return 0;
}
