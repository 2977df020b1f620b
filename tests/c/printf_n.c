/* %n stores the number of characters written so far, into int or into the
 * type its length modifier names; it writes nothing to the output, works in
 * snprintf even when the output is truncated, and with positional args. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
	int n1 = -1, n2 = -1, n3 = -1;
	int r = printf("abc%n de%nf%n\n", &n1, &n2, &n3);
	printf("n1 %d n2 %d n3 %d ret %d\n", n1, n2, n3, r);

	int n0 = -1;
	printf("%n", &n0);
	printf("at start %d\n", n0);

	signed char hh = 99;
	short h = 99;
	long l = -1;
	long long ll = -1;
	size_t z = 12345;
	intmax_t j = -1;
	ptrdiff_t t = -1;
	printf("%10d%hhn|%hn|%ln|%lln|%zn|%jn|%tn\n", 5, &hh, &h, &l, &ll, &z, &j, &t);
	printf("hh %d h %d l %ld ll %lld z %zu j %jd t %td\n", hh, h, l, ll, z, j, t);

	/* hh stores only a char: 300 characters wrap to 44. */
	signed char wrap = 0;
	int big = 0;
	char buf[400];
	snprintf(buf, sizeof buf, "%300s%hhn%n", "", &wrap, &big);
	printf("hhn after 300 chars %d, n %d\n", wrap, big);

	/* snprintf with truncation still counts the full output. */
	int cut = -1;
	r = snprintf(buf, 5, "0123456789%n", &cut);
	printf("truncated: \"%s\" ret %d n %d\n", buf, r, cut);
	cut = -1;
	r = snprintf(NULL, 0, "%d%n", 123456, &cut);
	printf("size 0: ret %d n %d\n", r, cut);

	/* Positional %n. */
	int pn = -1;
	printf("%1$s%2$n|\n", "seven..", &pn);
	printf("positional n %d\n", pn);

	/* Width and precision count. */
	int w = -1;
	printf("[%-8s%.2s]%n\n", "ab", "xyz", &w);
	printf("width counted %d\n", w);
	return 0;
}
