/* fork, vfork and _Fork with the exec family and every wait function: exit statuses,
 * signals, PATH search (execvp, execlp), environments (execle, execvpe), and errors. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static int bad;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

/* Runs f in a child (after flushing stdout, so nothing buffered is printed twice) and
 * returns the child's wait status. */
static int run(void (*f)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		f();
		_exit(99);
	}
	int st = -1;
	if (waitpid(pid, &st, 0) != pid) return -1;
	return st;
}

static void do_echo(void) { execl("/bin/echo", "echo", "hello", "from", "echo", (char *)0); }
static void do_sh_exit3(void) { char *a[] = {"sh", "-c", "exit 3", 0}; execv("/bin/sh", a); }
static void do_execvp(void) { char *a[] = {"echo", "found", "via", "PATH", 0}; execvp("echo", a); }
static void do_execlp(void) { execlp("sh", "sh", "-c", "echo execlp $0 $1 $2 $3 $4 $5 $6 $7", "a", "b", "c", "d", "e", "f", "g", (char *)0); }
static void do_execle(void)
{
	char *env[] = {"GREETING=hi from execle", 0};
	execle("/bin/sh", "sh", "-c", "echo $GREETING", (char *)0, env);
}
static void do_execvpe(void)
{
	char *a[] = {"sh", "-c", "echo $WHO", 0};
	char *env[] = {"WHO=execvpe", 0};
	execvpe("sh", a, env);
}
static void do_selfkill(void) { kill(getpid(), SIGTERM); pause(); }
static void do_fexecve(void)
{
	int fd = open("/bin/echo", O_RDONLY | O_CLOEXEC);
	char *a[] = {"echo", "fexecve", 0};
	fexecve(fd, a, environ);
}

int main(void)
{
	int st;
	st = run(do_echo);
	check("execl /bin/echo exits 0", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_sh_exit3);
	check("sh -c 'exit 3' gives 3", WIFEXITED(st) && WEXITSTATUS(st) == 3);
	st = run(do_execvp);
	check("execvp finds echo", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_execlp);
	check("execlp with many arguments", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_execle);
	check("execle passes its environment", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_execvpe);
	check("execvpe", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_fexecve);
	check("fexecve", WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = run(do_selfkill);
	check("killed by SIGTERM", WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);

	/* Errors come back from exec in the caller. */
	char *a[] = {"x", 0};
	errno = 0;
	check("execv of a missing file fails", execv("/nonexistent/prog", a) == -1 && errno == ENOENT);
	errno = 0;
	check("execvp of an unknown name fails", execvp("limpet-no-such-program", a) == -1 && errno == ENOENT);
	errno = 0;
	check("execvp of an empty name fails", execvp("", a) == -1 && errno == ENOENT);
	errno = 0;
	check("execl of a directory fails", execl("/", "x", (char *)0) == -1 && errno == EACCES);
	errno = 0;
	check("fexecve of a bad fd fails", fexecve(-1, a, environ) == -1 && errno == EBADF);
	/* A script without "#!" is not run with /bin/sh (musl does not retry ENOEXEC). */
	char script[64];
	snprintf(script, sizeof script, "/tmp/limpet-noexec-%d", (int)getpid());
	int fd = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	write(fd, "echo script ran\n", 16);
	close(fd);
	errno = 0;
	check("execv of a script without #!: ENOEXEC", execv(script, a) == -1 && errno == ENOEXEC);
	errno = 0;
	check("execvp of it: ENOEXEC", execvp(script, a) == -1 && errno == ENOEXEC);
	unlink(script);

	/* vfork: the child shares memory until it execs or exits. */
	fflush(stdout);
	volatile int shared = 0;
	pid_t pid = vfork();
	if (pid == 0) {
		shared = 7;
		_exit(5);
	}
	check("vfork child ran first and shared memory", shared == 7);
	check("vfork pid", pid > 0 && waitpid(pid, &st, 0) == pid && WEXITSTATUS(st) == 5);

	/* _Fork, then each wait function. */
	pid = _Fork();
	if (pid == 0) _exit(6);
	check("wait", wait(&st) == pid && WEXITSTATUS(st) == 6);
	pid = fork();
	if (pid == 0) _exit(7);
	struct rusage ru;
	check("wait3", wait3(&st, 0, &ru) == pid && WEXITSTATUS(st) == 7);
	pid = fork();
	if (pid == 0) _exit(8);
	check("wait4", wait4(pid, &st, 0, &ru) == pid && WEXITSTATUS(st) == 8);
	pid = fork();
	if (pid == 0) _exit(9);
	siginfo_t si;
	memset(&si, 0, sizeof si);
	check("waitid", waitid(P_PID, pid, &si, WEXITED) == 0 && si.si_pid == pid && si.si_status == 9 &&
		si.si_code == CLD_EXITED && si.si_signo == SIGCHLD);
	pid = fork();
	if (pid == 0) { pause(); _exit(0); }
	check("WNOHANG with a running child", waitpid(pid, &st, WNOHANG) == 0);
	kill(pid, SIGKILL);
	check("then SIGKILL", waitpid(pid, &st, 0) == pid && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	errno = 0;
	check("no children left: ECHILD", wait(&st) == -1 && errno == ECHILD);
	/* The child's own pid differs and its parent is us. */
	int p[2];
	pipe(p);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int ok = getppid() != getpid() && getpid() != 0;
		write(p[1], &ok, sizeof ok);
		_exit(0);
	}
	int ok = 0;
	read(p[0], &ok, sizeof ok);
	waitpid(pid, 0, 0);
	check("child sees its parent", ok);
	return bad;
}
