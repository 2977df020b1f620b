/* strerror for every errno value 0..133 and for values with no message.
 * The texts are musl's (e.g. 0 is "No error information", as is any
 * unknown value). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	for (int e = 0; e <= 133; e++)
		printf("%d %s\n", e, strerror(e));
	int unknown[] = { 134, 200, 4095, 4096, -1, -22, INT_MAX, INT_MIN };
	for (unsigned i = 0; i < sizeof unknown / sizeof *unknown; i++)
		printf("unknown %d %s\n", unknown[i], strerror(unknown[i]));
	/* strerror does not change errno. */
	errno = EDOM;
	strerror(ERANGE);
	strerror(99999);
	printf("errno kept %s\n", errno == EDOM ? "yes" : "no");
	/* EWOULDBLOCK is EAGAIN, EDEADLOCK is EDEADLK, ENOTSUP is EOPNOTSUPP. */
	printf("EWOULDBLOCK %s\n", strerror(EWOULDBLOCK));
	printf("ENOTSUP %s\n", strerror(ENOTSUP));
	return errno != EDOM;
}
