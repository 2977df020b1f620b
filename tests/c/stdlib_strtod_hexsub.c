/* Hexadecimal inputs with subnormal results must be correctly rounded (C11 7.22.1.3p8: with
 * FLT_RADIX 2 the result of a hexadecimal conversion "shall be correctly rounded"). musl 1.2.x
 * rounds some of them twice: 0x1fd32edd4.2578ce3965f3392ep-1076 is 0x7f4cbb75.0958... units of
 * the smallest subnormal, which rounds down to 0x7f4cbb75, but musl returns 0x7f4cbb76. So
 * stdlib_strtod_hexsub.expected holds the correctly rounded bits (glibc's too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	static const char *cases[] = {
		"0x1fd32edd4.2578ce3965f3392ep-1076", "0x1fd32edd4.8p-1076", "0x1fd32edd4.80000001p-1076",
		"0x1fd32edd6.8p-1076", "0x1.fffffffffffffp-1023", "0x1.00000000000008p-1074", "0x3.0000000000001p-1076",
		"0x1.2345678abcdef12345p-1050",
	};
	for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
		double d = strtod(cases[i], 0);
		unsigned long long u;
		memcpy(&u, &d, 8);
		printf("%s %016llx\n", cases[i], u);
	}
	return 0;
}
