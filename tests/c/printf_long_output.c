/* Output much larger than any internal buffer: huge widths and precisions,
 * long strings, many conversions in one call, to stdout and to memory;
 * stdout content is checked by the harness byte for byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int r = printf("[%5000d]\n", 42);
	printf("ret %d\n", r);
	r = printf("[%-3000s]\n", "left");
	printf("ret %d\n", r);
	r = printf("[%.4000d]\n", -7);
	printf("ret %d\n", r);
	r = printf("[%#6000x]\n", 0xbeefu);
	printf("ret %d\n", r);

	static char s[20001];
	for (int i = 0; i < 20000; i++)
		s[i] = (char)('a' + i % 26);
	r = printf("%s\n", s);
	printf("ret %d\n", r);
	r = printf("%.12345s|\n", s);
	printf("ret %d\n", r);

	r = 0;
	for (int i = 0; i < 2000; i++)
		r += printf("%d,", i);
	printf("\nsum of rets %d\n", r);

	/* One call with many conversions, into memory. */
	char *buf = malloc(100000);
	r = sprintf(buf, "%s%s%s%s%s%2000d%-2000s|%s", s, s, s, s, "end", 1, "x", "tail");
	printf("sprintf ret %d strlen %zu last \"%s\"\n", r, strlen(buf), buf + r - 6);
	int n = snprintf(buf, 100000, "%30000d%30000d%30000d", 1, 2, 3);
	printf("snprintf ret %d strlen %zu tail \"%s\"\n", n, strlen(buf), buf + n - 3);
	n = snprintf(buf, 100, "%50000s", "z");
	printf("truncated ret %d strlen %zu\n", n, strlen(buf));
	free(buf);
	return 0;
}
