/* The exact <math.h> functions: copysign, fdim, nextafter, ldexp, scalbn, frexp, modf,
 * truncf, roundf, fmodf, over ordinary and special values, printed in hexadecimal so every
 * bit is compared with musl. */
#include <float.h>
#include <math.h>
#include <stdio.h>

static volatile double in[] = { 0.0, -0.0, 0.5, -0.75, 1.0, 2.5, -3.5, 1e-310, -4.9e-324, 123456.789,
	1e308, -DBL_MAX, DBL_MIN, INFINITY, -INFINITY, NAN };
static volatile int ns[] = { 0, 1, -1, 52, -1074, 2000, -2000 };

int main(void)
{
	const int n = sizeof in / sizeof in[0];
	for (int i = 0; i < n; i++) {
		double x = in[i];
		int e = 12345;
		double m = frexp(x, &e);
		double ip = 7;
		double fp = modf(x, &ip);
		printf("x=%a frexp=%a,%d modf=%a,%a\n", x, m, e, fp, ip);
		for (int j = 0; j < n; j += 3) {
			double y = in[j];
			printf("  y=%a copysign=%a fdim=%a nextafter=%a\n", y, copysign(x, y), fdim(x, y), nextafter(x, y));
		}
		for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++)
			printf("  n=%d ldexp=%a scalbn=%a\n", ns[k], ldexp(x, ns[k]), scalbn(x, ns[k]));
		float f = (float)x;
		int fe = 12345;
		float fm = frexpf(f, &fe);
		float fip = 7;
		float ffp = modff(f, &fip);
		printf("  f=%a frexpf=%a,%d modff=%a,%a truncf=%a roundf=%a fmodf=%a copysignf=%a\n", f, fm,
		       fe, ffp, fip, truncf(f), roundf(f), fmodf(f, 0.75f), copysignf(2.0f, f));
		printf("  fdimf=%a nextafterf=%a,%a ldexpf=%a scalbnf=%a\n", fdimf(f, 1.0f), nextafterf(f, 0.0f),
		       nextafterf(f, INFINITY), ldexpf(f, 10), scalbnf(f, -149));
	}
	return 0;
}
