/* confstr: every name from -1 to 1160 (musl answers _CS_PATH, the width-restricted
 * environment lists and the programming environments' flags, and EINVAL for the rest), the
 * size it needs, and truncation to small buffers. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	int known = 0;
	for (int name = -1; name <= 1160; name++) {
		char buf[64];
		memset(buf, 'x', sizeof buf);
		errno = 0;
		size_t n = confstr(name, buf, sizeof buf);
		if (n == 0) {
			if (errno != EINVAL || buf[0] != 'x') printf("%d: 0 errno %d\n", name, errno);
			continue;
		}
		known++;
		printf("%d: %zu \"%s\" errno %d\n", name, n, buf, errno);
	}
	printf("known %d\n", known);
	for (size_t len = 0; len <= 15; len++) {
		char buf[16];
		memset(buf, 'x', sizeof buf);
		size_t n = confstr(_CS_PATH, len ? buf : 0, len);
		printf("len %zu: %zu \"%.*s\"\n", len, n, (int)(len ? strlen(buf) : 0), buf);
	}
	char buf[4] = "abc";
	printf("V7_ENV %zu \"%s\"\n", confstr(_CS_V7_ENV, buf, sizeof buf), buf);
	return 0;
}
