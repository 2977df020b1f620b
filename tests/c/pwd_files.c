/* <pwd.h>: fgetpwent over a crafted file (which lines are malformed: too few fields, ids
 * that are not plain digits, an empty name; NIS '+'/'-' lines; CR, spaces, a NUL, an extra
 * field, a 100 KB line); putpwent's line and a round trip; getpwuid/getpwnam and the _r
 * forms on the real /etc/passwd (root), with buffers too small (ERANGE) and not-found
 * (0, errno untouched); the getpwent walk, setpwent and endpwent. Then, in a child with a
 * private mount namespace, lookups in a crafted /etc/passwd bound over the real one (the
 * first of two users with one uid, a user after a 100 KB line, getpwent over it) and with
 * no /etc/passwd at all (a tmpfs over /etc: ENOENT). Where no namespace can be made the
 * child says SKIP and why.
 *
 * Left out, because limpet reads these lines differently on purpose (components/users
 * README, "How lines are read"; the Rust tests cover them): a last line without a newline
 * (musl drops its last byte), an empty or overflowing id on an ordinary line (musl reads 0,
 * or the value modulo 2^32), and the _r forms' buffer sizes between what the record needs
 * and musl's getline buffer. */
#define _GNU_SOURCE
#include <errno.h>
#include <pwd.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

