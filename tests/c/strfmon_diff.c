/* strfmon and strfmon_l against musl: random formats (literal text, %%, the flags = ^ ( + !
 * with fill characters, field widths, left and right precisions, %n, %i and other letters)
 * over random and special values, each into a large buffer, a buffer of exactly the
 * result's size and one byte less. Left out, as limpet keeps POSIX there
 * (strfmon_posix checks it): the - flag, which musl lets drop the field width, and a
 * buffer too small for literal text, which musl fills without a NUL and calls success; so
 * the short buffer is tried only on formats that end in a conversion. */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <monetary.h>
#include <stdio.h>
#include <string.h>

#include "random.h"

static double value(void)
{
	static const double special[] = { 0.0, -0.0, 0.005, 0.015, 0.125, 1e20, -1e20, 1e300, 123.455,
	                                  -999.995, 2.5, 1.0 / 3 };
	unsigned r = rnd();
	switch (r % 8) {
	case 0: return special[r / 8 % 12];
	case 1: return (r / 8 % 3) == 0 ? INFINITY : (r / 8 % 3) == 1 ? -INFINITY : NAN;
	default: {
		double m = (double)(rnd() % 2000001) / 1000 - 1000;
		int e = (int)(rnd() % 30) - 8;
		return m * pow(10, e);
	}
	}
}

static void run(const char *fmt, size_t cap, const double *x, int nx, locale_t loc)
{
	char buf[600];
	memset(buf, '#', sizeof buf);
	errno = 0;
	ssize_t r = loc ? strfmon_l(buf, cap, loc, fmt, x[0], x[1], x[2]) : strfmon(buf, cap, fmt, x[0], x[1], x[2]);
	(void)nx;
	if (r < 0) printf(" [cap %zu: -1 errno %d]", cap, errno);
	else printf(" [cap %zu: %zd %.*s]", cap, r, (int)r, buf);
}

int main(void)
{
	static const char fills[] = "* 0#x%.=^";
	static const char convs[] = "nnnnniiid";
	locale_t utf8 = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
	for (int i = 0; i < 4000; i++) {
		char fmt[128];
		int n = 0, nconv = 0, ends_in_conv = 0;
		int pieces = 1 + (int)(rnd() % 3);
		for (int p = 0; p < pieces; p++) {
			unsigned r = rnd();
			if (r % 4 == 0) n += sprintf(fmt + n, "%s", (const char *[]){ "a", "%%", "EUR ", "|" }[r / 4 % 4]);
			if (nconv == 3) break;
			fmt[n++] = '%';
			for (int f = 0; f < (int)(r / 16 % 3); f++) {
				unsigned q = rnd();
				if (q % 5 == 0) {
					fmt[n++] = '=';
					fmt[n++] = fills[q / 5 % 9];
				} else {
					fmt[n++] = "^(+!"[q / 5 % 4];
				}
			}
			if (r / 64 % 2) n += sprintf(fmt + n, "%u", rnd() % 25);
			if (r / 128 % 3 == 0) n += sprintf(fmt + n, "#%u", rnd() % 12);
			if (r / 512 % 3 == 0) {
				fmt[n++] = '.';
				if (rnd() % 4) n += sprintf(fmt + n, "%u", rnd() % 12);
			}
			fmt[n++] = convs[rnd() % 9];
			nconv++;
			ends_in_conv = 1;
			if (rnd() % 3 == 0) {
				fmt[n++] = '/';
				ends_in_conv = 0;
			}
		}
		fmt[n] = 0;
		double x[3] = { value(), value(), value() };
		printf("%s (%.17g %.17g %.17g):", fmt, x[0], x[1], x[2]);
		char big[600];
		ssize_t len = strfmon(big, sizeof big, fmt, x[0], x[1], x[2]);
		run(fmt, sizeof big, x, nconv, i % 5 == 0 ? utf8 : 0);
		if (len >= 0) {
			run(fmt, (size_t)len + 1, x, nconv, 0);
			if (ends_in_conv && len > 0) run(fmt, (size_t)len, x, nconv, 0);
		}
		printf("\n");
	}
	return 0;
}
