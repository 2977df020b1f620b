/* abs/labs/llabs/imaxabs, div/ldiv/lldiv/imaxdiv (signs of quotient and remainder), and
 * getsubopt (musl sets *value to NULL for an unknown key). */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
	int vals[] = {0, 1, -1, 7, -7, INT_MAX, INT_MIN + 1};
	for (int i = 0; i < 7; i++) printf("abs(%d) %d labs %ld llabs %lld imaxabs %jd\n", vals[i], abs(vals[i]),
	                                   labs(vals[i] * 3L), llabs(vals[i] * -5LL), imaxabs((intmax_t)vals[i] * 11));
	int nums[] = {7, -7, 7, -7, 0, INT_MAX, INT_MIN};
	int dens[] = {2, 2, -2, -2, 3, -1, 1};
	for (int i = 0; i < 7; i++) {
		div_t d = div(nums[i], dens[i]);
		ldiv_t l = ldiv(nums[i] * 1000000000L, dens[i]);
		lldiv_t ll = lldiv(nums[i] * 3LL, dens[i] * 2LL);
		imaxdiv_t im = imaxdiv(nums[i], dens[i] * 5);
		printf("div %d %d: %d %d | %ld %ld | %lld %lld | %jd %jd\n", nums[i], dens[i], d.quot, d.rem, l.quot, l.rem,
		       ll.quot, ll.rem, im.quot, im.rem);
	}
	char *const keys[] = {"ro", "rw", "size", "sizes", 0};
	char buf[] = "rw,size=10,bogus=1,ro,,sizes=,size,nosize=3,ro=x";
	char *opt = buf, *val;
	while (*opt) {
		int i = getsubopt(&opt, keys, &val);
		printf("getsubopt %d %s\n", i, val ? val : "(null)");
	}
	return 0;
}
