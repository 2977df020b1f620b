/* The small legacy and BSD/GNU functions: daemon (in a grandchild, which reports through a
 * pipe), basename/dirname, ulimit, getdtablesize, ftime, ualarm, isastream, posix_close,
 * __setjmp. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/timeb.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <ulimit.h>
#include <unistd.h>

int __setjmp(jmp_buf);
int isastream(int);

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

static int shared;
static int clone_child(void *arg)
{
	shared = *(int *)arg;
	return 7;
}

static void clones(void)
{
	static char stack[65536];
	int value = 41;
	pid_t c = clone(clone_child, stack + sizeof stack, CLONE_VM | SIGCHLD, &value);
	check("clone", c > 0, 1);
	int st;
	check("waitpid", waitpid(c, &st, 0) == c, 1);
	check("child's value", WEXITSTATUS(st), 7);
	check("shared memory", shared, 41);
	struct timeval old;
	check("adjtime read", adjtime(0, &old), 0);
	check("usec in range", old.tv_usec >= 0 && old.tv_usec < 1000000, 1);
}

static void daemons(void)
{
	int p[2];
	pipe(p);
	fflush(stdout);
	pid_t me = getpid();
	pid_t c = fork();
	if (c == 0) {
		close(p[0]);
		pid_t sid_before = getsid(0);
		if (daemon(0, 0) != 0)
			_exit(1);
		char cwd[16] = "";
		getcwd(cwd, sizeof cwd);
		struct stat in, null;
		fstat(0, &in);
		stat("/dev/null", &null);
		char msg[128];
		int n = snprintf(msg, sizeof msg, "cwd %s new-session %d not-leader %d stdin-null %d orphan %d\n", cwd,
				 getsid(0) != sid_before, getsid(0) != getpid(), in.st_rdev == null.st_rdev,
				 getppid() != me);
		write(p[1], msg, n);
		_exit(0);
	}
	close(p[1]);
	int st;
	waitpid(c, &st, 0);
	check("first child exits 0", WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
	char buf[128] = "";
	int n = 0, r;
	while ((r = read(p[0], buf + n, sizeof buf - 1 - n)) > 0)
		n += r;
	buf[n] = 0;
	printf("daemon: %s", buf);
	close(p[0]);
}

static void paths(void)
{
	const char *cases[] = { "/usr/lib", "/usr/", "usr", "/", "//", "", ".", "..", "a//b///", "//x//y" };
	for (unsigned k = 0; k < sizeof cases / sizeof *cases; k++) {
		char a[32], b[32];
		strcpy(a, cases[k]);
		strcpy(b, cases[k]);
		printf("[%s] basename [%s] dirname [%s]\n", cases[k], basename(a), dirname(b));
	}
	printf("null: [%s] [%s]\n", basename(0), dirname(0));
}

static void limits(void)
{
	struct rlimit rl;
	getrlimit(RLIMIT_NOFILE, &rl);
	check("getdtablesize", getdtablesize(), (long)rl.rlim_cur);
	getrlimit(RLIMIT_FSIZE, &rl);
	long blocks = ulimit(UL_GETFSIZE);
	check("ulimit get", rl.rlim_cur == RLIM_INFINITY ? blocks > 0 : blocks == (long)(rl.rlim_cur / 512), 1);
	check("ulimit set", ulimit(UL_SETFSIZE, 1000L), 1000);
	getrlimit(RLIMIT_FSIZE, &rl);
	check("limit in bytes", rl.rlim_cur, 512000);
}

static void timing(void)
{
	struct timeb tb;
	check("ftime", ftime(&tb), 0);
	check("ftime near time()", labs(tb.time - time(0)) <= 1, 1);
	check("millitm", tb.millitm < 1000, 1);
	check("ualarm first", ualarm(900000, 0), 0);
	long left = ualarm(0, 0);
	check("ualarm left", left > 800000 && left <= 900000, 1);
}

static void descriptors(void)
{
	int fd = open("/dev/null", O_RDONLY);
	check("isastream", isastream(fd), 0);
	close(fd);
	fail("isastream closed", isastream(fd), EBADF);
	check("issetugid", issetugid(), 0);
	check("getauxval pagesz", getauxval(AT_PAGESZ), sysconf(_SC_PAGESIZE));
	errno = 0;
	check("getauxval missing", getauxval(12345), 0);
	check("its errno", errno, ENOENT);
	check("seteuid same", seteuid(geteuid()), 0);
	check("setegid same", setegid(getegid()), 0);
	check("gethostid", gethostid() == gethostid(), 1);
	check("sbrk(0)", sbrk(0) != (void *)-1, 1);
	jmp_buf jb;
	volatile int rounds = 0;
	int r = __setjmp(jb);
	rounds++;
	if (r == 0)
		longjmp(jb, 5);
	check("__setjmp", r, 5);
	check("rounds", rounds, 2);
}

int main(void)
{
	clones();
	daemons();
	paths();
	limits();
	timing();
	descriptors();
	printf("fails %d\n", fails);
	return fails != 0;
}
