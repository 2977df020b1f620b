/* openat relative to a directory descriptor and to AT_FDCWD, and open with
 * a mode passed through the variadic argument. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

int main(void)
{
	char dir[64], full[96];
	snprintf(dir, sizeof dir, "/tmp/limpet-openat-%d", (int)getpid());
	snprintf(full, sizeof full, "%s/inner", dir);
	/* A fixed umask makes the created modes deterministic. */
	syscall(SYS_umask, 022);
	check("mkdir", syscall(SYS_mkdir, dir, 0700), 0);

	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	check("open dir fd>=0", dfd >= 0, 1);
	struct stat st;
	check("fstat dir", fstat(dfd, &st), 0);
	check("is dir", S_ISDIR(st.st_mode), 1);

	int fd = openat(dfd, "inner", O_WRONLY | O_CREAT | O_TRUNC, 0640);
	check("openat create fd>=0", fd >= 0, 1);
	check("write", write(fd, "12345", 5), 5);
	check("fstat", fstat(fd, &st), 0);
	printf("mode %o\n", (unsigned)(st.st_mode & 0777));
	check("mode is 0640", (st.st_mode & 0777) == 0640, 1);
	check("close", close(fd), 0);

	check("stat full path", stat(full, &st), 0);
	check("size", st.st_size, 5);

	fd = openat(AT_FDCWD, full, O_RDONLY);
	check("openat AT_FDCWD fd>=0", fd >= 0, 1);
	char buf[8] = { 0 };
	check("read", read(fd, buf, 7), 5);
	printf("content %s\n", buf);
	close(fd);

	errno = 0;
	check("openat missing", openat(dfd, "missing", O_RDONLY), -1);
	check("errno ENOENT", errno, ENOENT);
	errno = 0;
	check("openat relative with bad fd", openat(-1, "inner", O_RDONLY), -1);
	check("errno EBADF", errno, EBADF);
	/* An absolute path ignores the directory descriptor. */
	fd = openat(-1, full, O_RDONLY);
	check("openat absolute ignores fd", fd >= 0, 1);
	close(fd);
	errno = 0;
	check("O_DIRECTORY on a file", open(full, O_RDONLY | O_DIRECTORY), -1);
	check("errno ENOTDIR", errno, ENOTDIR);

	check("unlinkat", syscall(SYS_unlinkat, dfd, "inner", 0), 0);
	close(dfd);
	check("rmdir", syscall(SYS_rmdir, dir), 0);
	return fails;
}
