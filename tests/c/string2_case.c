/* strcasecmp, strncasecmp and their _l forms (ASCII folding, musl's
 * difference values), strcasestr, strcoll, strxfrm and their _l forms. */
#define _GNU_SOURCE
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int main(void)
{
	printf("strcasecmp %d %d %d %d\n", strcasecmp("ABC", "abd"), strcasecmp("\xc0", "\xe0"), strcasecmp("[", "a"), strcasecmp("Hello", "hELLO"));
	printf("strncasecmp %d %d %d\n", strncasecmp("Zz", "zZa", 3), strncasecmp("Zz", "zZa", 2), strncasecmp("a", "b", 0));
	printf("strcasecmp_l %d strncasecmp_l %d\n", strcasecmp_l("ABC", "abc", (locale_t)0), strncasecmp_l("ABx", "aby", 2, (locale_t)0));
	const char *h = "The Quick Brown Fox";
	const char *r = strcasestr(h, "quick");
	printf("strcasestr %ld\n", r ? (long)(r - h) : -1L);
	r = strcasestr(h, "FOX");
	printf("strcasestr %ld\n", r ? (long)(r - h) : -1L);
	r = strcasestr(h, "foxes");
	printf("strcasestr %ld\n", r ? (long)(r - h) : -1L);
	r = strcasestr(h, "");
	printf("strcasestr empty %ld\n", r ? (long)(r - h) : -1L);
	r = strcasestr("\xc0\xe0", "\xe0");
	printf("strcasestr non-ascii %d\n", r != 0);
	printf("strcoll %d %d strcoll_l %d\n", strcoll("a", "c"), strcoll("\xff", "a") > 0, strcoll_l("b", "a", (locale_t)0));
	char d[10];
	for (int n = 0; n < 8; n++) {
		memset(d, '#', sizeof d);
		size_t l = strxfrm(d, "hello", n);
		printf("strxfrm %d -> %zu %.9s\n", n, l, d);
	}
	memset(d, '#', sizeof d);
	printf("strxfrm_l %zu %.9s\n", strxfrm_l(d, "abc", 9, (locale_t)0), d);

	/* Every byte pair: the sign and value of strcasecmp/strncasecmp. */
	long sum = 0;
	int mism = 0;
	for (int a = 1; a < 256; a++)
		for (int b = 1; b < 256; b++) {
			char x[3] = {(char)a, 'q', 0}, y[3] = {(char)b, 'Q', 0};
			int v = strcasecmp(x, y);
			sum += v * (a + 3 * b);
			if (strncasecmp(x, y, 1) != v) mism++;
		}
	printf("strcasecmp all pairs sum %ld mism %d\n", sum, mism);
	return 0;
}
