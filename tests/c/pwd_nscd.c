/* <pwd.h> and nscd: in a private mount namespace with a crafted /etc/passwd, a server on
 * /var/run/nscd/socket (pwd_nscd_server.h) answers the users the file lacks. Which lookups
 * ask it (only a name or uid the file does not have; not when /etc/passwd is missing or
 * unreadable; not a name of 256 bytes or more); the records it gives (getpwnam, getpwuid,
 * the _r forms at every buffer size from 0 up: ERANGE below some size, the record from
 * there on); how its answers fail: "not found" (with bytes after it), a reply cut inside
 * its header or no reply (not found, errno untouched), a wrong version, a record for
 * another name or uid, strings cut short, a string without its NUL, lengths of 0 (EIO),
 * huge or negative lengths (an error: EIO in limpet, ENOMEM in musl, so only "error" is
 * printed); any nonzero "found" and trailing bytes are fine; a reply 0.3 s late is
 * waited for (neither libc has a timeout); and no daemon at all (a
 * refused connect, no socket file: not found, errno untouched; /var/run/nscd a file:
 * ENOTDIR).
 *
 * Left out: the byte-swapped retry (pwd_nscd_swap.c: musl 1.2.3's never connects, so the
 * server's log leaves swapped requests out here, and answers them as a daemon that cannot
 * read them would, by closing), and the sizes at which the _r forms start to succeed
 * (musl's differ for groups; only the verdicts are printed). */
#include "pwd_nscd_server.h"

static const char passwd_file[] =
	"root:x:0:0:root:/root:/bin/sh\n"
	"alice:x:1000:1000:Alice:/home/alice:/bin/sh\n"
	"shadowed:x:1001:1001:In the file:/home/f:/bin/sh\n";

static const char group_file[] = "root:x:0:\n";

static int name_is(struct ask *a, const char *name)
{
	return a->type == GETPWBYNAME && !strcmp(a->key, name);
}

static int uid_is(struct ask *a, const char *uid)
{
	return a->type == GETPWBYUID && !strcmp(a->key, uid);
}

static void answer(struct ask *a)
{
	if (a->swapped)
		return;
	if (name_is(a, "nsuser") || uid_is(a, "5000"))
		reply_pw(a, "nsuser", "x", 5000, 500, "NS User", "/home/nsuser", "/bin/sh");
	else if (name_is(a, "shadowed"))
		reply_pw(a, "shadowed", "x", 9, 9, "From nscd", "/", "/bin/false");
	else if (name_is(a, "slow")) {
		/* Neither libc gives up on a slow daemon (neither has a timeout). */
		usleep(300000);
		reply_pw(a, "slow", "x", 5011, 1, "Slow", "/", "/bin/sh");
	} else if (name_is(a, "empty"))
		reply_pw(a, "empty", "", 5001, 5001, "", "", "");
	else if (uid_is(a, "4294967295"))
		reply_pw(a, "maxuid", "x", 4294967295u, 1, "", "/", "/bin/sh");
	else if (name_is(a, "other") || uid_is(a, "5002")) /* another record than asked for */
		reply_pw(a, "someone", "x", 5099, 1, "", "/", "/bin/sh");
	else if (name_is(a, "found2")) {
		int32_t h[9] = { NSCD_VERSION, 2, 7, 2, 5003, 1, 1, 2, 8 };
		send_words(a, h, 9);
		send_bytes(a, "found2\0x\0\0/\0/bin/sh\0", 20);
	} else if (name_is(a, "foundneg")) {
		int32_t h[9] = { NSCD_VERSION, -1, 9, 2, 5004, 1, 1, 2, 8 };
		send_words(a, h, 9);
		send_bytes(a, "foundneg\0x\0\0/\0/bin/sh\0", 22);
	} else if (name_is(a, "trailing")) {
		reply_pw(a, "trailing", "x", 5005, 1, "", "/", "/bin/sh");
		send_bytes(a, "garbage after the reply", 23);
	} else if (name_is(a, "notfound-more")) {
		reply_none(a, 9);
		send_bytes(a, "bytes after a not-found reply", 29);
	} else if (name_is(a, "short")) {
		int32_t h[2] = { NSCD_VERSION, 1 };
		send_words(a, h, 2);
	} else if (name_is(a, "noreply")) {
		/* nothing */
	} else if (name_is(a, "version")) {
		int32_t h[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 1 };
		send_words(a, h, 9);
	} else if (name_is(a, "cut")) {
		int32_t h[9] = { NSCD_VERSION, 1, 4, 2, 5006, 1, 1, 2, 8 };
		send_words(a, h, 9);
		send_bytes(a, "cut\0x", 5);
	} else if (name_is(a, "nonul")) {
		int32_t h[9] = { NSCD_VERSION, 1, 5, 2, 5007, 1, 1, 2, 8 };
		send_words(a, h, 9);
		send_bytes(a, "nonulx\0\0/\0/bin/sh\0", 18);
	} else if (name_is(a, "zero")) {
		int32_t h[9] = { NSCD_VERSION, 1, 0, 0, 5008, 1, 0, 0, 0 };
		send_words(a, h, 9);
	} else if (name_is(a, "huge")) {
		int32_t h[9] = { NSCD_VERSION, 1, 0x7fffffff, 2, 5009, 1, 1, 2, 8 };
		send_words(a, h, 9);
		send_bytes(a, "huge\0", 5);
	} else if (name_is(a, "negative")) {
		int32_t h[9] = { NSCD_VERSION, 1, -1, 2, 5010, 1, 1, 2, 8 };
		send_words(a, h, 9);
	} else
		reply_none(a, 9);
}

