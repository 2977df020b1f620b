/* Big user and group databases, bound over /etc/passwd and /etc/group in a private mount
 * namespace (a tmpfs over /var/run/nscd too, so no daemon answers): 5,000 users, a
 * malformed line every 50 (too few fields, a uid with a letter, an empty name, a NUL
 * inside), a user whose gecos is 1 MB long (longer than any buffer a libc starts with),
 * users after it; 3,000 groups, one with 10,000 members, one whose member list is 1 MB,
 * malformed lines among them. Lookups at the start, middle and end, the long records, the
 * walks (counts and the last record), getgrouplist of a user in 1,001 groups, and the _r
 * forms at every buffer size from 0 up for records before the long lines (the verdict:
 * ERANGE with a null result below some size, the record from there on; the size is not
 * printed, since musl asks for its line buffer's size, which can be larger than what the
 * record takes), and at sizes doubling from 0 to 4 MB for records after them. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define USERS 5000
#define GROUPS 3000
#define MEMBERS 10000
#define LONG_LINE (1 << 20)
#define BIG_BUF (4 << 20)

static int fails;

static void skip(const char *what)
{
	printf("SKIP: %s: errno %d\n", what, errno);
	exit(0);
}

/* A growing text. */
static char *text;
static size_t len, cap;

static void add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void add(const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(text + len, cap - len, fmt, ap);
		va_end(ap);
		if ((size_t)n < cap - len) {
			len += n;
			return;
		}
		cap = cap * 2 + n + 1;
		text = realloc(text, cap);
	}
}

static void add_run(char c, size_t n)
{
	while (cap - len < n + 1) {
		cap = cap * 2 + n + 1;
		text = realloc(text, cap);
	}
	memset(text + len, c, n);
	len += n;
}

/* Binds the text built so far over `target` (the scratch file is unlinked at once). */
static void cover(const char *target)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-users-big-%d", (int)getpid());
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, len) != (ssize_t)len) {
		printf("cannot write the scratch file\n");
		exit(1);
	}
	close(fd);
	int r = mount(path, target, 0, MS_BIND, 0);
	unlink(path);
	if (r)
		skip("bind mount");
	len = 0;
}

static void make_passwd(void)
{
	for (int i = 0; i < USERS; i++) {
		if (i == USERS / 2) {
			add("longuser:x:20000:20000:");
			add_run('G', LONG_LINE);
			add(":/home/long:/bin/sh\n");
		}
		add("u%04d:x:%d:%d:User %d,,,:/home/u%04d:/bin/sh\n", i, 10000 + i, 100 + i % 7, i, i);
		switch (i % 50) {
		case 10:
			add("short%d:x:%d:1\n", i, 60000 + i);
			break;
		case 20:
			add("letter%d:x:%da:1:g:/:/bin/sh\n", i, 60000 + i);
			break;
		case 30:
			add(":x:%d:1:g:/:/bin/sh\n", 60000 + i);
			break;
		case 40:
			add("nul%d:x:%d:1:g:/", i, 60000 + i);
			add_run(0, 1);
			add(":/bin/sh\n");
			break;
		}
	}
	cover("/etc/passwd");
}

static void make_group(void)
{
	for (int i = 0; i < GROUPS; i++) {
		if (i == 100) {
			add("huge:x:40000:");
			for (int m = 0; m < MEMBERS; m++)
				add("%sm%d", m ? "," : "", m);
			add("\n");
		}
		if (i == GROUPS / 2) {
			add("longlist:x:40001:u0001,");
			add_run('L', LONG_LINE);
			add(",u0002\n");
		}
		add("g%04d:x:%d:%s%s\n", i, 30000 + i, i % 3 ? "" : "u0001,", i % 2 ? "u0002" : "u0003");
		if (i % 50 == 25)
			add("bad%d:x:%dx:u0001\n", i, 50000 + i);
		if (i % 50 == 26)
			add("tooshort%d:x\n", i);
	}
	cover("/etc/group");
}

