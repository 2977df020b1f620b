/* %s and %c: width, left adjustment, precision truncating a string (and
 * then not requiring a terminator), %.0s, empty strings, %c with width. */
#include <stdio.h>

int main(void)
{
	const char *s = "hello";
	printf("[%s]\n", s);
	printf("[%10s]\n", s);
	printf("[%-10s]\n", s);
	printf("[%.3s]\n", s);
	printf("[%.0s]\n", s);
	printf("[%.10s]\n", s);
	printf("[%8.3s]\n", s);
	printf("[%-8.3s]\n", s);
	printf("[%2s]\n", s);
	printf("[%s]\n", "");
	printf("[%5s]\n", "");
	printf("[%-5s]\n", "");
	/* Precision on an array with no terminator: only that many bytes are read. */
	char raw[3] = { 'a', 'b', 'c' };
	printf("[%.3s]\n", raw);
	printf("[%.2s]\n", raw);
	printf("[%c]\n", 'x');
	printf("[%5c]\n", 'x');
	printf("[%-5c]\n", 'x');
	printf("[%c%c%c]\n", 'a', 'b', 'c');
	printf("[%c]\n", 256 + 'A');
	printf("[%c]\n", -1 & 0x7f);
	printf("[%s %s %s]\n", "multiple", "string", "args");
	printf("[%s]\n", "tab\there, newline escaped: \\n");
	printf("[%c]\n", '%');
	printf("[%s]\n", "%d %s not interpreted");
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%-4c|%4c|", 'L', 'R');
	printf("%s %d\n", buf, n);
	n = snprintf(buf, sizeof buf, "%.1s%.1s%.1s", "xyz", "", "q");
	printf("%s %d\n", buf, n);
	const char high[] = "\xc3\xa9t\xc3\xa9";
	n = snprintf(buf, sizeof buf, "[%s] [%.3s] [%6s]", high, high, high);
	printf("%s %d\n", buf, n);
	return 0;
}
