/* a64l and l64a over values across the 32-bit range (and beyond it: l64a writes the low 32
 * bits), strings that stop early or run past six digits; atof, which is strtod without an
 * end pointer, errno included. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	static const long values[] = {
		0, 1, 2, 11, 12, 37, 38, 63, 64, 65, 4095, 4096, 123456, 0x7fffffffL, -1, -2, -64,
		-0x80000000L, 0x80000000L, 0xffffffffL, 0x100000000L, 0x100000005L, 0x123456789abcL,
	};
	int bad = 0;
	for (unsigned i = 0; i < sizeof values / sizeof *values; i++) {
		char s[8];
		strcpy(s, l64a(values[i]));
		long back = a64l(s);
		printf("l64a(%ld) = \"%s\" a64l -> %ld\n", values[i], s, back);
		if (back != (long)(int)(unsigned)values[i]) bad++;
	}
	unsigned long long x = 0x9e3779b97f4a7c15ULL;
	for (int i = 0; i < 2000; i++) {
		x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
		long v = (long)(int)(unsigned)(x * 0x2545F4914F6CDD1DULL >> 32);
		if (a64l(l64a(v)) != v) bad++;
		if (i % 250 == 0) printf("%ld %s\n", v, l64a(v));
	}
	static const char *strings[] = {
		"", ".", "/", "0", "z", "./", "zzzzzz", "zzzzz1", "zzzzzzzz", "..../", "ab-cd", "12 34", "Az.9/x",
		"......1", "\xff", "a\xe9",
	};
	for (unsigned i = 0; i < sizeof strings / sizeof *strings; i++) printf("a64l(\"%s\") = %ld\n", strings[i], a64l(strings[i]));

	static const char *numbers[] = { "  3.25xyz", "-0x1.8p1", "1e400", "-1e-400", "inf", "nan", "abc", "", " +.5", "0x" };
	for (unsigned i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		errno = 0;
		double d = atof(numbers[i]);
		int e = errno;
		errno = 0;
		double s = strtod(numbers[i], 0);
		printf("atof(\"%s\") = %a errno %d%s\n", numbers[i], d, e, memcmp(&d, &s, sizeof d) || e != errno ? " DIFF" : "");
	}
	printf("round trip failures %d\n", bad);
	return bad != 0;
}