static void show_user(const char *what, struct passwd *p)
{
	if (!p) {
		printf("%s: none\n", what);
		return;
	}
	printf("%s: [%s] %u %u gecos %zu bytes [%.12s] [%s] [%s]\n", what, p->pw_name, p->pw_uid, p->pw_gid, strlen(p->pw_gecos),
		p->pw_gecos, p->pw_dir, p->pw_shell);
}

static void show_group(const char *what, struct group *g)
{
	if (!g) {
		printf("%s: none\n", what);
		return;
	}
	size_t n = 0, longest = 0;
	for (; g->gr_mem[n]; n++)
		if (strlen(g->gr_mem[n]) > longest)
			longest = strlen(g->gr_mem[n]);
	printf("%s: [%s] %u, %zu members, first [%s] last [%s], longest %zu bytes\n", what, g->gr_name, g->gr_gid, n,
		n ? g->gr_mem[0] : "", n ? g->gr_mem[n - 1] : "", longest);
}

static int same_user(const struct passwd *a, const struct passwd *b)
{
	return a->pw_uid == b->pw_uid && a->pw_gid == b->pw_gid && !strcmp(a->pw_name, b->pw_name) &&
		!strcmp(a->pw_passwd, b->pw_passwd) && !strcmp(a->pw_gecos, b->pw_gecos) && !strcmp(a->pw_dir, b->pw_dir) &&
		!strcmp(a->pw_shell, b->pw_shell);
}

static int same_group(const struct group *a, const struct group *b)
{
	if (a->gr_gid != b->gr_gid || strcmp(a->gr_name, b->gr_name) || strcmp(a->gr_passwd, b->gr_passwd))
		return 0;
	size_t i = 0;
	for (; a->gr_mem[i] && b->gr_mem[i]; i++)
		if (strcmp(a->gr_mem[i], b->gr_mem[i]))
			return 0;
	return !a->gr_mem[i] && !b->gr_mem[i];
}

static char want_buf[BIG_BUF], buf[BIG_BUF + 1];

/* The next size: every one up to `every`, then doubling. */
static size_t next_size(size_t size, size_t every)
{
	return size < every ? size + 1 : size ? size * 2 : 1;
}

/* getpwnam_r and getpwuid_r of one user at sizes from 0 up. */
static void user_sizes(const char *name, uid_t uid, size_t every)
{
	struct passwd want, *res;
	if (getpwnam_r(name, &want, want_buf, BIG_BUF, &res) || !res) {
		printf("%s: no record\n", name);
		fails++;
		return;
	}
	long first = -1;
	int bad = 0;
	for (size_t size = 0; size <= BIG_BUF; size = next_size(size, every)) {
		for (int by = 0; by < 2; by++) {
			struct passwd pw, *r = &pw;
			int rc = by ? getpwuid_r(uid, &pw, buf, size, &r) : getpwnam_r(name, &pw, buf, size, &r);
			if (rc == ERANGE && !r && first < 0)
				continue;
			if (rc == 0 && r == &pw && same_user(&pw, &want)) {
				if (first < 0)
					first = size;
				continue;
			}
			bad++;
		}
	}
	printf("%s: _r at sizes 0..%zu%s: ERANGE then found %s, wrong answers %d\n", name, every, every < BIG_BUF ? " then doubling" : "",
		first >= 0 ? "yes" : "no", bad);
	fails += bad || first < 0;
}

/* getgrnam_r and getgrgid_r of one group at sizes from 0 up, on an aligned buffer and a
 * misaligned one. */
static void group_sizes(const char *name, gid_t gid, size_t every)
{
	struct group want, *res;
	if (getgrnam_r(name, &want, want_buf, BIG_BUF, &res) || !res) {
		printf("%s: no record\n", name);
		fails++;
		return;
	}
	long first[2] = { -1, -1 };
	int bad = 0;
	for (size_t size = 0; size <= BIG_BUF; size = next_size(size, every)) {
		for (int k = 0; k < 4; k++) {
			int odd = k & 1;
			struct group gr, *r = &gr;
			int rc = k & 2 ? getgrgid_r(gid, &gr, buf + odd, size, &r) : getgrnam_r(name, &gr, buf + odd, size, &r);
			if (rc == ERANGE && !r && first[odd] < 0)
				continue;
			if (rc == 0 && r == &gr && same_group(&gr, &want)) {
				if (first[odd] < 0)
					first[odd] = size;
				continue;
			}
			bad++;
		}
	}
	printf("%s: _r at sizes 0..%zu%s: ERANGE then found %s, wrong answers %d\n", name, every, every < BIG_BUF ? " then doubling" : "",
		first[0] >= 0 && first[1] >= 0 ? "yes" : "no", bad);
	fails += bad || first[0] < 0 || first[1] < 0;
}

