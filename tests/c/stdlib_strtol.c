/* strtol/strtoul/strtoll/strtoull/strtoimax/strtoumax edge cases: bases 0, 2..36, bad bases,
 * "0x" without hex digits, overflow (ERANGE), no digits (musl: EINVAL), endptr; atoi/atol/atoll. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static const char *cases[] = {
	"0", "  42", "-17x", "+0x1F", "0x", "0xz", "0X", "  -0x10", "0X1g", "010", "08", "0b101", "z", "Zz9", "-", "+",
	"+-1", " \t\n\v\f\r5", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
	"-9223372036854775809", "18446744073709551615", "18446744073709551616", "-18446744073709551615",
	"-18446744073709551616", "0x7fffffffffffffffff", "0xffffffffffffffff", "-0xffffffffffffffff",
	"1111111111111111111111111111111111111111111111111111111111111111",
	"11111111111111111111111111111111111111111111111111111111111111111", "zzzzzzzzzzzzz", "zzzzzzzzzzzzzz",
	"1_000", "123abc", "  +0", "- 1", "0x+1", "00x1", "0x0x1", "",
};

int main(void) {
	int bases[] = {0, 2, 3, 8, 10, 16, 35, 36, 1, 37, -1};
	for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *s = cases[i];
		for (unsigned b = 0; b < sizeof bases / sizeof *bases; b++) {
			char *e;
			errno = 0;
			long l = strtol(s, &e, bases[b]);
			printf("[%s] %d: l %ld %d %ld", s, bases[b], l, errno, (long)(e - s));
			errno = 0;
			unsigned long ul = strtoul(s, &e, bases[b]);
			printf(" ul %lu %d %ld", ul, errno, (long)(e - s));
			errno = 0;
			long long ll = strtoll(s, &e, bases[b]);
			printf(" ll %lld %d %ld", ll, errno, (long)(e - s));
			errno = 0;
			unsigned long long ull = strtoull(s, &e, bases[b]);
			printf(" ull %llu %d %ld", ull, errno, (long)(e - s));
			errno = 0;
			intmax_t im = strtoimax(s, &e, bases[b]);
			printf(" im %jd %d", im, errno);
			errno = 0;
			uintmax_t um = strtoumax(s, &e, bases[b]);
			printf(" um %ju %d\n", um, errno);
		}
		printf("[%s] ato %d %ld %lld\n", s, atoi(s), atol(s), atoll(s));
	}
	/* A null endptr is allowed. */
	printf("null endptr %ld\n", strtol("77", 0, 8));
	return 0;
}
