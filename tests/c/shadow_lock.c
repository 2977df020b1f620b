/* lckpwdf and ulckpwdf between two processes. musl's lckpwdf does nothing (it returns 0 and
 * creates no file); limpet takes glibc's lock, so the output is compared with
 * shadow_lock.expected, glibc 2.36's output of this same program, with which limpet
 * agrees on every line: lckpwdf creates /etc/.pwd.lock (mode 0600) and write-locks all of
 * it with fcntl, a second lckpwdf of the same process fails, another process's lckpwdf
 * waits until the lock is released, ulckpwdf without the lock fails.
 *
 * No time is measured: the holder writes a byte to a pipe just before it releases the
 * lock, and the waiter, once its lckpwdf returns, looks whether that byte is already
 * there. errno is not printed after the failures (glibc leaves it as it was; limpet sets
 * EDEADLK and EINVAL, the Rust tests check them). glibc's 15-second limit on the wait is
 * left to the Rust tests, which run it with a shorter one.
 *
 * It runs in a child with a private mount namespace and a tmpfs over /etc, so the lock
 * file is its own; where no namespace can be made the child says SKIP. */
#include "shadow_util.h"
#include <fcntl.h>
#include <shadow.h>
#include <sys/wait.h>

/* Whether another process holds a write lock on all of the lock file. */
static const char *held_by_other(void)
{
	int fd = open("/etc/.pwd.lock", O_RDONLY);
	if (fd < 0)
		return "no lock file";
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	const char *r = fcntl(fd, F_GETLK, &fl) ? "F_GETLK failed"
			: fl.l_type == F_UNLCK	 ? "free"
			: fl.l_type == F_WRLCK && fl.l_start == 0 && fl.l_len == 0 ? "write-locked whole"
										  : "locked otherwise";
	close(fd);
	return r;
}

static void two_processes(void)
{
	int locked[2], released[2];
	if (pipe(locked) || pipe(released)) {
		printf("pipe: errno %d\n", errno);
		return;
	}
	printf("before: %s\n", held_by_other());
	fflush(stdout);
	pid_t holder = fork();
	if (holder == 0) {
		int r = lckpwdf();
		printf("holder: lckpwdf %d\n", r);
		printf("holder: lckpwdf again %d\n", lckpwdf());
		fflush(stdout);
		write(locked[1], "L", 1);
		/* Give the waiter time to start waiting; the result does not depend on it. */
		usleep(300 * 1000);
		write(released[1], "R", 1);
		printf("holder: ulckpwdf %d\n", ulckpwdf());
		printf("holder: ulckpwdf again %d\n", ulckpwdf());
		fflush(stdout);
		_exit(0);
	}
	char c;
	if (read(locked[0], &c, 1) != 1) {
		printf("holder did not lock\n");
		return;
	}
	struct stat st;
	if (stat("/etc/.pwd.lock", &st))
		printf("lock file: none\n");
	else
		printf("lock file: mode %o size %ld\n", (unsigned)(st.st_mode & 07777), (long)st.st_size);
	printf("while held: %s\n", held_by_other());
	int r = lckpwdf();
	fcntl(released[0], F_SETFL, O_NONBLOCK);
	int waited = read(released[0], &c, 1) == 1;
	printf("waiter: lckpwdf %d, after the holder released it %s\n", r, waited ? "yes" : "no");
	/* The holder's last lines come first: this process's are still in its buffer. */
	int status;
	waitpid(holder, &status, 0);
	check("holder exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* The waiter holds it now: a third process sees it taken. */
	fflush(stdout);
	pid_t probe = fork();
	if (probe == 0) {
		printf("probe while the waiter holds it: %s\n", held_by_other());
		fflush(stdout);
		_exit(0);
	}
	waitpid(probe, &status, 0);
	printf("waiter: ulckpwdf %d\n", ulckpwdf());
	fflush(stdout);
	probe = fork();
	if (probe == 0) {
		printf("probe after ulckpwdf: %s\n", held_by_other());
		fflush(stdout);
		_exit(0);
	}
	waitpid(probe, &status, 0);
}

int main(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (private_etc())
			two_processes();
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return 0;
}
