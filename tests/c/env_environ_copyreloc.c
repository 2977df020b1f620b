/* A non-PIE program reads environ directly, so the linker gives it a copy relocation:
 * setenv inside libc must update the program's copy, and a plain assignment by the program
 * must be seen by getenv and setenv. */
#include <stdio.h>
#include <stdlib.h>

extern char **environ;

int main(void) {
	int n = 0;
	for (char **e = environ; *e; e++) n++;
	printf("entries %d\n", n);
	setenv("ADDED", "yes", 1);
	n = 0;
	for (char **e = environ; *e; e++) n++;
	printf("entries after setenv %d, last %s\n", n, environ[n - 1]);
	static char *mine[] = {"A=1", 0};
	environ = mine;
	printf("getenv A %s ADDED %s\n", getenv("A"), getenv("ADDED") ? "set" : "(null)");
	setenv("B", "2", 1);
	printf("environ %s %s %s\n", environ[0], environ[1], environ[2] ? "more" : "(end)");
	clearenv();
	printf("after clearenv environ %s\n", environ ? "set" : "null");
	return 0;
}
