/* ecvt, fcvt and gcvt over finite values and digit counts, including musl's clamping of
 * out-of-range counts (ecvt: outside 1..16 means 15; fcvt: negative means 1400 places). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
	double v[] = {0, -0.0, 1, -1, 123.456, 0.000123456, 9.9999, 99.5, 0.5, 1.5, 2.5, 1e20, 1e-20, -2.5e-7,
	              3.14159265358979, 5e-5, 0.05, 0.0049, 999999.5, 1e16, 123456789012345678.0};
	int ns[] = {-1, 0, 1, 2, 3, 6, 15, 16, 17, 20};
	for (unsigned i = 0; i < sizeof v / sizeof *v; i++)
		for (unsigned k = 0; k < sizeof ns / sizeof *ns; k++) {
			int dp, s;
			char *r = ecvt(v[i], ns[k], &dp, &s);
			printf("%g %d: ecvt [%s] %d %d |", v[i], ns[k], r, dp, s);
			r = fcvt(v[i], ns[k], &dp, &s);
			printf(" fcvt [%s] %d %d |", r, dp, s);
			char b[64];
			printf(" gcvt [%s]\n", gcvt(v[i], ns[k] < 0 ? 0 : ns[k], b));
		}
	return 0;
}
