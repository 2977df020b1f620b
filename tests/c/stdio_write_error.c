/* Write errors on stdout: with fd 1 closed, fflush fails with EOF/EBADF and
 * output calls that must reach the fd (larger than any buffer) report
 * failure (printf -1, fputs EOF, fwrite short). Results go to a duplicate
 * of the original stdout via dprintf; stdout itself is never reopened, so
 * whatever stdio still holds is not observed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	int out = (int)syscall(SYS_dup, 1);
	if (out < 0)
		return 1;
	dprintf(out, "dup ok\n");
	close(1);

	printf("x");
	errno = 0;
	int r = fflush(stdout);
	int e = errno;
	dprintf(out, "fflush after close: %s, errno %s\n", r == EOF ? "EOF" : "not EOF",
		e == EBADF ? "EBADF" : "other");

	errno = 0;
	r = printf("%100000d", 1);
	e = errno;
	dprintf(out, "big printf: %s, errno %s\n", r < 0 ? "negative" : "non-negative",
		e == EBADF ? "EBADF" : "other");

	char *s = malloc(100001);
	memset(s, 'y', 100000);
	s[100000] = 0;
	r = fputs(s, stdout);
	dprintf(out, "big fputs: %s\n", r == EOF ? "EOF" : "not EOF");
	size_t w = fwrite(s, 1, 100000, stdout);
	dprintf(out, "big fwrite short: %s\n", w < 100000 ? "yes" : "no");
	free(s);
	dprintf(out, "done\n");
	return 0;
}
