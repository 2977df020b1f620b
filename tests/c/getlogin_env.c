/* getlogin and getlogin_r against musl: the login name is the environment's LOGNAME
 * (getlogin returns the environment's own string), ENXIO when it is not set, ERANGE when
 * it does not fit, at every buffer size from 0 up, and nothing written past the size.
 * errno is printed only where no error is returned (limpet also sets it on an error,
 * which musl does not: POSIX wants it set by getlogin). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A byte getlogin_r must not write past the size it is given. */
static const char canary = 0x5a;

static void sizes(const char *value)
{
	if (value)
		setenv("LOGNAME", value, 1);
	else
		unsetenv("LOGNAME");
	char *g = getlogin();
	printf("LOGNAME %s: getlogin %s, the environment's string %s\n", value ? value : "unset", g ? g : "null",
	       g == getenv("LOGNAME") ? "yes" : "no");
	char buf[80];
	size_t len = value ? strlen(value) : 0;
	for (size_t size = 0; size <= len + 2 && size + 8 <= sizeof buf; size++) {
		memset(buf, canary, sizeof buf);
		errno = 1234;
		int r = getlogin_r(buf, size);
		int past = 0;
		for (size_t i = size; i < sizeof buf; i++)
			past += buf[i] != canary;
		printf("  getlogin_r(%zu bytes) %d", size, r);
		if (!r)
			printf(" [%s] errno untouched %s", buf, errno == 1234 ? "yes" : "no");
		printf(" written past the size %d\n", past);
	}
}

int main(void)
{
	sizes(0);
	sizes("");
	sizes("root");
	sizes("a user with spaces");
	sizes("0123456789012345678901234567890123456789012345678901234567890123456789");
	printf("getlogin_r(null, 0) %d\n", getlogin_r(0, 0));
	return 0;
}