static void show(const char *what, const struct passwd *p)
{
	printf("%s: ", what);
	if (!p)
		printf("none\n");
	else
		printf("[%s] [%s] %u %u [%s] [%s] [%s]\n", p->pw_name, p->pw_passwd, p->pw_uid, p->pw_gid, p->pw_gecos, p->pw_dir,
			p->pw_shell);
}

/* getpwnam: the record, or none and what errno became (1234 is "untouched"). */
static void by_name(const char *name)
{
	errno = 1234;
	struct passwd *p = getpwnam(name);
	int e = errno;
	char what[64];
	snprintf(what, sizeof what, "getpwnam(%s)", name);
	show(what, p);
	if (!p)
		printf("  errno %d\n", e);
	asked();
}

/* As by_name, where musl's errno is not limpet's: only whether one was set. */
static void by_name_fails(const char *name)
{
	errno = 1234;
	struct passwd *p = getpwnam(name);
	printf("getpwnam(%s): %s, %s\n", name, p ? "found" : "none", errno != 1234 && errno != 0 ? "error" : "no error");
	asked();
}

static void by_uid(uid_t uid)
{
	errno = 1234;
	struct passwd *p = getpwuid(uid);
	int e = errno;
	char what[64];
	snprintf(what, sizeof what, "getpwuid(%u)", uid);
	show(what, p);
	if (!p)
		printf("  errno %d\n", e);
	asked();
}

static int same(const struct passwd *a, const struct passwd *b)
{
	return a->pw_uid == b->pw_uid && a->pw_gid == b->pw_gid && !strcmp(a->pw_name, b->pw_name) &&
		!strcmp(a->pw_passwd, b->pw_passwd) && !strcmp(a->pw_gecos, b->pw_gecos) && !strcmp(a->pw_dir, b->pw_dir) &&
		!strcmp(a->pw_shell, b->pw_shell);
}

/* The _r forms at every size from 0 to 256: ERANGE with a null result below some size,
 * the record (into the buffer) from there on. */
