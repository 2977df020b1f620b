/* For the users rows (getpwnam_1000.c, getgrouplist.c): a private mount namespace in which
 * the program's own /etc/passwd and /etc/group are bound over the real ones, with an
 * /etc/nsswitch.conf that sends glibc to the files alone (as musl and limpet read them) and
 * a tmpfs over /var/run/nscd when there is one, so that no daemon answers. Needs root;
 * elsewhere the row reads `crash` with the reason. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench.h"

/* A text built in a static buffer, a decimal number at a time. */
static char users_text[1 << 20];
static unsigned long users_len;

static void users_add(const char *s)
{
	unsigned long n = bench_strlen(s);
	if (users_len + n > sizeof users_text)
		bench_fail("users_text is full");
	for (unsigned long i = 0; i < n; i++)
		users_text[users_len++] = s[i];
}

static void users_add_num(unsigned long v)
{
	if (users_len + 24 > sizeof users_text)
		bench_fail("users_text is full");
	bench_put_ulong(users_text, &users_len, v);
}

/* Binds the text built so far over `target`; the scratch file is unlinked at once. */
static void users_cover(const char *target)
{
	static const char scratch[] = "/tmp/limpet-bench-users";
	int fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		bench_fail("cannot create the scratch file");
	bench_write(fd, users_text, users_len);
	close(fd);
	int r = mount(scratch, target, 0, MS_BIND, 0);
	unlink(scratch);
	if (r)
		bench_fail("bind mount over an /etc file failed");
	users_len = 0;
}

static void users_namespace(void)
{
	if (unshare(CLONE_NEWNS))
		bench_fail("unshare failed (the users rows need root)");
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0))
		bench_fail("mount --make-rprivate failed");
	struct stat st;
	if (stat("/var/run/nscd", &st) == 0 && mount("tmpfs", "/var/run/nscd", "tmpfs", 0, 0))
		bench_fail("tmpfs over /var/run/nscd failed");
	if (stat("/etc/nsswitch.conf", &st) == 0) {
		users_add("passwd: files\ngroup: files\nshadow: files\n");
		users_cover("/etc/nsswitch.conf");
	}
}
