/* errno: zero at program start, set by failing calls, assignable, and one
 * stable per-thread location. Successful getpid/write leave it alone: POSIX
 * leaves errno unspecified after success, but musl's syscall wrappers never
 * touch it then, and programs rely on that. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;

static void expect(const char *what, int got, int want)
{
	printf("%s: errno %d (%s) %s\n", what, got, strerror(got), got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

int main(void)
{
	expect("at startup", errno, 0);

	int r = open("/nonexistent-limpet-dir/file", O_RDONLY);
	printf("open missing returns %d\n", r);
	expect("open missing", errno, ENOENT);

	errno = 0;
	r = close(-1);
	printf("close(-1) returns %d\n", r);
	expect("close(-1)", errno, EBADF);

	errno = 0;
	char c;
	r = (int)read(-5, &c, 1);
	printf("read(-5) returns %d\n", r);
	expect("read(-5)", errno, EBADF);

	errno = 0;
	r = (int)lseek(-1, 0, SEEK_SET);
	expect("lseek(-1)", errno, EBADF);

	errno = 0;
	struct stat st;
	r = stat("", &st);
	printf("stat(\"\") returns %d\n", r);
	expect("stat empty path", errno, ENOENT);

	errno = 0;
	r = open("/", O_WRONLY);
	expect("open / for writing", errno, EISDIR);

	/* A successful call leaves a previous value in place. */
	errno = 12345;
	r = (int)getpid();
	expect("getpid keeps errno", errno, 12345);
	errno = EINTR;
	r = (int)write(1, "", 0);
	printf("write of 0 bytes returns %d\n", r);
	expect("successful write keeps errno", errno, EINTR);

	int *p1 = &errno, *p2 = __errno_location();
	printf("&errno == __errno_location() %s\n", p1 == p2 ? "yes" : "no");
	errno = -3;
	printf("negative errno round-trips %d\n", errno);
	return fails;
}
