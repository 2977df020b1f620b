/* The first <math.h> functions: exact ones must match bit for bit; the rest print 17
 * significant digits, so any difference from musl in the last bit shows. */
#include <math.h>
#include <stdio.h>

static volatile double inputs[] = { 0.0, -0.0, 0.5, 1.0, -1.0, 2.0, 3.25, -7.5, 1e-10, 123456.789, 1e300 };

int main(void)
{
	for (unsigned i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		double x = inputs[i];
		printf("x=%.17g sqrt=%.17g fabs=%.17g floor=%.17g ceil=%.17g trunc=%.17g round=%.17g fmod=%.17g\n",
		       x, sqrt(fabs(x)), fabs(x), floor(x), ceil(x), trunc(x), round(x), fmod(x, 0.75));
		printf("  sin=%.17g cos=%.17g tan=%.17g atan2=%.17g exp=%.17g hypot=%.17g\n",
		       sin(x), cos(x), tan(x), atan2(x, 1.5), exp(x / 100), hypot(x, 2.0));
		if (x > 0)
			printf("  log=%.17g log2=%.17g log10=%.17g pow=%.17g\n", log(x), log2(x), log10(x), pow(x, 1.7));
		float f = (float)x / 8;
		printf("  sqrtf=%.9g floorf=%.9g ceilf=%.9g sinf=%.9g cosf=%.9g expf=%.9g\n",
		       sqrtf(fabsf(f)), floorf(f), ceilf(f), sinf(f), cosf(f), expf(f / 1e6f));
	}
	printf("pow(2,10)=%g log(1)=%g sqrt(-1) is nan: %d log(0)=%g\n", pow(2, 10), log(1), isnan(sqrt(-1)), log(0));
	return 0;
}
