/* A shared library and the program share one libc: stdout's buffer (output
 * interleaves in call order), errno, the heap (memory allocated on one side
 * can be freed on the other) and the environment. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lib_print(const char *);
void lib_set_errno(int);
int lib_get_errno(void);
int *lib_errno_addr(void);
char *lib_strdup(const char *);
void lib_free(void *);
const char *lib_getenv(const char *);
FILE *lib_stdout(void);

int main(void)
{
	int fails = 0;
	printf("a");
	lib_print("b");
	printf("c");
	lib_print("d");
	printf("\n");

	printf("same stdout %s\n", lib_stdout() == stdout ? "yes" : "no");
	fails += lib_stdout() != stdout;

	lib_set_errno(ERANGE);
	printf("errno set by lib: %s\n", errno == ERANGE ? "ERANGE" : "other");
	errno = EDOM;
	printf("errno seen by lib: %s\n", lib_get_errno() == EDOM ? "EDOM" : "other");
	printf("same errno %s\n", lib_errno_addr() == &errno ? "yes" : "no");
	fails += lib_errno_addr() != &errno;

	char *p = lib_strdup("allocated in lib");
	printf("%s\n", p);
	free(p);
	p = malloc(32);
	strcpy(p, "allocated in program");
	printf("%s\n", p);
	lib_free(p);
	for (int i = 0; i < 100; i++) {
		char *q = lib_strdup("churn");
		if (i % 2)
			free(q);
		else
			lib_free(q);
	}
	printf("cross free ok\n");

	const char *h = lib_getenv("HOME");
	printf("lib getenv HOME %s\n", h ? h : "(unset)");
	return fails;
}
