/* The Linux event descriptors on real kernel objects: epoll over pipes and eventfds with
 * level and edge triggering and one-shot, eventfd counters and semaphores, a timerfd's
 * expirations, a signalfd receiving a real signal, inotify on a temporary directory. Bad
 * input gets errno. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/fanotify.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
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

static void epolls(void)
{
	int ep = epoll_create1(EPOLL_CLOEXEC);
	check("epoll_create1", ep >= 0, 1);
	check("cloexec", fcntl(ep, F_GETFD), FD_CLOEXEC);
	int p[2];
	pipe(p);
	int efd = eventfd(0, EFD_NONBLOCK);
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0x1122334455667788ULL };
	check("add pipe", epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev), 0);
	ev.events = EPOLLIN | EPOLLET;
	ev.data.fd = efd;
	check("add eventfd edge", epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev), 0);
	fail("add twice", epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev), EEXIST);
	struct epoll_event out[4];
	check("nothing ready", epoll_wait(ep, out, 4, 0), 0);
	write(p[1], "ab", 2);
	check("pipe ready", epoll_wait(ep, out, 4, 0), 1);
	check("data kept", out[0].data.u64 == 0x1122334455667788ULL, 1);
	check("level: again", epoll_wait(ep, out, 4, 0), 1);
	eventfd_write(efd, 1);
	int n = epoll_wait(ep, out, 4, 1000);
	check("both ready", n, 2);
	check("edge: once", epoll_wait(ep, out, 4, 0), 1);
	eventfd_write(efd, 1);
	check("edge: new write", epoll_wait(ep, out, 4, 0), 2);
	ev.events = EPOLLIN | EPOLLONESHOT;
	ev.data.fd = p[0];
	check("mod oneshot", epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev), 0);
	check("oneshot fires", epoll_wait(ep, out, 4, 0), 1);
	check("oneshot disarmed", epoll_wait(ep, out, 4, 0), 0);
	check("del", epoll_ctl(ep, EPOLL_CTL_DEL, p[0], 0), 0);
	fail("del again", epoll_ctl(ep, EPOLL_CTL_DEL, p[0], 0), ENOENT);
	fail("maxevents 0", epoll_wait(ep, out, 0, 0), EINVAL);
	fail("bad epfd", epoll_wait(-1, out, 1, 0), EBADF);
	int f = open("/dev/null", O_RDONLY);
	int reg = open("/proc/self/exe", O_RDONLY);
	ev.events = EPOLLIN;
	fail("regular file", epoll_ctl(ep, EPOLL_CTL_ADD, reg, &ev), EPERM);
	close(reg);
	close(f);

	close(p[0]);
	close(p[1]);
	close(efd);
	close(ep);
}

static volatile sig_atomic_t got;
static void on_usr1(int s)
{
	(void)s;
	got++;
}

static void pwait(void)
{
	int ep = epoll_create(1);
	sigset_t usr1, none;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&none);
	signal(SIGUSR1, on_usr1);
	sigprocmask(SIG_BLOCK, &usr1, 0);
	raise(SIGUSR1);
	struct epoll_event out[1];
	fail("epoll_pwait interrupted", epoll_pwait(ep, out, 1, 5000, &none), EINTR);
	check("handler ran", got, 1);
	sigprocmask(SIG_UNBLOCK, &usr1, 0);
	close(ep);
}

static void eventfds(void)
{
	int e = eventfd(5, EFD_NONBLOCK | EFD_CLOEXEC);
	eventfd_t v;
	check("eventfd_read", eventfd_read(e, &v), 0);
	check("value", v, 5);
	fail("empty", eventfd_read(e, &v), EAGAIN);
	check("write 7", eventfd_write(e, 7), 0);
	check("write 8", eventfd_write(e, 8), 0);
	check("sum", eventfd_read(e, &v) == 0 && v == 15, 1);
	fail("write max", eventfd_write(e, 0xffffffffffffffffULL), EINVAL);
	close(e);
	int s = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	check("sem 1", eventfd_read(s, &v) == 0 && v == 1, 1);
	check("sem 2", eventfd_read(s, &v) == 0 && v == 1, 1);
	fail("sem empty", eventfd_read(s, &v), EAGAIN);
	close(s);
	fail("bad flags", eventfd(0, 0x40000000), EINVAL);
}

static void timerfds(void)
{
	int t = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
	check("timerfd_create", t >= 0, 1);
	unsigned long long n;
	fail("unarmed", read(t, &n, 8), EAGAIN);
	struct itimerspec it = { { 0, 2000000 }, { 0, 2000000 } }, cur, old;
	check("settime", timerfd_settime(t, 0, &it, 0), 0);
	check("gettime", timerfd_gettime(t, &cur), 0);
	check("interval", cur.it_interval.tv_nsec, 2000000);
	struct timespec pause = { 0, 20000000 };
	nanosleep(&pause, 0);
	check("expired", read(t, &n, 8), 8);
	check("several", n >= 5, 1);
	struct itimerspec off = { { 0, 0 }, { 0, 0 } };
	check("disarm", timerfd_settime(t, 0, &off, &old), 0);
	check("old interval", old.it_interval.tv_nsec, 2000000);
	/* An absolute time already past expires at once. */
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	struct itimerspec abs = { { 0, 0 }, now };
	check("abstime", timerfd_settime(t, TFD_TIMER_ABSTIME, &abs, 0), 0);
	check("expired now", read(t, &n, 8) == 8 && n == 1, 1);
	struct itimerspec bad = { { 0, 0 }, { 0, 1000000000 } };
	fail("bad nsec", timerfd_settime(t, 0, &bad, 0), EINVAL);
	close(t);
	fail("bad clock", timerfd_create(999, 0), EINVAL);
}

