/* Terminals on a real pseudo-terminal pair: attributes and raw mode, speeds, window size,
 * ptsname, a child on the far end (forkpty) reading a password with getpass, and job
 * control with tcsetpgrp in the child's session. Bad input gets errno. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

static void fail(const char *what, long got, int want_errno)
{
	int e = errno;
	printf("%s %ld errno %d %s\n", what, got, e, got == -1 && e == want_errno ? "ok" : "FAIL");
	if (got != -1 || e != want_errno)
		fails++;
}

/* Reads what the child writes to the master until it closes (EIO) or `want` appears. */
static int read_until(int m, char *buf, int size, const char *want)
{
	int n = 0;
	buf[0] = 0;
	while (n < size - 1) {
		struct pollfd p = { m, POLLIN, 0 };
		if (poll(&p, 1, 5000) != 1)
			break;
		ssize_t r = read(m, buf + n, size - 1 - n);
		if (r <= 0)
			break;
		n += r;
		buf[n] = 0;
		if (want && strstr(buf, want))
			break;
	}
	return n;
}

static void attributes(void)
{
	int m, s;
	char name[64];
	struct winsize ws = { 24, 80, 0, 0 }, wb;
	check("openpty", openpty(&m, &s, name, 0, &ws), 0);
	check("name is /dev/pts/N", strncmp(name, "/dev/pts/", 9), 0);
	check("ptsname agrees", strcmp(ptsname(m), name), 0);
	char small[4];
	check("ptsname_r too small", ptsname_r(m, small, sizeof small), ERANGE);
	check("isatty slave", isatty(s), 1);
	check("tcgetwinsize", tcgetwinsize(s, &wb), 0);
	check("rows", wb.ws_row, 24);
	check("cols", wb.ws_col, 80);
	ws.ws_col = 132;
	check("TIOCSWINSZ via ioctl", ioctl(m, TIOCSWINSZ, &ws), 0);
	check("TIOCGWINSZ via ioctl", ioctl(s, TIOCGWINSZ, &wb), 0);
	check("cols now", wb.ws_col, 132);

	struct termios t, raw, back;
	check("tcgetattr", tcgetattr(s, &t), 0);
	check("canonical", !!(t.c_lflag & ICANON), 1);
	check("echo", !!(t.c_lflag & ECHO), 1);
	raw = t;
	cfmakeraw(&raw);
	check("cfsetspeed B38400", cfsetspeed(&raw, B38400), 0);
	check("cfgetospeed", cfgetospeed(&raw), B38400);
	check("cfgetispeed", cfgetispeed(&raw), B38400);
	check("tcsetattr TCSANOW", tcsetattr(s, TCSANOW, &raw), 0);
	check("tcgetattr again", tcgetattr(s, &back), 0);
	check("raw lflag", back.c_lflag & (ICANON | ECHO | ISIG | IEXTEN), 0);
	check("raw iflag", back.c_iflag & (ICRNL | IXON | BRKINT), 0);
	check("raw opost", back.c_oflag & OPOST, 0);
	check("cs8", back.c_cflag & CSIZE, CS8);
	check("vmin", back.c_cc[VMIN], 1);
	check("vtime", back.c_cc[VTIME], 0);
	check("speed kept", cfgetospeed(&back), B38400);
	/* Raw: bytes pass through at once, no echo, no CR-NL mapping. */
	check("write master", write(m, "a\rb", 3), 3);
	char buf[16];
	check("read slave", read(s, buf, sizeof buf), 3);
	check("cr kept", buf[1], '\r');
	struct pollfd p = { m, POLLIN, 0 };
	check("no echo", poll(&p, 1, 50), 0);
	check("tcsetattr TCSAFLUSH", tcsetattr(s, TCSAFLUSH, &t), 0);
	check("tcdrain", tcdrain(s), 0);
	check("tcflush", tcflush(s, TCIOFLUSH), 0);
	check("tcflow", tcflow(s, TCOON), 0);
	/* Canonical again: a line arrives whole, with its echo on the master. */
	check("write line", write(m, "xy\n", 3), 3);
	check("read line", read(s, buf, sizeof buf), 3);
	check("echoed", read_until(m, buf, sizeof buf, "xy"), 4);

	fail("tcsetattr bad action", tcsetattr(s, 7, &t), EINVAL);
	fail("cfsetospeed bad speed", cfsetospeed(&t, 0x12345), EINVAL);
	fail("tcgetattr bad fd", tcgetattr(-1, &t), EBADF);
	int null = open("/dev/null", O_RDWR);
	fail("tcgetattr not a tty", tcgetattr(null, &t), ENOTTY);
	fail("tcgetpgrp not a tty", tcgetpgrp(null), ENOTTY);
	fail("ioctl bad request", ioctl(null, TIOCGWINSZ, &wb), ENOTTY);
	fail("ioctl bad fd", ioctl(-1, FIONREAD, &m), EBADF);
	errno = 0;
	check("ptsname of a non-master", ptsname(s) == 0, 1);
	check("its errno is set", errno != 0, 1);
	close(null);
	close(s);
	close(m);

	int pm = posix_openpt(O_RDWR | O_NOCTTY);
	check("posix_openpt", pm >= 0, 1);
	check("grantpt", grantpt(pm), 0);
	check("unlockpt", unlockpt(pm), 0);
	int ps = open(ptsname(pm), O_RDWR | O_NOCTTY);
	check("open slave", ps >= 0, 1);
	close(ps);
	close(pm);
}

