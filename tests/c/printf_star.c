/* Width and precision from arguments (*): a negative width means '-' with
 * its absolute value, a negative precision means no precision, and the
 * usual rules for zero values with precision 0. */
#include <stdio.h>

int main(void)
{
	printf("[%*d]\n", 6, 42);
	printf("[%*d]\n", -6, 42);
	printf("[%-*d]\n", 6, 42);
	printf("[%-*d]\n", -6, 42);
	printf("[%0*d]\n", 6, -42);
	printf("[%0*d]\n", -6, -42);
	printf("[%.*d]\n", 5, 42);
	printf("[%.*d]\n", -5, 42);
	printf("[%.*d]\n", 0, 0);
	printf("[%.*d]\n", -1, 0);
	printf("[%0.*d]\n", -1, 7);
	printf("[%*.*d]\n", 8, 4, 42);
	printf("[%*.*d]\n", -8, 4, 42);
	printf("[%*.*d]\n", -8, -4, 42);
	printf("[%*.*d]\n", 8, -4, 42);
	printf("[%0*.*d]\n", 8, -4, 42);
	printf("[%0*.*d]\n", 8, 4, 42);
	printf("[%*.*x]\n", 10, 6, 0xabc);
	printf("[%#*.*x]\n", 10, 6, 0xabc);
	printf("[%*s]\n", 8, "str");
	printf("[%*s]\n", -8, "str");
	printf("[%.*s]\n", 2, "str");
	printf("[%.*s]\n", -2, "str");
	printf("[%.*s]\n", 0, "str");
	printf("[%*.*s]\n", 6, 1, "str");
	printf("[%*c]\n", 4, 'c');
	printf("[%*c]\n", -4, 'c');
	printf("[%*d|%*d]\n", 3, 1, -3, 2);
	printf("[%*d]\n", 0, 5);
	printf("[%*lld]\n", 25, -1234567890123LL);
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%*.*s|%-*d", 5, 2, "abcdef", 4, 9);
	printf("%s %d\n", buf, n);
	return 0;
}
