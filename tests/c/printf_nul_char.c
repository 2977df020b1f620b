/* Output containing NUL bytes and percent signs: %c of 0 writes a real NUL
 * byte (to stdout, and into a buffer from which fwrite copies it out), %%
 * in several positions, and fwrite/fputc of NUL. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	int r = printf("[%c]\n", 0);
	printf("printf with NUL ret %d\n", r);
	r = printf("%%[%c%c%c]%%\n", 'a', 0, 'b');
	printf("ret %d\n", r);
	char buf[32];
	memset(buf, '#', sizeof buf);
	int n = snprintf(buf, sizeof buf, "x%cy%cz", 0, 0);
	printf("snprintf ret %d, fwrite: ", n);
	fwrite(buf, 1, n + 1, stdout); /* includes the terminating NUL */
	printf("\n");
	n = sprintf(buf, "%5c|%-3c|", 0, 0);
	printf("padded NUL ret %d: ", n);
	fwrite(buf, 1, n, stdout);
	printf("\n");
	/* Only a bare %% is valid; "%5%" is undefined (musl rejects it). */
	r = printf("%%d %% %%%%|%s%%\n", "x");
	printf("ret %d\n", r);
	fputc(0, stdout);
	putchar('\n');
	fputs("fputs stops at NUL\0 hidden\n", stdout);
	putchar('\n');
	return 0;
}