static void users(void)
{
	show_user("getpwnam(u0000)", getpwnam("u0000"));
	show_user("getpwnam(u2499)", getpwnam("u2499"));
	show_user("getpwnam(u4999)", getpwnam("u4999"));
	show_user("getpwuid(12500)", getpwuid(12500));
	show_user("getpwnam(longuser)", getpwnam("longuser"));
	show_user("getpwuid(20000)", getpwuid(20000));
	show_user("getpwnam(short10)", getpwnam("short10"));
	show_user("getpwnam(letter20)", getpwnam("letter20"));
	show_user("getpwuid(60030)", getpwuid(60030));
	show_user("getpwnam(nul40)", getpwnam("nul40"));
	errno = 1234;
	struct passwd *p = getpwnam("u5000");
	printf("getpwnam(u5000): %s errno %d\n", p ? "found" : "none", errno);

	int n = 0, nul = 0;
	char last[32] = "";
	while ((p = getpwent())) {
		n++;
		nul += !strncmp(p->pw_name, "nul", 3);
		snprintf(last, sizeof last, "%s", p->pw_name);
	}
	endpwent();
	printf("getpwent: %d users, %d nul lines, last [%s]\n", n, nul, last);

	user_sizes("u0000", 10000, 160);
	user_sizes("u0049", 10049, 160);
	user_sizes("u4999", 14999, 0);
	user_sizes("longuser", 20000, 0);
}

static void groups(void)
{
	show_group("getgrnam(g0000)", getgrnam("g0000"));
	show_group("getgrnam(huge)", getgrnam("huge"));
	show_group("getgrgid(40000)", getgrgid(40000));
	show_group("getgrnam(longlist)", getgrnam("longlist"));
	show_group("getgrgid(32999)", getgrgid(32999));
	show_group("getgrnam(bad25)", getgrnam("bad25"));
	show_group("getgrnam(tooshort26)", getgrnam("tooshort26"));

	int n = 0, members = 0;
	struct group *g;
	while ((g = getgrent())) {
		n++;
		for (char **m = g->gr_mem; *m; m++)
			members++;
	}
	endgrent();
	printf("getgrent: %d groups, %d members in all\n", n, members);

	group_sizes("g0000", 30000, 200);
	group_sizes("g0099", 30099, 200);
	group_sizes("huge", 40000, 0);
	group_sizes("g2999", 32999, 0);

	static gid_t list[2000];
	int count = 2000;
	int r = getgrouplist("u0001", 10001, list, &count);
	printf("getgrouplist(u0001) %d count %d: %u %u %u ... %u %u\n", r, count, list[0], list[1], list[2], list[count - 2],
		list[count - 1]);
	int few = 10;
	r = getgrouplist("u0001", 10001, list, &few);
	printf("getgrouplist(u0001, room 10) %d count %d\n", r, few);
	count = 2000;
	r = getgrouplist("m9999", 1, list, &count);
	printf("getgrouplist(m9999) %d count %d: %u %u\n", r, count, list[0], list[1]);
}

int main(void)
{
	if (unshare(CLONE_NEWNS))
		skip("unshare(CLONE_NEWNS)");
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0))
		skip("mount --make-rprivate /");
	struct stat st;
	if (stat("/var/run/nscd", &st) == 0 && mount("tmpfs", "/var/run/nscd", "tmpfs", 0, 0))
		skip("tmpfs over /var/run/nscd");
	make_passwd();
	make_group();
	free(text);
	users();
	groups();
	return fails != 0;
}
