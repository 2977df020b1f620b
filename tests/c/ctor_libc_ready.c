/* The C library is fully usable from the program's constructors (before
 * main) and destructors (after main): environment, errno, malloc, TLS,
 * auxv, stdio, string functions. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

static __thread int tls_counter = 100;
static char *saved;

__attribute__((constructor)) static void ctor(void)
{
	printf("ctor: HOME=%s\n", getenv("HOME") ? getenv("HOME") : "(unset)");
	errno = 0;
	close(-1);
	printf("ctor: errno after close(-1) %s\n", errno == EBADF ? "EBADF" : "other");
	saved = malloc(64);
	strcpy(saved, "allocated in constructor");
	tls_counter++;
	printf("ctor: tls %d pagesz %lu\n", tls_counter, getauxval(AT_PAGESZ));
	char buf[32];
	snprintf(buf, sizeof buf, "%05d|%s", 42, "x");
	printf("ctor: snprintf %s\n", buf);
}

__attribute__((destructor)) static void dtor(void)
{
	printf("dtor: saved \"%s\" tls %d\n", saved, tls_counter);
	free(saved);
	char *p = strdup("strdup in destructor");
	printf("dtor: %s\n", p);
	free(p);
}

int main(void)
{
	printf("main: saved \"%s\" tls %d\n", saved, tls_counter);
	tls_counter++;
	return 0;
}
