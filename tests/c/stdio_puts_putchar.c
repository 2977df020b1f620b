/* Return values of the character and string output functions: puts adds a
 * newline and returns a non-negative value, putchar/fputc/putc return the
 * byte written as an unsigned char (so 0x141 -> 0x41, -1 -> 255, not EOF). */
#include <stdio.h>

int main(void)
{
	printf("stdin/stdout/stderr non-null and distinct: %s\n",
	       stdin && stdout && stderr && stdin != stdout && stdout != stderr && stdin != stderr ? "yes" : "no");
	int r = puts("puts line");
	printf("puts ret >= 0: %s\n", r >= 0 ? "yes" : "no");
	r = puts("");
	printf("puts empty ret >= 0: %s\n", r >= 0 ? "yes" : "no");
	r = fputs("fputs no newline", stdout);
	printf("|fputs ret >= 0: %s\n", r >= 0 ? "yes" : "no");
	r = fputs("", stdout);
	printf("fputs empty ret >= 0: %s\n", r >= 0 ? "yes" : "no");

	r = putchar('a');
	printf(" putchar('a') = %d\n", r);
	r = putchar(0x141);
	printf(" putchar(0x141) = %d\n", r);
	r = putchar(0xe9);
	printf(" putchar(0xe9) = %d\n", r);
	r = putchar(-1);
	printf(" putchar(-1) = %d\n", r);
	r = fputc('b', stdout);
	printf(" fputc('b') = %d\n", r);
	r = fputc(-2, stdout);
	printf(" fputc(-2) = %d\n", r);
	r = putc('c', stdout);
	printf(" putc('c') = %d\n", r);
	r = putc(0x200 + 'd', stdout);
	printf(" putc(0x264) = %d\n", r);
	for (int c = 32; c < 127; c++)
		putchar(c);
	putchar('\n');
	for (int i = 0; i < 3000; i++)
		putc('0' + i % 10, stdout);
	putchar('\n');
	return 0;
}
