/* File I/O through the fd-level calls: create a private file in /tmp,
 * write, seek, read back, fstat/stat, a hole, O_EXCL, unlink. The file name
 * contains the pid and is never printed. */
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
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-file-io-%d", (int)getpid());
	syscall(SYS_unlink, path);
	syscall(SYS_umask, 022);

	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	check("open O_CREAT|O_EXCL fd>=0", fd >= 0, 1);
	if (fd < 0)
		return 1;

	const char msg[] = "hello, limpet file\n";
	check("write", write(fd, msg, sizeof msg - 1), (long)sizeof msg - 1);
	check("lseek SEEK_CUR 0", lseek(fd, 0, SEEK_CUR), 19);
	check("lseek SEEK_SET 7", lseek(fd, 7, SEEK_SET), 7);
	char buf[64];
	memset(buf, 0, sizeof buf);
	check("read 6", read(fd, buf, 6), 6);
	printf("read back \"%s\"\n", buf);
	check("lseek SEEK_END -6", lseek(fd, -6, SEEK_END), 13);
	memset(buf, 0, sizeof buf);
	check("read to end", read(fd, buf, sizeof buf), 6);
	printf("tail \"%.5s\"\n", buf);
	check("read at EOF", read(fd, buf, sizeof buf), 0);

	struct stat st;
	check("fstat", fstat(fd, &st), 0);
	check("st_size", st.st_size, 19);
	check("regular file", S_ISREG(st.st_mode), 1);
	printf("permission bits %o\n", (unsigned)(st.st_mode & 0777));
	check("permission bits are 0600", (st.st_mode & 0777) == 0600, 1);
	check("st_nlink", st.st_nlink, 1);

	/* Seeking past the end and writing leaves a hole of zero bytes. */
	check("lseek past end", lseek(fd, 4096, SEEK_SET), 4096);
	check("write after hole", write(fd, "Z", 1), 1);
	check("lseek into hole", lseek(fd, 100, SEEK_SET), 100);
	memset(buf, 1, sizeof buf);
	check("read hole", read(fd, buf, 10), 10);
	int zeros = 0;
	for (int i = 0; i < 10; i++)
		zeros += buf[i] == 0;
	check("hole bytes zero", zeros, 10);

	struct stat st2;
	check("stat", stat(path, &st2), 0);
	check("stat size", st2.st_size, 4097);
	check("same inode", st2.st_ino == st.st_ino && st2.st_dev == st.st_dev, 1);

	errno = 0;
	int fd2 = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	check("second O_EXCL fails", fd2, -1);
	check("errno EEXIST", errno, EEXIST);

	/* A second descriptor has its own offset. */
	fd2 = open(path, O_RDONLY);
	check("reopen read-only fd>=0", fd2 >= 0, 1);
	memset(buf, 0, sizeof buf);
	check("read from start", read(fd2, buf, 5), 5);
	printf("start \"%s\"\n", buf);
	errno = 0;
	check("write to O_RDONLY", write(fd2, "x", 1), -1);
	check("errno EBADF", errno, EBADF);
	check("close fd2", close(fd2), 0);

	/* O_TRUNC empties it; O_APPEND writes at the end regardless of seeks. */
	check("close", close(fd), 0);
	fd = open(path, O_WRONLY | O_TRUNC | O_APPEND);
	check("open O_TRUNC|O_APPEND fd>=0", fd >= 0, 1);
	check("fstat after trunc", fstat(fd, &st), 0);
	check("size after trunc", st.st_size, 0);
	write(fd, "abc", 3);
	lseek(fd, 0, SEEK_SET);
	write(fd, "def", 3);
	check("close", close(fd), 0);
	fd = open(path, O_RDONLY);
	memset(buf, 0, sizeof buf);
	check("read appended", read(fd, buf, sizeof buf), 6);
	printf("content \"%s\"\n", buf);
	check("close", close(fd), 0);
	errno = 0;
	check("close again", close(fd), -1);
	check("errno EBADF", errno, EBADF);

	check("unlink", syscall(SYS_unlink, path), 0);
	errno = 0;
	check("stat after unlink", stat(path, &st), -1);
	check("errno ENOENT", errno, ENOENT);
	return fails;
}
