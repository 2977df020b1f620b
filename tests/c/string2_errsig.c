/* strerror_r (XSI, int-returning as musl declares it), __xpg_strerror_r,
 * and strsignal for every signal number and some out of range. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

int __xpg_strerror_r(int, char *, size_t);

int main(void)
{
	char buf[64];
	for (int n = 0; n < 30; n += 3) {
		memset(buf, '#', sizeof buf);
		int r = strerror_r(ENOENT, buf, n);
		printf("strerror_r ENOENT %d -> %d [%.*s]\n", n, r, n < 28 ? n + 1 : 28, buf);
	}
	for (int e = -2; e < 140; e++) {
		memset(buf, '#', sizeof buf);
		errno = 0;
		int r = strerror_r(e, buf, sizeof buf);
		int r2 = __xpg_strerror_r(e, buf + 1, 0);
		printf("%d %d %d %d %s\n", e, r, r2, errno, buf);
	}
	for (int s = -2; s < 70; s++) printf("sig %d %s\n", s, strsignal(s));
	return 0;
}
