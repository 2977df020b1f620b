/* Library half of dso_libc_state: uses the same libc state as the program
 * (stdout's buffer, errno, the heap, the environment). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lib_print(const char *s)
{
	printf("[lib:%s]", s);
}

void lib_set_errno(int e)
{
	errno = e;
}

int lib_get_errno(void)
{
	return errno;
}

int *lib_errno_addr(void)
{
	return &errno;
}

char *lib_strdup(const char *s)
{
	return strdup(s);
}

void lib_free(void *p)
{
	free(p);
}

const char *lib_getenv(const char *name)
{
	return getenv(name);
}

FILE *lib_stdout(void)
{
	return stdout;
}
