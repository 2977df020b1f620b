/* setenv/unsetenv/putenv/clearenv/getenv sequences, printing the whole environment after
 * each step: replacing in place, adding, overwrite 0, bad names (EINVAL), putenv's string
 * staying live, putenv of a name without '=' (musl removes it), clearenv, then a program
 * array assigned to environ (setenv must copy it when adding, and change it in place when
 * replacing). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static void dump(const char *what) {
	printf("%s:", what);
	if (!environ) printf(" (null)");
	else for (char **e = environ; *e; e++) printf(" [%s]", *e);
	printf("\n");
}

int main(void) {
	dump("start");
	printf("setenv new %d\n", setenv("NEW", "1", 0));
	printf("setenv keep %d\n", setenv("NEW", "2", 0));
	printf("setenv HOME %d\n", setenv("HOME", "/home/x", 1));
	dump("after setenv");
	const char *bad[] = {"", "A=B", "="};
	for (int i = 0; i < 3; i++) {
		errno = 0;
		int r = setenv(bad[i], "v", 1);
		printf("setenv bad %d: %d errno %d", i, r, errno);
		errno = 0;
		r = unsetenv(bad[i]);
		printf(" unsetenv %d errno %d\n", r, errno);
	}
	static char mine[] = "MINE=abc";
	printf("putenv %d\n", putenv(mine));
	mine[5] = 'X';
	printf("getenv MINE %s\n", getenv("MINE"));
	static char mine2[] = "MINE=second";
	printf("putenv replace %d\n", putenv(mine2));
	dump("after putenv");
	printf("putenv without = %d\n", putenv("PATH"));
	errno = 0;
	int r = putenv("=x");
	printf("putenv =x %d errno %d\n", r, errno);
	dump("after putenv PATH");
	printf("unsetenv HOME %d, missing %d\n", unsetenv("HOME"), unsetenv("NOPE"));
	for (int i = 0; i < 50; i++) {
		char n[16], v[16];
		sprintf(n, "V%02d", i);
		sprintf(v, "%d", i * i);
		setenv(n, v, 1);
	}
	for (int i = 0; i < 50; i += 3) {
		char n[16];
		sprintf(n, "V%02d", i);
		unsetenv(n);
	}
	dump("after many");
	printf("getenv V10 %s V11 %s V12 %s\n", getenv("V10"), getenv("V11"), getenv("V12") ? "set" : "(null)");
	printf("clearenv %d\n", clearenv());
	dump("after clearenv");
	printf("getenv NEW %s\n", getenv("NEW") ? "set" : "(null)");
	printf("unsetenv after clear %d\n", unsetenv("NEW"));
	printf("setenv after clear %d\n", setenv("AFTER", "clear", 0));
	dump("after clear+set");

	static char *own[] = {"ONE=1", "TWO=2", 0};
	environ = own;
	r = setenv("ONE", "uno", 1);
	printf("setenv replace in program array %d same array %d\n", r, environ == own);
	printf("own[0] %s\n", own[0]);
	r = setenv("THREE", "3", 1);
	printf("setenv add %d same array %d own[2] %s\n", r, environ == own, own[2] ? "set" : "(null)");
	dump("program array");
	r = unsetenv("TWO");
	printf("unsetenv TWO %d own[1] %s\n", r, own[1]);
	dump("final");
	printf("secure_getenv THREE %s\n", secure_getenv("THREE"));
	return 0;
}
