/* poll, ppoll, select and pselect over pipes: readiness, hang-up, closed and negative
 * descriptors, timeouts left as the caller wrote them, signal masks swapped in for the wait
 * (a pending signal interrupts it), and ioctl's FIONREAD and FIONBIO. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
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

static volatile sig_atomic_t caught;
static void on_usr1(int sig)
{
	(void)sig;
	caught++;
}

static void polls(void)
{
	int a[2], b[2];
	pipe(a);
	pipe(b);
	struct pollfd p[4] = {
		{ a[0], POLLIN, 0 }, { b[1], POLLOUT, 0 }, { -1, POLLIN, 99 }, { b[0], POLLIN | POLLPRI, 0 },
	};
	check("poll writable only", poll(p, 4, 0), 1);
	check("revents 0", p[0].revents, 0);
	check("revents 1", p[1].revents, POLLOUT);
	check("negative fd cleared", p[2].revents, 0);
	write(a[1], "hello", 5);
	check("poll readable", poll(p, 1, -1), 1);
	check("POLLIN", p[0].revents, POLLIN);
	int n = -1;
	check("FIONREAD", ioctl(a[0], FIONREAD, &n), 0);
	check("bytes waiting", n, 5);
	close(a[1]);
	char buf[8];
	read(a[0], buf, 5);
	check("poll after hang-up", poll(p, 1, 0), 1);
	check("POLLHUP", p[0].revents, POLLHUP);
	int closed = b[0];
	close(b[0]);
	p[3].fd = closed;
	check("poll closed fd", poll(p + 3, 1, 0), 1);
	check("POLLNVAL", p[3].revents, POLLNVAL);
	check("timeout", poll(p + 2, 1, 20), 0);
	fail("poll bad pointer", poll((struct pollfd *)8, 1, 0), EFAULT);
	fail("poll too many", poll(p, 1UL << 30, 0), EINVAL);

	int on = 1;
	check("FIONBIO on", ioctl(b[1], FIONBIO, &on), 0);
	check("O_NONBLOCK set", !!(fcntl(b[1], F_GETFL) & O_NONBLOCK), 1);
	close(a[0]);
	close(b[1]);
}

static void ppolls(void)
{
	int a[2];
	pipe(a);
	struct pollfd p = { a[0], POLLIN, 0 };
	struct timespec t = { 0, 10000000 };
	check("ppoll timeout", ppoll(&p, 1, &t, 0), 0);
	check("ppoll timeout kept", t.tv_nsec, 10000000);
	struct timespec bad = { 0, 2000000000 };
	fail("ppoll bad timeout", ppoll(&p, 1, &bad, 0), EINVAL);

	/* SIGUSR1 blocked and pending: a wait with it unblocked is interrupted at once. */
	sigset_t block, none;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigemptyset(&none);
	signal(SIGUSR1, on_usr1);
	sigprocmask(SIG_BLOCK, &block, 0);
	raise(SIGUSR1);
	check("still pending", caught, 0);
	fail("ppoll interrupted", ppoll(&p, 1, 0, &none), EINTR);
	check("handler ran", caught, 1);
	sigset_t now;
	sigprocmask(SIG_BLOCK, 0, &now);
	check("mask restored", sigismember(&now, SIGUSR1), 1);
	raise(SIGUSR1);
	struct timespec ts = { 5, 0 };
	fd_set r;
	FD_ZERO(&r);
	FD_SET(a[0], &r);
	fail("pselect interrupted", pselect(a[0] + 1, &r, 0, 0, &ts, &none), EINTR);
	check("handler ran again", caught, 2);
	check("pselect timeout kept", ts.tv_sec, 5);
	sigprocmask(SIG_UNBLOCK, &block, 0);
	close(a[0]);
	close(a[1]);
}

static void selects(void)
{
	int a[2], b[2];
	pipe(a);
	pipe(b);
	fd_set r, w;
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(a[0], &r);
	FD_SET(b[0], &r);
	FD_SET(b[1], &w);
	int max = a[0] > b[1] ? a[0] : b[1];
	max = max > b[0] ? max : b[0];
	write(b[1], "x", 1);
	struct timeval tv = { 1, 500000 };
	check("select", select(max + 1, &r, &w, 0, &tv), 2);
	check("a not readable", FD_ISSET(a[0], &r), 0);
	check("b readable", !!FD_ISSET(b[0], &r), 1);
	check("b writable", !!FD_ISSET(b[1], &w), 1);
	check("timeout kept", tv.tv_sec * 1000000 + tv.tv_usec, 1500000);
	FD_ZERO(&r);
	FD_SET(a[0], &r);
	struct timeval shrt = { 0, 1000 };
	check("select timeout", select(a[0] + 1, &r, 0, 0, &shrt), 0);
	check("set cleared", FD_ISSET(a[0], &r), 0);
	struct timeval carry = { 0, 1000001 };
	FD_SET(b[0], &r);
	check("usec past a second", select(b[0] + 1, &r, 0, 0, &carry), 1);
	struct timeval neg = { -1, 0 };
	fail("negative timeout", select(1, 0, 0, 0, &neg), EINVAL);
	struct timeval negu = { 0, -5 };
	fail("negative usec", select(1, 0, 0, 0, &negu), EINVAL);
	int closed = b[1];
	close(b[1]);
	FD_ZERO(&w);
	FD_SET(closed, &w);
	struct timeval z = { 0, 0 };
	fail("closed fd", select(closed + 1, 0, &w, 0, &z), EBADF);
	fail("negative n", select(-1, 0, 0, 0, &z), EINVAL);
	close(a[0]);
	close(a[1]);
	close(b[0]);
}

int main(void)
{
	polls();
	ppolls();
	selects();
	printf("fails %d\n", fails);
	return fails != 0;
}