/* A field with CR, control bytes and long runs made visible. */
static void field(const char *s)
{
	size_t n = strlen(s);
	if (n > 64) {
		printf("[%zu bytes, %.8s...]", n, s);
		return;
	}
	putchar('[');
	for (; *s; s++) {
		if (*s == '\r')
			fputs("\\r", stdout);
		else if ((unsigned char)*s < 32)
			printf("\\x%02x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar(']');
}

static void show(const char *what, const struct passwd *p)
{
	printf("%s ", what);
	if (!p) {
		printf("none\n");
		return;
	}
	field(p->pw_name);
	field(p->pw_passwd);
	printf(" %u %u ", p->pw_uid, p->pw_gid);
	field(p->pw_gecos);
	field(p->pw_dir);
	field(p->pw_shell);
	putchar('\n');
}

static char path[64];

static void write_file(const char *name, const char *text, size_t len)
{
	FILE *f = fopen(name, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		printf("cannot write %s\n", "the scratch file");
		exit(1);
	}
}

static const char crafted[] =
	"root:x:0:0:root:/root:/bin/sh\n"
	"\n"
	"# a comment\n"
	"plain:secret:1000:100:Plain User,,,:/home/plain:/bin/bash\n"
	"empty::2:3:::\n"
	"zeros:x:007:0010:g:/d:/s\n"
	"max:x:4294967295:4294967295:g:/d:/s\n"
	"extra:x:5:5:g:/d:/s:more:fields\n"
	"crlf:x:6:6:g:/d:/s\r\n"
	"spaces: x : 7:8:g:/d:/s\n"
	"spaces2:x:7 :8:g:/d:/s\n"
	"plus:x:+7:8:g:/d:/s\n"
	"minus:x:-7:8:g:/d:/s\n"
	"hex:x:0x7:8:g:/d:/s\n"
	"letters:x:7a:8:g:/d:/s\n"
	"gidbad:x:7:8x:g:/d:/s\n"
	"short:x:9:9:g:/d\n"
	"shorter:x:9\n"
	"alone\n"
	":x:10:10:g:/d:/s\n"
	"::10:10:g:/d:/s\n"
	"::::::\n"
	"+::::::\n"
	"+@netgroup:x:::::\n"
	"-baduser::::::\n"
	"+\n"
	"-\n"
	"nul:x:11:11:g:/d:/s\0hidden:x:12:12::/:\n"
	"nul2:x\0:13:13:g:/d:/s\n"
	"last:x:14:14:g:/d:/bin/sh\n";

static void files(void)
{
	write_file(path, crafted, sizeof crafted - 1);
	FILE *f = fopen(path, "r");
	struct passwd *p;
	int n = 0;
	errno = 1234;
	while ((p = fgetpwent(f))) {
		show("fgetpwent", p);
		n++;
	}
	printf("fgetpwent users %d errno untouched %s\n", n, errno == 1234 ? "yes" : "no");
	fclose(f);

	/* A 100 KB line between two short ones. */
	size_t big = 100 * 1024;
	char *text = malloc(big + 200);
	int len = sprintf(text, "a:x:1:1:g:/d:/s\nlong:x:2:2:");
	memset(text + len, 'G', big);
	len += big;
	len += sprintf(text + len, ":/home/long:/bin/sh\nb:x:3:3:g:/d:/s\n");
	write_file(path, text, len);
	free(text);
	f = fopen(path, "r");
	while ((p = fgetpwent(f)))
		show("long file", p);
	fclose(f);
}

static void put(void)
{
	struct passwd pw = { "name", "pw", 1, 4294967295u, "Full Name,Room", "/home/name", "/bin/sh" };
	struct passwd empty = { "e", "", 0, 0, "", "", "" };
	FILE *f = fopen(path, "w");
	check("putpwent", putpwent(&pw, f) == 0);
	check("putpwent empty fields", putpwent(&empty, f) == 0);
	fclose(f);
	char buf[256];
	f = fopen(path, "r");
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = 0;
	printf("written:\n%s", buf);
	rewind(f);
	struct passwd *p;
	while ((p = fgetpwent(f)))
		show("read back", p);
	fclose(f);
}

static void real(void)
{
	errno = 1234;
	struct passwd *p = getpwuid(0);
	printf("getpwuid(0) %s uid %u errno untouched %s\n", p ? p->pw_name : "none", p ? p->pw_uid : 9, errno == 1234 ? "yes" : "no");
	p = getpwnam("root");
	printf("getpwnam(root) uid %u gid %u\n", p ? p->pw_uid : 9, p ? p->pw_gid : 9);
	errno = 1234;
	p = getpwnam("no-such-user-limpet");
	printf("getpwnam(no such) %s errno untouched %s\n", p ? "found" : "none", errno == 1234 ? "yes" : "no");
	p = getpwuid(4000000000u);
	printf("getpwuid(4000000000) %s\n", p ? "found" : "none");

	struct passwd pw, *res;
	char buf[4096];
	static const size_t small[] = { 0, 1, 4, 8 };
	for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
		res = &pw;
		errno = 0;
		int r = getpwuid_r(0, &pw, buf, small[i], &res);
		printf("getpwuid_r(0, %zu bytes) %d result %s errno %d\n", small[i], r, res ? "set" : "null", errno);
		res = &pw;
		r = getpwnam_r("root", &pw, buf, small[i], &res);
		printf("getpwnam_r(root, %zu bytes) %d result %s\n", small[i], r, res ? "set" : "null");
	}
	int r = getpwuid_r(0, &pw, buf, sizeof buf, &res);
	printf("getpwuid_r(0) %d %s %s uid %u\n", r, res == &pw ? "pw" : "other", pw.pw_name, pw.pw_uid);
	r = getpwnam_r("root", &pw, buf, sizeof buf, &res);
	printf("getpwnam_r(root) %d %s uid %u\n", r, res == &pw ? "pw" : "other", pw.pw_uid);
	res = &pw;
	errno = 1234;
	r = getpwnam_r("no-such-user-limpet", &pw, buf, sizeof buf, &res);
	printf("getpwnam_r(no such) %d result %s errno untouched %s\n", r, res ? "set" : "null", errno == 1234 ? "yes" : "no");
	res = &pw;
	r = getpwuid_r(4000000000u, &pw, buf, 4, &res);
	printf("getpwuid_r(4000000000, 4 bytes) %d result %s\n", r, res ? "set" : "null");

	/* The walk: twice the same users, root among them. */
	char first[256] = "";
	int n1 = 0, n2 = 0, root = 0;
	errno = 1234;
	while ((p = getpwent())) {
		if (!n1++)
			snprintf(first, sizeof first, "%s", p->pw_name);
		root += p->pw_uid == 0 && !strcmp(p->pw_name, "root");
	}
	printf("getpwent root seen %d end errno untouched %s\n", root, errno == 1234 ? "yes" : "no");
	printf("getpwent after the end %s\n", getpwent() ? "found" : "none");
	setpwent();
	p = getpwent();
	check("setpwent starts again", p && !strcmp(p->pw_name, first));
	endpwent();
	while ((p = getpwent()))
		n2++;
	check("endpwent then the same walk", n1 == n2);
	endpwent();
}

static const char ns_passwd[] =
	"root:x:0:0:root:/root:/bin/sh\n"
	"bad:x:-1:0::/:\n"
	"alice:x:1000:1000:Alice:/home/alice:/bin/sh\n"
	"alias:x:1000:1000:Second:/home/alias:/bin/sh\n"
	"+::::::\n";

static void lookups(void)
{
	struct passwd *p = getpwnam("alice");
	show("getpwnam(alice)", p);
	show("getpwuid(1000)", getpwuid(1000));
	show("getpwnam(alias)", getpwnam("alias"));
	show("getpwnam(bad)", getpwnam("bad"));
	show("getpwnam(long)", getpwnam("long"));
	show("getpwuid(2)", getpwuid(2));
	show("getpwnam(after)", getpwnam("after"));
	struct passwd pw, *res;
	size_t size = 256 * 1024;
	char *buf = malloc(size);
	int r = getpwnam_r("after", &pw, buf, size, &res);
	printf("getpwnam_r(after) %d ", r);
	show("", res);
	r = getpwnam_r("long", &pw, buf, 1000, &res);
	printf("getpwnam_r(long, 1000 bytes) %d result %s\n", r, res ? "set" : "null");
	r = getpwnam_r("long", &pw, buf, size, &res);
	printf("getpwnam_r(long) %d ", r);
	show("", res);
	free(buf);
	int n = 0;
	setpwent();
	while ((p = getpwent()))
		show(n++ ? "getpwent" : "getpwent first", p);
	endpwent();
}

static int in_namespace(void)
{
	if (unshare(CLONE_NEWNS)) {
		printf("SKIP: unshare(CLONE_NEWNS): errno %d\n", errno);
		return 0;
	}
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0)) {
		printf("SKIP: mount: errno %d\n", errno);
		return 0;
	}
	/* A 100 KB line, then a user after it. */
	size_t big = 100 * 1024;
	char *text = malloc(sizeof ns_passwd + big + 200);
	int len = sprintf(text, "%slong:x:2:2:", ns_passwd);
	memset(text + len, 'L', big);
	len += big;
	len += sprintf(text + len, ":/:/bin/sh\nafter:x:3:3:g:/after:/bin/sh\n");
	write_file(path, text, len);
	free(text);
	if (mount(path, "/etc/passwd", 0, MS_BIND, 0)) {
		printf("SKIP: bind mount over /etc/passwd: errno %d\n", errno);
		return 0;
	}
	lookups();

	/* No /etc/passwd at all. */
	if (mount("tmpfs", "/etc", "tmpfs", 0, 0)) {
		printf("SKIP: tmpfs over /etc: errno %d\n", errno);
		return 0;
	}
	errno = 0;
	struct passwd *p = getpwnam("root");
	printf("no file: getpwnam %s errno %d\n", p ? "found" : "none", errno);
	errno = 0;
	p = getpwuid(0);
	printf("no file: getpwuid %s errno %d\n", p ? "found" : "none", errno);
	struct passwd pw, *res = &pw;
	char buf[256];
	int r = getpwuid_r(0, &pw, buf, sizeof buf, &res);
	printf("no file: getpwuid_r %d result %s\n", r, res ? "set" : "null");
	errno = 0;
	p = getpwent();
	printf("no file: getpwent %s errno %d\n", p ? "found" : "none", errno);
	return 0;
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/limpet-pwd-%d", (int)getpid());
	files();
	put();
	real();
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		in_namespace();
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	unlink(path);
	return fails != 0;
}
