/* POSIX positional arguments (%n$ and *m$): reordering, reuse of an
 * argument, width and precision taken from numbered arguments, mixed
 * argument types resolved by position. Only argument numbers up to 9 are
 * used: POSIX guarantees NL_ARGMAX >= 9 and musl's is exactly 9 (a %10$
 * makes musl's printf fail with EINVAL). */
#include <stdio.h>

int main(void)
{
	printf("%2$s %1$s\n", "world", "hello");
	printf("%3$d %1$d %2$d\n", 1, 2, 3);
	printf("%1$d %1$d %1$x\n", 255);
	printf("%2$c%1$c%2$c\n", 'a', 'b');
	printf("[%1$*2$d]\n", 42, 8);
	printf("[%1$-*2$d]\n", 42, 8);
	printf("[%1$*2$d]\n", 42, -8);
	printf("[%1$.*2$d]\n", 42, 5);
	printf("[%1$*2$.*3$d]\n", 42, 9, 4);
	printf("[%3$*1$.*2$s]\n", 7, 2, "abcdef");
	printf("%2$lld %1$hhd %3$s %4$zu\n", 300, -5LL, "mid", (size_t)99);
	printf("%4$s %3$s %2$s %1$s\n", "d", "c", "b", "a");
	printf("%1$s%2$s%3$s%4$s%5$s%6$s%7$s%8$s%9$s\n", "1", "2", "3", "4", "5", "6", "7", "8", "9");
	printf("%1$#x %1$#o %1$u %1$+d\n", 64);
	printf("%%%1$d%%\n", 50);
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%2$s-%1$s-%2$s", "x", "yy");
	printf("%s %d\n", buf, n);
	return 0;
}
