/* syslog received on a datagram socket bound at /dev/log inside a private mount namespace
 * (a tmpfs over /dev, in a child): the message format with the time masked, the default and
 * named idents, LOG_PID, facilities, setlogmask, %m, LOG_PERROR to a captured stderr, the
 * 1024-byte cut, closelog, and a daemon that goes away. (errno after a failed send is not
 * checked: limpet keeps it, musl may leave open's.) Where no namespace can be made the
 * program says SKIP and why (the same on musl, run alike). The receiving socket is made with
 * syscall(): the socket functions are the networking component's. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

static int fails;
static int logsock;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

/* Prints the next datagram with its time masked and our pid named. */
static void show(const char *what)
{
	char buf[2048], out[2200];
	struct timeval tv = { 2, 0 };
	syscall(SYS_setsockopt, logsock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	ssize_t n = syscall(SYS_recvfrom, logsock, buf, sizeof buf - 1, 0, 0, 0);
	if (n < 0) {
		printf("%s: nothing (errno %d)\n", what, errno);
		return;
	}
	buf[n] = 0;
	char *gt = strchr(buf, '>');
	if (!gt || strlen(gt) < 17 || gt[16] != ' ') {
		printf("%s: malformed\n", what);
		fails++;
		return;
	}
	char pid[32];
	snprintf(pid, sizeof pid, "[%d]", getpid());
	char *p = strstr(gt + 17, pid);
	if (p)
		snprintf(out, sizeof out, "%.*sTIME %.*s[PID]%s", (int)(gt + 1 - buf), buf, (int)(p - gt - 17), gt + 17,
			 p + strlen(pid));
	else
		snprintf(out, sizeof out, "%.*sTIME %s", (int)(gt + 1 - buf), buf, gt + 17);
	if (strlen(out) > 80)
		printf("%s: %zd bytes, starts [%.60s], ends with newline %d\n", what, n, out, buf[n - 1] == '\n');
	else
		printf("%s: %s", what, out);
}

static int run(void)
{
	if (unshare(CLONE_NEWNS)) {
		printf("SKIP: unshare(CLONE_NEWNS): errno %d\n", errno);
		return 0;
	}
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0) || mount("tmpfs", "/dev", "tmpfs", 0, 0)) {
		printf("SKIP: mount: errno %d\n", errno);
		return 0;
	}
	logsock = syscall(SYS_socket, AF_UNIX, SOCK_DGRAM, 0);
	struct sockaddr_un a = { .sun_family = AF_UNIX, .sun_path = "/dev/log" };
	check("bind /dev/log", syscall(SYS_bind, logsock, (struct sockaddr *)&a, sizeof a), 0);

	syslog(LOG_INFO, "hello %d", 42);
	show("default");
	openlog("tester", LOG_PID, LOG_LOCAL0);
	syslog(LOG_ERR, "with pid");
	show("openlog");
	syslog(LOG_DAEMON | LOG_NOTICE, "own facility");
	show("facility");
	check("setlogmask", setlogmask(LOG_UPTO(LOG_WARNING)), 0xff);
	syslog(LOG_INFO, "filtered");
	syslog(LOG_WARNING, "passes");
	show("mask");
	check("setlogmask 0 keeps", setlogmask(0), LOG_UPTO(LOG_WARNING));
	setlogmask(0xff);
	errno = ENOENT;
	syslog(LOG_WARNING, "err: %m");
	show("%m");
	check("errno kept", errno, ENOENT);
	syslog(LOG_WARNING, "ends with newline\n");
	show("newline");
	syslog(0x12345678, "bad priority");
	syslog(LOG_ALERT, "after the bad one");
	show("bad priority ignored");
	char big[2000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = 0;
	syslog(LOG_INFO, "%s", big);
	show("long");

	int p[2];
	pipe(p);
	int saved = dup(2);
	dup2(p[1], 2);
	openlog("perror", LOG_PERROR, LOG_USER);
	syslog(LOG_INFO, "to both %s", "places");
	dup2(saved, 2);
	close(p[1]);
	char err[256] = "";
	ssize_t n = read(p[0], err, sizeof err - 1);
	err[n > 0 ? n : 0] = 0;
	printf("stderr got: %s", err);
	show("perror");
	closelog();
	syslog(LOG_INFO, "after closelog");
	show("reopened");

	/* The daemon goes away: nothing is received and nothing breaks (with LOG_CONS and no
	 * /dev/console in this namespace, the message is dropped). */
	close(logsock);
	unlink("/dev/log");
	openlog("gone", LOG_CONS, LOG_USER);
	syslog(LOG_INFO, "nobody listens");
	printf("no daemon: survived\n");
	closelog();
	return 0;
}

int main(void)
{
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		run();
		printf("fails %d\n", fails);
		fflush(stdout);
		_exit(fails != 0);
	}
	int st;
	waitpid(c, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 99;
}
