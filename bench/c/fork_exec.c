/* fork, execve of a minimal dynamically linked program (empty_main.c, built the same way as
 * this program: the path is ARG), and waitpid: process start-up, including the dynamic
 * loader's work, and tear-down. The dl_startup row runs it on a program linked against five
 * libraries (dl_startup_child.c) instead. */
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"

static char *child_argv[2];
static char *child_envp[1];

static void bench_setup(const char *arg)
{
	if (!arg)
		bench_fail("fork_exec: ARG must be the program to start");
	child_argv[0] = (char *)arg;
}

static void bench_op(long i)
{
	(void)i;
	int status;
	pid_t pid = fork();
	if (pid < 0)
		bench_fail("fork failed");
	if (pid == 0) {
		execve(child_argv[0], child_argv, child_envp);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || status != 0)
		bench_fail("fork_exec: the child did not exit with 0");
}
