/* fwrite: returns the number of complete items written, 0 for size or
 * nmemb 0; large writes that bypass the buffer keep their order with
 * buffered data; fflush(stdout) and fflush(NULL) return 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	size_t r = fwrite("abcdef", 1, 6, stdout);
	printf(" ret %zu\n", r);
	r = fwrite("abcdef", 3, 2, stdout);
	printf(" items of 3: ret %zu\n", r);
	r = fwrite("abcdef", 2, 3, stdout);
	printf(" items of 2: ret %zu\n", r);
	r = fwrite("xyz", 0, 3, stdout);
	printf("size 0: ret %zu\n", r);
	r = fwrite("xyz", 3, 0, stdout);
	printf("nmemb 0: ret %zu\n", r);

	int v[4] = { 0x64636261, 0x68676665, 0x0a0a0a0a, 0 };
	r = fwrite(v, sizeof v[0], 3, stdout);
	printf("ints ret %zu\n", r);

	/* Small buffered write, then a write far larger than any buffer,
	 * then small again: the order must be preserved. */
	printf("before big:");
	size_t big = 200000;
	char *b = malloc(big);
	for (size_t i = 0; i < big; i++)
		b[i] = (i % 80 == 79) ? '\n' : (char)('A' + i % 26);
	r = fwrite(b, 1, big, stdout);
	printf("after big, ret %zu\n", r);
	r = fwrite(b, 100, big / 100, stdout);
	printf("after big items, ret %zu\n", r);
	free(b);

	printf("fflush(stdout) = %d\n", fflush(stdout));
	printf("pending");
	printf(" fflush(NULL) = %d\n", fflush(NULL));
	printf("fflush(stdout) with nothing pending = %d\n", (fflush(stdout), fflush(stdout)));
	return 0;
}
