/* Identities (only relations are printed), resource limits round trips, priority and
 * resource usage. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int bad;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

int main(void)
{
	check("getuid == geteuid", getuid() == geteuid());
	check("getgid == getegid", getgid() == getegid());
	uid_t r, e, s;
	check("getresuid", getresuid(&r, &e, &s) == 0 && r == getuid() && e == geteuid());
	gid_t gr, ge, gs;
	check("getresgid", getresgid(&gr, &ge, &gs) == 0 && gr == getgid() && ge == getegid());
	check("getpgrp == getpgid(0)", getpgrp() == getpgid(0));
	check("getpgid(getpid()) == getpgrp", getpgid(getpid()) == getpgrp());
	check("getsid(0) == getsid(getpid())", getsid(0) == getsid(getpid()));
	check("parent differs", getppid() != getpid() && getppid() > 0);
	errno = 0;
	check("getpgid of no process: ESRCH", getpgid(-4) == -1 && errno == ESRCH);
	int n = getgroups(0, 0);
	gid_t groups[256];
	check("getgroups counts then fills", n >= 0 && n <= 256 && getgroups(n, groups) == n);
	if (n > 1) {
		errno = 0;
		check("getgroups too small: EINVAL", getgroups(n - 1, groups) == -1 && errno == EINVAL);
	}
	check("set ids to themselves", setuid(getuid()) == 0 && setgid(getgid()) == 0 &&
		setreuid(-1, -1) == 0 && setregid(-1, -1) == 0 && setresuid(-1, -1, -1) == 0 && setresgid(-1, -1, -1) == 0);

	/* setsid and setpgid in a child (the test runner's group must stay as it is). */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		int ok = setpgid(0, 0) == 0 && getpgrp() == getpid();
		errno = 0;
		ok = ok && setsid() == -1 && errno == EPERM; /* a group leader may not */
		pid_t c = fork();
		if (c == 0) _exit(setsid() == getpid() && getsid(0) == getpid() && getpgrp() == getpid() ? 0 : 1);
		int st;
		waitpid(c, &st, 0);
		_exit(ok && st == 0 ? 0 : 1);
	}
	int st;
	waitpid(pid, &st, 0);
	check("setpgid and setsid in children", WIFEXITED(st) && WEXITSTATUS(st) == 0);

	/* Limits. */
	struct rlimit orig, now;
	check("getrlimit NOFILE", getrlimit(RLIMIT_NOFILE, &orig) == 0 && orig.rlim_cur <= orig.rlim_max);
	struct rlimit lower = {orig.rlim_cur > 50 ? 50 : orig.rlim_cur, orig.rlim_max};
	check("setrlimit lower soft", setrlimit(RLIMIT_NOFILE, &lower) == 0);
	check("read back", getrlimit(RLIMIT_NOFILE, &now) == 0 && now.rlim_cur == lower.rlim_cur && now.rlim_max == lower.rlim_max);
	struct rlimit old;
	check("prlimit restores and reports", prlimit(0, RLIMIT_NOFILE, &orig, &old) == 0 && old.rlim_cur == lower.rlim_cur);
	check("restored", getrlimit(RLIMIT_NOFILE, &now) == 0 && now.rlim_cur == orig.rlim_cur);
	struct rlimit inv = {10, 5};
	errno = 0;
	check("soft above hard: EINVAL", setrlimit(RLIMIT_NOFILE, &inv) == -1 && errno == EINVAL);
	errno = 0;
	check("bad resource: EINVAL", getrlimit(1000, &now) == -1 && errno == EINVAL);
	struct rlimit core0 = {0, 0};
	check("RLIMIT_CORE can go to 0", setrlimit(RLIMIT_CORE, &core0) == 0 && getrlimit(RLIMIT_CORE, &now) == 0 && now.rlim_max == 0);

	/* Priority. */
	errno = 0;
	int p0 = getpriority(PRIO_PROCESS, 0);
	check("getpriority", errno == 0 && p0 >= -20 && p0 <= 19);
	int p1 = nice(1);
	check("nice(1) adds one", p1 == (p0 + 1 > 19 ? 19 : p0 + 1) && getpriority(PRIO_PROCESS, 0) == p1);
	check("nice clamps at 19", nice(100) == 19);
	check("setpriority", setpriority(PRIO_PROCESS, 0, 19) == 0 && getpriority(PRIO_PROCESS, 0) == 19);
	errno = 0;
	check("bad which: EINVAL", getpriority(42, 0) == -1 && errno == EINVAL);

	struct rusage ru;
	check("getrusage self", getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0);
	check("getrusage children", getrusage(RUSAGE_CHILDREN, &ru) == 0);
	errno = 0;
	check("getrusage bad who: EINVAL", getrusage(5, &ru) == -1 && errno == EINVAL);
	return bad;
}
