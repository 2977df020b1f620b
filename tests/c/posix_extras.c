/* File extras: extended attributes (by path, link and descriptor), flock between two open
 * files, futimes/lutimes/futimesat, lchmod on a file and on a link, glibc's __xmknod.
 * (preadv2, pwritev2 and name_to_handle_at are tested in Rust: Debian's musl 1.2.3 lacks the
 * first two.) */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <unistd.h>

int __xmknod(int, const char *, mode_t, dev_t *);

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

static char dir[64];
static char pbuf[4][128];
static const char *P(int slot, const char *rel)
{
	snprintf(pbuf[slot], sizeof pbuf[slot], "%s/%s", dir, rel);
	return pbuf[slot];
}

static void xattrs(void)
{
	int fd = open(P(0, "x"), O_CREAT | O_RDWR, 0600);
	int r = setxattr(P(0, "x"), "user.limpet", "value", 5, 0);
	if (r != 0) {
		printf("user xattrs unsupported here: errno %d\n", errno);
		close(fd);
		return;
	}
	fail("XATTR_CREATE on existing", setxattr(P(0, "x"), "user.limpet", "v", 1, XATTR_CREATE), EEXIST);
	fail("XATTR_REPLACE on missing", setxattr(P(0, "x"), "user.none", "v", 1, XATTR_REPLACE), ENODATA);
	char buf[64];
	check("size query", getxattr(P(0, "x"), "user.limpet", 0, 0), 5);
	check("getxattr", getxattr(P(0, "x"), "user.limpet", buf, sizeof buf), 5);
	check("value", memcmp(buf, "value", 5), 0);
	fail("too small", getxattr(P(0, "x"), "user.limpet", buf, 2), ERANGE);
	check("fsetxattr", fsetxattr(fd, "user.two", "2", 1, 0), 0);
	check("flistxattr", flistxattr(fd, buf, sizeof buf), 21);
	check("listxattr", listxattr(P(0, "x"), buf, sizeof buf), 21);
	check("fgetxattr", fgetxattr(fd, "user.two", buf, sizeof buf), 1);
	symlink("x", P(1, "link"));
	fail("lgetxattr of the link", lgetxattr(P(1, "link"), "user.limpet", buf, sizeof buf), ENODATA);
	check("llistxattr of the link", llistxattr(P(1, "link"), buf, sizeof buf), 0);
	check("removexattr", removexattr(P(0, "x"), "user.limpet"), 0);
	check("fremovexattr", fremovexattr(fd, "user.two"), 0);
	fail("removed", getxattr(P(0, "x"), "user.limpet", buf, sizeof buf), ENODATA);
	fail("lremovexattr missing", lremovexattr(P(0, "x"), "user.none"), ENODATA);
	fail("lsetxattr on a link", lsetxattr(P(1, "link"), "user.a", "b", 1, 0), EPERM);
	fail("no such file", getxattr(P(2, "none"), "user.a", buf, 1), ENOENT);
	close(fd);
	unlink(P(1, "link"));
	unlink(P(0, "x"));
}

static void locks(void)
{
	int a = open(P(0, "lock"), O_CREAT | O_RDWR, 0600);
	int b = open(P(0, "lock"), O_RDWR);
	check("flock ex", flock(a, LOCK_EX), 0);
	fail("conflict", flock(b, LOCK_EX | LOCK_NB), EWOULDBLOCK);
	check("shared blocked too", flock(b, LOCK_SH | LOCK_NB), -1);
	check("unlock", flock(a, LOCK_UN), 0);
	check("now free", flock(b, LOCK_SH | LOCK_NB), 0);
	check("second shared", flock(a, LOCK_SH | LOCK_NB), 0);
	fail("bad op", flock(a, 0), EINVAL);
	fail("bad fd", flock(-1, LOCK_SH), EBADF);
	close(a);
	close(b);
	unlink(P(0, "lock"));
}

static void times_and_modes(void)
{
	int fd = open(P(0, "t"), O_CREAT | O_RDWR, 0644);
	struct timeval tv[2] = { { 1000000, 250000 }, { 2000000, 500000 } };
	struct stat st;
	check("futimes", futimes(fd, tv), 0);
	fstat(fd, &st);
	check("atime", st.st_atime, 1000000);
	check("mtime ns", st.st_mtim.tv_nsec, 500000000);
	tv[1].tv_sec = 3000000;
	check("futimesat", futimesat(AT_FDCWD, P(0, "t"), tv), 0);
	stat(P(0, "t"), &st);
	check("mtime", st.st_mtime, 3000000);
	symlink("t", P(1, "tl"));
	tv[1].tv_sec = 4000000;
	check("lutimes", lutimes(P(1, "tl"), tv), 0);
	lstat(P(1, "tl"), &st);
	check("link mtime", st.st_mtime, 4000000);
	stat(P(0, "t"), &st);
	check("target untouched", st.st_mtime, 3000000);
	struct timeval bad[2] = { { 0, 1000000 }, { 0, 0 } };
	fail("futimes bad usec", futimes(fd, bad), EINVAL);
	check("futimes now", futimes(fd, 0), 0);
	check("lchmod file", lchmod(P(0, "t"), 0600), 0);
	stat(P(0, "t"), &st);
	check("mode", st.st_mode & 0777, 0600);
	fail("lchmod link", lchmod(P(1, "tl"), 0600), EOPNOTSUPP);

	close(fd);

	dev_t dev = 0;
	check("__xmknod fifo", __xmknod(0, P(2, "fifo"), S_IFIFO | 0600, &dev), 0);
	stat(P(2, "fifo"), &st);
	check("is fifo", S_ISFIFO(st.st_mode), 1);
	unlink(P(2, "fifo"));
	unlink(P(1, "tl"));
	unlink(P(0, "t"));
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/limpet-extras-%d", getpid());
	mkdir(dir, 0700);
	xattrs();
	locks();
	times_and_modes();
	rmdir(dir);
	printf("fails %d\n", fails);
	return fails != 0;
}
