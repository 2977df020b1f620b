/* posix_spawn and posix_spawnp: file actions (dup2 into a pipe, open, close, chdir),
 * attributes (signal mask, signal defaults, process group), and error reporting. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static int bad;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

/* Runs `sh -c script` with stdout on a pipe and returns what it printed. */
static char out[512];
static int spawn_capture(const char *script, posix_spawnattr_t *attr, int *status)
{
	int p[2];
	if (pipe(p)) return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	posix_spawn_file_actions_addclose(&fa, p[0]);
	posix_spawn_file_actions_addclose(&fa, p[1]);
	char *argv[] = {"sh", "-c", (char *)script, 0};
	pid_t pid;
	int r = posix_spawnp(&pid, "sh", &fa, attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	size_t n = 0;
	ssize_t k;
	while (r == 0 && n < sizeof out - 1 && (k = read(p[0], out + n, sizeof out - 1 - n)) > 0) n += k;
	out[n] = 0;
	close(p[0]);
	if (r == 0) waitpid(pid, status, 0);
	return r;
}

int main(void)
{
	int st = -1;
	check("spawnp sh", spawn_capture("echo spawned; exit 4", 0, &st) == 0);
	printf("captured: %s", out);
	check("exit status 4", WIFEXITED(st) && WEXITSTATUS(st) == 4);

	/* The mask and the signal defaults from the attributes. */
	posix_spawnattr_t at;
	posix_spawnattr_init(&at);
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	posix_spawnattr_setsigmask(&at, &m);
	signal(SIGUSR2, SIG_IGN);
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	posix_spawnattr_setsigdefault(&at, &m);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
	short fl;
	posix_spawnattr_getflags(&at, &fl);
	check("flags read back", fl == (POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP));
	check("unknown flag refused", posix_spawnattr_setflags(&at, 0x4000) == EINVAL);
	/* grep reports its own mask (SIGUSR1 is bit 9, 0x200) and ignored set (SIGUSR2 no
	 * longer ignored) without a shell in between, which would reset its mask. */
	int p[2];
	pipe(p);
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[1], 1);
	char *gargv[] = {"grep", "^Sig[BI]", "/proc/self/status", 0};
	pid_t pid;
	check("spawn grep with attributes", posix_spawn(&pid, "/bin/grep", &fa, &at, gargv, environ) == 0);
	posix_spawn_file_actions_destroy(&fa);
	close(p[1]);
	int k = read(p[0], out, sizeof out - 1);
	out[k > 0 ? k : 0] = 0;
	close(p[0]);
	printf("%s", out);
	/* Its output was read, so it has run: its group is set (a zombie keeps it). */
	check("own process group", getpgid(pid) == pid);
	check("grep exited 0", waitpid(pid, &st, 0) == pid && WEXITSTATUS(st) == 0);
	posix_spawnattr_destroy(&at);
	signal(SIGUSR2, SIG_DFL);

	/* open, chdir and fchdir actions; stdout written to a file. */
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-spawn-%d", (int)getpid());
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addchdir_np(&fa, "/usr");
	int dfd = open("/", O_RDONLY | O_DIRECTORY);
	posix_spawn_file_actions_addfchdir_np(&fa, dfd);
	posix_spawn_file_actions_addchdir_np(&fa, "bin");
	char *argv[] = {"sh", "-c", "pwd", 0};
	check("spawn with open/chdir", posix_spawn(&pid, "/bin/sh", &fa, 0, argv, environ) == 0);
	waitpid(pid, &st, 0);
	posix_spawn_file_actions_destroy(&fa);
	close(dfd);
	char line[64] = "";
	int rfd = open(path, O_RDONLY);
	if (rfd >= 0) { read(rfd, line, sizeof line - 1); close(rfd); }
	printf("file holds: %s", line);
	unlink(path);

	/* Errors: the exec's, an action's, and bad arguments to the builders. */
	char *a[] = {"x", 0};
	pid = -7;
	check("missing program: ENOENT", posix_spawn(&pid, "/nonexistent/x", 0, 0, a, environ) == ENOENT && pid == -7);
	check("unknown name: ENOENT", posix_spawnp(&pid, "limpet-no-such-prog", 0, 0, a, environ) == ENOENT);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addchdir_np(&fa, "/nonexistent/dir");
	check("failing chdir: ENOENT", posix_spawn(&pid, "/bin/true", &fa, 0, a, environ) == ENOENT);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, 100, 1);
	check("dup2 of a closed fd: EBADF", posix_spawn(&pid, "/bin/true", &fa, 0, a, environ) == EBADF);
	check("addclose(-1): EBADF", posix_spawn_file_actions_addclose(&fa, -1) == EBADF);
	check("adddup2(-1): EBADF", posix_spawn_file_actions_adddup2(&fa, -1, 3) == EBADF);
	posix_spawn_file_actions_destroy(&fa);
	errno = 0;
	check("nothing left to reap", wait(0) == -1 && errno == ECHILD);
	return bad;
}
