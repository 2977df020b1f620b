/* strfmon where musl 1.2.3 departs from POSIX, so the expected output is limpet's: the -
 * flag left-justifies a conversion in its field width (musl drops the width), the result
 * is always NUL-terminated, and a result whose NUL does not fit fails with E2BIG, literal
 * text too (musl stores what fits, unterminated, and returns its length; with a size of 0
 * it returns 0). The program returns 0 either way. */
#include <errno.h>
#include <monetary.h>
#include <stdio.h>
#include <string.h>

static void run(const char *fmt, size_t cap, double x)
{
	char buf[64];
	memset(buf, '#', sizeof buf);
	errno = 0;
	ssize_t r = strfmon(buf, cap, fmt, x);
	if (r < 0) printf("%-12s cap %2zu: -1 errno %s\n", fmt, cap, errno == E2BIG ? "E2BIG" : "other");
	else printf("%-12s cap %2zu: %zd [%.*s] %s\n", fmt, cap, r, (int)r, buf, buf[r] ? "unterminated" : "terminated");
}

int main(void)
{
	static const char *left[] = { "%-10n|", "%-#5n|", "%-12#3.0i|", "%-2n|", "%-=*^14.1n|", "%(-9n|" };
	for (unsigned i = 0; i < sizeof left / sizeof *left; i++) {
		run(left[i], 64, 1.5);
		run(left[i], 64, -123.456);
	}
	run("abc", 64, 0);
	run("%n%%", 64, 2);
	run("abc", 4, 0);
	run("abcd", 4, 0);
	run("abcdef", 4, 0);
	run("x%n", 5, 1);
	run("x%ny", 6, 1);
	run("x%ny", 7, 1);
	run("", 1, 0);
	run("", 0, 0);
	run("abc", 0, 0);
	return 0;
}
