/* posix_spawn of a minimal program (empty_main.c, built the same way as this one: the path
 * is ARG) and waitpid, from a process with 64 MiB of touched heap: what a program that
 * starts children pays. A fork copies the page tables of all that memory; a spawn that
 * shares the parent's memory until the exec (CLONE_VM|CLONE_VFORK) does not. */
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "bench.h"

#define HEAP_BYTES (64 << 20)

static char *child_argv[2];
static char *child_envp[1];
static char *heap;

static void bench_setup(const char *arg)
{
	if (!arg)
		bench_fail("posix_spawn: ARG must be the program to start");
	child_argv[0] = (char *)arg;
	heap = malloc(HEAP_BYTES);
	if (!heap)
		bench_fail("posix_spawn: no memory");
	memset(heap, 1, HEAP_BYTES);
}

static void bench_op(long i)
{
	(void)i;
	int status;
	pid_t pid;
	if (posix_spawn(&pid, child_argv[0], 0, 0, child_argv, child_envp))
		bench_fail("posix_spawn failed");
	if (waitpid(pid, &status, 0) != pid || status != 0)
		bench_fail("posix_spawn: the child did not exit with 0");
}
