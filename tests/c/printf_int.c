/* %d %i %u with widths, precisions and values around zero and the limits.
 * Each case goes through both snprintf and printf (to stdout) and prints
 * the result between bars with the return value. */
#include <limits.h>
#include <stdio.h>

static int fails;

static void t(const char *fmt, int v)
{
	char buf[128];
	int n = snprintf(buf, sizeof buf, fmt, v);
	printf("%-10s|%s| %d  |", fmt, buf, n);
	int m = printf(fmt, v);
	printf("| %d\n", m);
	if (n != m)
		fails++;
}

static void tu(const char *fmt, unsigned v)
{
	char buf[128];
	int n = snprintf(buf, sizeof buf, fmt, v);
	printf("%-10s|%s| %d\n", fmt, buf, n);
}

int main(void)
{
	int vals[] = { 0, 1, -1, 7, -7, 42, 100, -100, 12345, -98765, INT_MAX, INT_MIN };
	const char *fmts[] = { "%d", "%i", "%5d", "%-5d", "%05d", "%.3d", "%8.3d", "%-8.3d", "%.0d", "%1d", "%12d" };
	for (unsigned f = 0; f < sizeof fmts / sizeof *fmts; f++)
		for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++)
			t(fmts[f], vals[i]);

	unsigned uvals[] = { 0, 1, 9, 10, 4294967295u, 2147483648u, 1000000u };
	const char *ufmts[] = { "%u", "%6u", "%-6u|", "%06u", "%.8u", "%.0u" };
	for (unsigned f = 0; f < sizeof ufmts / sizeof *ufmts; f++)
		for (unsigned i = 0; i < sizeof uvals / sizeof *uvals; i++)
			tu(ufmts[f], uvals[i]);

	/* %u of a negative int reinterprets it as unsigned. */
	tu("%u", (unsigned)-1);
	tu("%u", (unsigned)INT_MIN);
	printf("mixed: %d %i %u %d\n", -5, 6, 7u, 8);
	return fails;
}