/* In the forkpty child: the slave is the controlling terminal and stdin/out/err. */
static int child(void)
{
	printf("child isatty %d %d %d\n", isatty(0), isatty(1), isatty(2));
	printf("child session leader %d\n", getsid(0) == getpid());
	printf("child foreground %d\n", tcgetpgrp(0) == getpgrp());
	printf("child tcgetsid %d\n", tcgetsid(0) == getsid(0));
	fflush(stdout);
	char *pw = getpass("Password: ");
	printf("got [%s]\n", pw ? pw : "(null)");
	/* Job control: a new group in the foreground, then back. */
	signal(SIGTTOU, SIG_IGN);
	pid_t g = fork();
	if (g == 0) {
		setpgid(0, 0);
		pause();
		_exit(0);
	}
	setpgid(g, g);
	printf("tcsetpgrp other %d\n", tcsetpgrp(0, g));
	printf("foreground is it %d\n", tcgetpgrp(0) == g);
	printf("tcsetpgrp back %d\n", tcsetpgrp(0, getpgrp()));
	printf("foreground is ours %d\n", tcgetpgrp(0) == getpgrp());
	errno = 0;
	int bad = tcsetpgrp(0, 999999);
	printf("tcsetpgrp bad %d errno %d\n", bad, errno);
	kill(g, SIGKILL);
	waitpid(g, 0, 0);
	printf("done\n");
	fflush(stdout);
	return 0;
}

int main(void)
{
	attributes();
	int m;
	struct winsize ws = { 10, 40, 0, 0 };
	fflush(stdout);
	pid_t pid = forkpty(&m, 0, 0, &ws);
	if (pid == 0)
		_exit(child());
	check("forkpty", pid > 0, 1);
	char buf[1024];
	read_until(m, buf, sizeof buf, "Password: ");
	/* The prompt came after the child's first lines; the terminal turns \n into \r\n. */
	check("saw prompt", strstr(buf, "Password: ") != 0, 1);
	check("saw isatty", strstr(buf, "child isatty 1 1 1\r\n") != 0, 1);
	check("saw leader", strstr(buf, "child session leader 1") != 0, 1);
	check("saw foreground", strstr(buf, "child foreground 1") != 0, 1);
	check("saw tcgetsid", strstr(buf, "child tcgetsid 1") != 0, 1);
	write(m, "s3cret\n", 7);
	read_until(m, buf, sizeof buf, "done");
	check("password not echoed", strstr(buf, "s3cret\r\n") == 0 || strstr(buf, "got [s3cret]") < strstr(buf, "s3cret\r\n"), 1);
	check("got password", strstr(buf, "got [s3cret]") != 0, 1);
	check("tcsetpgrp other", strstr(buf, "tcsetpgrp other 0") != 0, 1);
	check("foreground moved", strstr(buf, "foreground is it 1") != 0, 1);
	check("tcsetpgrp back", strstr(buf, "tcsetpgrp back 0") != 0, 1);
	check("foreground back", strstr(buf, "foreground is ours 1") != 0, 1);
	char *bad = strstr(buf, "tcsetpgrp bad");
	printf("%.*s\n", bad ? (int)strcspn(bad, "\r") : 4, bad ? bad : "none");
	int st;
	check("child exit", waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
	close(m);
	printf("fails %d\n", fails);
	return fails != 0;
}