static void every_size(const char *name, uid_t uid)
{
	struct passwd want = *getpwuid(uid);
	char wname[64];
	snprintf(wname, sizeof wname, "%s", want.pw_name);
	want.pw_name = wname;
	static char buf[256];
	int first = -1, bad = 0;
	for (int size = 0; size <= 256; size++) {
		for (int by = 0; by < 2; by++) {
			struct passwd pw, *res = &pw;
			int r = by ? getpwuid_r(uid, &pw, buf, size, &res) : getpwnam_r(name, &pw, buf, size, &res);
			if (r == ERANGE && !res && first < 0)
				continue;
			if (r == 0 && res == &pw && same(&pw, &want) && pw.pw_name >= buf && pw.pw_shell < buf + size) {
				if (first < 0)
					first = size;
				continue;
			}
			bad++;
		}
	}
	asked_of(NOT_PRINTED); /* 514 questions */
	printf("%s: _r at sizes 0..256: ERANGE then found from some size %s, wrong answers %d\n", name, first >= 0 ? "yes" : "no", bad);
}

static void reentrant_errors(void)
{
	struct passwd pw, *res = &pw;
	char buf[512];
	int r = getpwnam_r("cut", &pw, buf, sizeof buf, &res);
	printf("getpwnam_r(cut) %d result %s\n", r, res ? "set" : "null");
	res = &pw;
	r = getpwuid_r(5002, &pw, buf, sizeof buf, &res);
	printf("getpwuid_r(5002, another uid) %d result %s\n", r, res ? "set" : "null");
	res = &pw;
	errno = 1234;
	r = getpwnam_r("noreply", &pw, buf, sizeof buf, &res);
	printf("getpwnam_r(noreply) %d result %s errno %d\n", r, res ? "set" : "null", errno);
	asked();
}

static void long_names(void)
{
	static char name[1100];
	static const int lens[] = { 255, 256, 1000 };
	for (int i = 0; i < 3; i++) {
		memset(name, 'n', lens[i]);
		name[lens[i]] = 0;
		errno = 1234;
		struct passwd *p = getpwnam(name);
		printf("getpwnam(%d bytes): %s errno %d\n", lens[i], p ? "found" : "none", errno);
		asked();
	}
}

static void no_daemon(void)
{
	nscd_stop();
	by_name("nsuser"); /* the socket file is there: connect is refused */
	unlink(NSCD_SOCKET);
	by_name("nsuser"); /* no socket file */
	by_uid(5000);
	if (rmdir(NSCD_DIR) == 0) {
		int fd = open(NSCD_DIR, O_WRONLY | O_CREAT, 0644);
		close(fd);
		errno = 1234;
		struct passwd *p = getpwnam("nsuser");
		printf("getpwnam with " NSCD_DIR " a file: %s errno %d\n", p ? "found" : "none", errno);
		struct passwd pw, *res = &pw;
		char buf[256];
		int r = getpwuid_r(5000, &pw, buf, sizeof buf, &res);
		printf("getpwuid_r with " NSCD_DIR " a file: %d result %s\n", r, res ? "set" : "null");
	}
}

int main(void)
{
	nscd_start(passwd_file, group_file);
	by_name("root");
	by_uid(1000);
	by_name("nsuser");
	by_uid(5000);
	by_name("shadowed"); /* the file's, nscd is not asked */
	by_name("empty");
	by_name("slow");
	by_uid(4294967295u);
	by_name("found2");
	by_name("foundneg");
	by_name("trailing");
	by_name("nobody-anywhere");
	/* musl's errno is then ESPIPE, from closing the stream with bytes unread. */
	printf("getpwnam(notfound-more): %s\n", getpwnam("notfound-more") ? "found" : "none");
	asked();
	by_name("short");
	by_name("noreply");
	by_name("version");
	by_name("other");
	by_uid(5002);
	by_name("cut");
	by_name("nonul");
	by_name("zero");
	by_name_fails("huge");
	by_name_fails("negative");
	every_size("nsuser", 5000);
	every_size("alice", 1000);
	reentrant_errors();
	long_names();

	/* No /etc/passwd, or one that cannot be read: nscd is not asked. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (unshare(CLONE_NEWNS) || mount("tmpfs", "/etc", "tmpfs", 0, 0))
			skip("tmpfs over /etc");
		by_name("nsuser");
		by_uid(5000);
		if (mkdir("/etc/passwd", 0755) == 0)
			by_name("nsuser");
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, 0, 0);
	asked();

	no_daemon();
	return fails != 0;
}
