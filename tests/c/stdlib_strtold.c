/* strtold (x87 80-bit long double): generated decimal strings with exponents across the whole
 * range (subnormals included) and hexadecimal ones; the 10 bytes of each result, endptr, and
 * errno (except for subnormal results, where musl's ERANGE depends on its internals). */
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state = 0x243f6a8885a308d3ULL;
static unsigned rnd(unsigned n) {
	state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
	return (unsigned)((state * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

static void one(const char *s) {
	char *e;
	errno = 0;
	long double v = strtold(s, &e);
	int err = errno;
	unsigned char b[16] = {0};
	memcpy(b, &v, 10);
	int sub = v != 0 && v > -LDBL_MIN && v < LDBL_MIN;
	printf("%s|", s);
	for (int i = 9; i >= 0; i--) printf("%02x", b[i]);
	printf(" %ld %d\n", (long)(e - s), sub ? -1 : err);
}

int main(void) {
	static const char dig[] = "0123456789abcdef";
	char s[300];
	for (int n = 0; n < 6000; n++) {
		int hex = rnd(4) == 0, radix = hex ? 16 : 10, k = 0;
		k += sprintf(s + k, "%s%s", rnd(2) ? "-" : "", hex ? "0x" : "");
		int ni = rnd(rnd(8) == 0 ? 120 : 25), nf = rnd(25);
		for (int i = 0; i < ni; i++) s[k++] = dig[rnd(radix)];
		if (rnd(2)) { s[k++] = '.'; for (int i = 0; i < nf; i++) s[k++] = dig[rnd(radix)]; }
		if (hex) k += sprintf(s + k, "p%d", (int)rnd(33000) - 16500);
		else k += sprintf(s + k, "e%d", (int)rnd(10000) - 5000);
		s[k] = 0;
		one(s);
	}
	static const char *special[] = {
		"0", "1", "-1", "0.1", "inf", "-infinity", "nan", "1e4932", "1.18973149535723176502e4932",
		"1.18973149535723176508e4932", "1.18973149535723176509e4932", "1e5000", "-1e5000",
		"3.64519953188247460253e-4951", "1.82259976594123730126e-4951", "1.82259976594123730127e-4951", "1e-5000",
		"3.3621031431120935063e-4932", "0x1p-16445", "0x1p-16446", "0x1.8p-16446", "-0x1p-16446",
		"0x1.ffffffffffffffffp16383", "0x1.fffffffffffffffep16383", "0x1p16384", "0x1p16500", "0x1p-16600",
		"123456789012345678901234567890", "2.5e-1", "1e", ".5e+2x", "0x", "", "  +.e1",
	};
	for (unsigned i = 0; i < sizeof special / sizeof *special; i++) one(special[i]);
	return 0;
}
