/* Output lengths near INT_MAX (written to nowhere with snprintf(NULL, 0)):
 * exactly INT_MAX characters is representable and returned; one more makes
 * the call fail with -1 and errno EOVERFLOW (POSIX). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>

int main(void)
{
	errno = 0;
	int r = snprintf(NULL, 0, "%*d", INT_MAX, 1);
	printf("width INT_MAX: ret %d errno %d\n", r, errno);
	char small[8];
	r = snprintf(small, sizeof small, "%.*d", INT_MAX, 5);
	printf("precision INT_MAX: ret %d stored \"%s\"\n", r, small);
	errno = 0;
	r = snprintf(NULL, 0, "%*d%d", INT_MAX, 1, 2);
	printf("INT_MAX+1: ret %d errno %s\n", r, errno == EOVERFLOW ? "EOVERFLOW" : "other");
	errno = 0;
	r = snprintf(NULL, 0, "%*s%*s", INT_MAX / 2 + 1, "", INT_MAX / 2 + 1, "");
	printf("two halves: ret %d errno %s\n", r, errno == EOVERFLOW ? "EOVERFLOW" : "other");
	return 0;
}