static void signalfds(void)
{
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	sigaddset(&m, SIGCHLD);
	sigprocmask(SIG_BLOCK, &m, 0);
	int s = signalfd(-1, &m, SFD_NONBLOCK);
	check("signalfd", s >= 0, 1);
	struct signalfd_siginfo si;
	fail("nothing pending", read(s, &si, sizeof si), EAGAIN);
	kill(getpid(), SIGUSR2);
	check("read record", read(s, &si, sizeof si), sizeof si);
	check("signo", si.ssi_signo, SIGUSR2);
	check("pid", si.ssi_pid == (unsigned)getpid(), 1);
	pid_t c = fork();
	if (c == 0)
		_exit(7);
	struct timespec pause = { 0, 1000000 };
	int tries = 0;
	while (read(s, &si, sizeof si) != sizeof si && tries++ < 5000)
		nanosleep(&pause, 0);
	check("SIGCHLD record", si.ssi_signo, SIGCHLD);
	check("child status", si.ssi_status, 7);
	waitpid(c, 0, 0);
	fail("bad flags", signalfd(-1, &m, 0x10000000), EINVAL);
	fail("not a signalfd", signalfd(0, &m, 0), EINVAL);
	close(s);
	sigprocmask(SIG_UNBLOCK, &m, 0);
}

static void inotifies(void)
{
	char dir[64];
	snprintf(dir, sizeof dir, "/tmp/limpet-inotify-%d", getpid());
	mkdir(dir, 0700);
	int in = inotify_init1(IN_NONBLOCK);
	check("inotify_init1", in >= 0, 1);
	int wd = inotify_add_watch(in, dir, IN_CREATE | IN_DELETE);
	check("add_watch", wd >= 0, 1);
	char path[96];
	snprintf(path, sizeof path, "%s/file", dir);
	close(open(path, O_CREAT | O_WRONLY, 0600));
	unlink(path);
	char buf[4096];
	ssize_t n = read(in, buf, sizeof buf);
	int events = 0;
	for (char *p = buf; p < buf + n;) {
		struct inotify_event *e = (struct inotify_event *)p;
		printf("event wd-ok %d mask %#x name %s\n", e->wd == wd, e->mask, e->len ? e->name : "");
		events++;
		p += sizeof *e + e->len;
	}
	check("events", events, 2);
	check("rm_watch", inotify_rm_watch(in, wd), 0);
	fail("rm_watch again", inotify_rm_watch(in, wd), EINVAL);
	snprintf(path, sizeof path, "%s/missing", dir);
	fail("watch missing", inotify_add_watch(in, path, IN_CREATE), ENOENT);
	fail("empty mask", inotify_add_watch(in, dir, 0), EINVAL);
	close(in);
	int old = inotify_init();
	check("inotify_init", old >= 0, 1);
	close(old);
	rmdir(dir);
}

/* fanotify needs CAP_SYS_ADMIN: where the group cannot be made, only the errors are checked,
 * and the reason is printed (the same on musl, in the same run). */
static void fanotifies(void)
{
	fail("fanotify_mark bad fd", fanotify_mark(-1, FAN_MARK_ADD, FAN_MODIFY, AT_FDCWD, "/tmp"), EBADF);
	int fa = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC | FAN_NONBLOCK, O_RDONLY);
	if (fa < 0) {
		printf("fanotify_init unavailable: errno %d\n", errno);
		return;
	}
	fail("fanotify_init bad flags", fanotify_init(0x80000000u, O_RDONLY), EINVAL);
	char dir[64], path[96];
	snprintf(dir, sizeof dir, "/tmp/limpet-fanotify-%d", getpid());
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/f", dir);
	int r = fanotify_mark(fa, FAN_MARK_ADD, FAN_MODIFY | FAN_EVENT_ON_CHILD, AT_FDCWD, dir);
	if (r == 0) {
		int f = open(path, O_CREAT | O_WRONLY, 0600);
		write(f, "x", 1);
		close(f);
		struct fanotify_event_metadata md;
		check("fanotify event", read(fa, &md, sizeof md), sizeof md);
		check("modify", !!(md.mask & FAN_MODIFY), 1);
		check("pid", md.pid == getpid(), 1);
		close(md.fd);
		unlink(path);
	} else {
		printf("fanotify_mark on /tmp unavailable: errno %d\n", errno);
	}
	fail("fanotify_mark missing path", fanotify_mark(fa, FAN_MARK_ADD, FAN_MODIFY, AT_FDCWD, "/nonexistent/x"), ENOENT);
	rmdir(dir);
	close(fa);
}

int main(void)
{
	epolls();
	pwait();
	eventfds();
	timerfds();
	signalfds();
	inotifies();
	fanotifies();
	printf("fails %d\n", fails);
	return fails != 0;
}
