/* What the shadow_*, usershell_* and getlogin_* programs share: checks, scratch files, a
 * private mount namespace with a tmpfs over /etc (so that a test's /etc/shadow,
 * /etc/shells, /etc/tcb and /etc/.pwd.lock are its own), and printing a struct spwd. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

static void write_file(const char *name, const char *text, size_t len)
{
	FILE *f = fopen(name, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		printf("cannot write %s\n", name);
		exit(1);
	}
}

/* A private mount namespace with an empty tmpfs over /etc; 0 (and SKIP printed) when the
 * machine cannot make one. */
static int private_etc(void)
{
	if (unshare(CLONE_NEWNS)) {
		printf("SKIP: unshare(CLONE_NEWNS): errno %d\n", errno);
		return 0;
	}
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0)) {
		printf("SKIP: mount: errno %d\n", errno);
		return 0;
	}
	if (mount("tmpfs", "/etc", "tmpfs", 0, "mode=0755")) {
		printf("SKIP: tmpfs over /etc: errno %d\n", errno);
		return 0;
	}
	return 1;
}

/* A text field, long runs cut and control bytes made visible. */
static void field(const char *s)
{
	size_t n = strlen(s);
	if (n > 64) {
		printf("[%zu bytes, %.8s...]", n, s);
		return;
	}
	putchar('[');
	for (; *s; s++) {
		if ((unsigned char)*s < 32)
			printf("\\x%02x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar(']');
}
