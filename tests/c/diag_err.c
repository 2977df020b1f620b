/* <err.h> and assert: each runs in a child whose stderr is a pipe; the parent prints what
 * came through (after checking that it starts with the program's name) and how the child
 * ended. errno's description comes from strerror, as on musl. */
#include <assert.h>
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int fails;
static const char *name;

static void vwarn_wrapper(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	errno = EACCES;
	vwarn(fmt, ap);
	va_end(ap);
}

static void vwarnx_wrapper(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
}

static void verrx_wrapper(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verrx(status, fmt, ap);
}

static void run(const char *what, int which)
{
	int p[2];
	pipe(p);
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		close(p[0]);
		dup2(p[1], 2);
		switch (which) {
		case 0: errno = ENOENT; warn("opening %s (%d)", "x.txt", 42); break;
		case 1: warnx("plain %s %5.2f", "text", 3.14159); break;
		case 2: errno = EBADF; warn(0); break;
		case 3: warnx(0); break;
		case 4: vwarn_wrapper("via %s", "vwarn"); break;
		case 5: vwarnx_wrapper("via %c%c", 'v', 'x'); break;
		case 6: errno = EINVAL; err(3, "fatal %d", 7); break;
		case 7: errx(4, "fatal %s", "x"); break;
		case 8: verrx_wrapper(5, "v%s", "errx"); break;
		case 9:
#line 100 "diag.c"
			assert(1 + 1 == 3);
			break;
		}
		_exit(0);
	}
	close(p[1]);
	char buf[512];
	int n = 0, r;
	while ((r = read(p[0], buf + n, sizeof buf - 1 - n)) > 0)
		n += r;
	buf[n] = 0;
	close(p[0]);
	int st;
	waitpid(c, &st, 0);
	size_t len = strlen(name);
	const char *text = buf;
	if (which != 9) {
		int named = strncmp(buf, name, len) == 0 && buf[len] == ':';
		if (!named)
			fails++;
		text = named ? buf + len : buf;
	}
	printf("%s: [%s] %s %d\n", what, text, WIFEXITED(st) ? "exit" : "signal",
	       WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
}

int main(int argc, char **argv)
{
	(void)argc;
	name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *what[] = { "warn", "warnx", "warn null", "warnx null", "vwarn", "vwarnx", "err", "errx", "verrx", "assert" };
	for (int k = 0; k < 10; k++)
		run(what[k], k);
	printf("fails %d\n", fails);
	return fails != 0;
}
