/* Flag combinations: '-' overrides '0', '+' overrides ' ', '0' is ignored
 * when a precision is given for integers, '#' with x/X/o, '+' and ' ' have
 * no effect on unsigned conversions ('#' with d/u is undefined, so absent). */
#include <stdio.h>

static void t(const char *fmt, int v)
{
	char buf[128];
	int n = snprintf(buf, sizeof buf, fmt, v);
	printf("%-12s %6d -> |%s| %d\n", fmt, v, buf, n);
}

static void tu(const char *fmt, unsigned v)
{
	char buf[128];
	int n = snprintf(buf, sizeof buf, fmt, v);
	printf("%-12s %6u -> |%s| %d\n", fmt, v, buf, n);
}

int main(void)
{
	int vals[] = { 0, 5, -5, 1234, -1234 };
	const char *fmts[] = {
		"%+d", "% d", "%+ d", "% +d", "%-5d", "%05d", "%-05d", "%0-5d", "%+05d", "% 05d",
		"%+-6d", "% -6d", "%08.3d", "%-8.3d", "%+.3d", "% .0d", "%+.0d", "%+6.0d", "%-+ 07d",
	};
	for (unsigned f = 0; f < sizeof fmts / sizeof *fmts; f++)
		for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++)
			t(fmts[f], vals[i]);

	unsigned uvals[] = { 0, 8, 255, 4096 };
	const char *ufmts[] = {
		"%#x", "%#X", "%#o", "%#8x", "%#-8x|", "%#08x", "%#.5x", "%#08.5x", "%#.0x", "%#.0o",
		"%#5o", "%#05o", "%#.3o", "%+u", "% u", "%+x", "% o",
	};
	for (unsigned f = 0; f < sizeof ufmts / sizeof *ufmts; f++)
		for (unsigned i = 0; i < sizeof uvals / sizeof *uvals; i++)
			tu(ufmts[f], uvals[i]);
	return 0;
}
