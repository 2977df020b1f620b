/* <grp.h>: fgetgrent over a crafted file (malformed lines: too few fields, gids that are
 * not plain digits, an empty name; NIS '+'/'-' lines; members with spaces, CR, an empty
 * first member, an extra field, a NUL; 10,000 members; a 100 KB line); putgrent's line
 * (no members, a null gr_mem, two members) and a round trip; getgrgid/getgrnam and the _r
 * forms on the real /etc/group (root), with buffers too small (ERANGE) and not-found; the
 * getgrent walk, setgrent and endgrent. Then, in a child with a private mount namespace
 * and a crafted /etc/group bound over the real one: the lookups, getgrouplist (the
 * primary group first; as in musl, a group listed twice, the primary one too, comes twice;
 * an array too small gives -1 and the count; a member of the 10,000-member group), and
 * initgroups read back with getgroups (or its error, when not root); and with no
 * /etc/group at all (a tmpfs over /etc). Where no namespace can be made the child says
 * SKIP and why.
 *
 * Left out, because limpet reads these lines differently on purpose (components/users
 * README, "How lines are read"; the Rust tests cover them): a last line without a newline
 * (musl drops its last byte), an empty or overflowing gid on an ordinary line, empty
 * members after a comma ("a,,b", "a,": musl skips a byte there, or reads past the line),
 * and the _r forms' buffer sizes between what the record needs and musl's. */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
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

/* A field with CR and control bytes made visible, a long one summed up. */
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

static void show(const char *what, const struct group *g)
{
	printf("%s ", what);
	if (!g) {
		printf("none\n");
		return;
	}
	field(g->gr_name);
	field(g->gr_passwd);
	printf(" %u", g->gr_gid);
	size_t n = 0;
	while (g->gr_mem[n])
		n++;
	if (n > 8) {
		printf(" %zu members, first ", n);
		field(g->gr_mem[0]);
		printf(" last ");
		field(g->gr_mem[n - 1]);
	} else {
		printf(" members");
		for (size_t i = 0; i < n; i++)
			field(g->gr_mem[i]);
	}
	putchar('\n');
}

static char path[64];

static void write_file(const char *text, size_t len)
{
	FILE *f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		printf("cannot write the scratch file\n");
		exit(1);
	}
}

static const char crafted[] =
	"root:x:0:\n"
	"\n"
	"# comment\n"
	"wheel:x:10:root,alice\n"
	"nopw::11:bob\n"
	"zeros:x:0012:\n"
	"max:x:4294967295:a\n"
	"spaces:x:13: a , b \n"
	"crlf:x:14:a,b\r\n"
	"lead:x:15:,a\n"
	"extra:x:16:a,b:c:d\n"
	"plus:x:+17:a\n"
	"minus:x:-17:a\n"
	"space:x: 17:a\n"
	"hex:x:0x11:a\n"
	"short:x:18\n"
	"shorter:x\n"
	"alone\n"
	":x:19:a\n"
	"::19:a\n"
	":::\n"
	"+:::\n"
	"+@netgroup:x::\n"
	"-bad:::a\n"
	"+\n"
	"nul:x:20:a,b\0,c\n"
	"nul2:x\0:21:a\n"
	"last:x:22:z\n";

static void files(void)
{
	write_file(crafted, sizeof crafted - 1);
	FILE *f = fopen(path, "r");
	struct group *g;
	int n = 0;
	errno = 1234;
	while ((g = fgetgrent(f))) {
		show("fgetgrent", g);
		n++;
	}
	printf("fgetgrent groups %d errno untouched %s\n", n, errno == 1234 ? "yes" : "no");
	fclose(f);

	/* 10,000 members, then a 100 KB password, then a short line. */
	size_t big = 100 * 1024;
	char *text = malloc(200000 + big);
	int len = sprintf(text, "many:x:100:");
	for (int i = 0; i < 10000; i++)
		len += sprintf(text + len, "%suser%d", i ? "," : "", i);
	len += sprintf(text + len, "\nlong:");
	memset(text + len, 'P', big);
	len += big;
	len += sprintf(text + len, ":101:x,y\nsmall:x:102:one\n");
	write_file(text, len);
	free(text);
	f = fopen(path, "r");
	while ((g = fgetgrent(f)))
		show("big file", g);
	fclose(f);
}

static void put(void)
{
	char *two[] = { "alice", "bob", 0 };
	char *none[] = { 0 };
	struct group a = { "staff", "x", 50, two };
	struct group b = { "empty", "", 0, none };
	struct group c = { "null", "*", 4294967295u, 0 };
	FILE *f = fopen(path, "w");
	check("putgrent two members", putgrent(&a, f) == 0);
	check("putgrent no members", putgrent(&b, f) == 0);
	check("putgrent null gr_mem", putgrent(&c, f) == 0);
	fclose(f);
	char buf[256];
	f = fopen(path, "r");
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = 0;
	printf("written:\n%s", buf);
	rewind(f);
	struct group *g;
	while ((g = fgetgrent(f)))
		show("read back", g);
	fclose(f);
}

static void real(void)
{
	errno = 1234;
	struct group *g = getgrgid(0);
	printf("getgrgid(0) %s errno untouched %s\n", g ? g->gr_name : "none", errno == 1234 ? "yes" : "no");
	g = getgrnam("root");
	printf("getgrnam(root) gid %u\n", g ? g->gr_gid : 9);
	errno = 1234;
	g = getgrnam("no-such-group-limpet");
	printf("getgrnam(no such) %s errno untouched %s\n", g ? "found" : "none", errno == 1234 ? "yes" : "no");

	struct group gr, *res;
	char buf[4096];
	static const size_t small[] = { 0, 1, 8, 12 };
	for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
		res = &gr;
		errno = 0;
		int r = getgrgid_r(0, &gr, buf, small[i], &res);
		printf("getgrgid_r(0, %zu bytes) %d result %s errno %d\n", small[i], r, res ? "set" : "null", errno);
		res = &gr;
		r = getgrnam_r("root", &gr, buf, small[i], &res);
		printf("getgrnam_r(root, %zu bytes) %d result %s\n", small[i], r, res ? "set" : "null");
	}
	int r = getgrgid_r(0, &gr, buf, sizeof buf, &res);
	printf("getgrgid_r(0) %d %s %s gid %u\n", r, res == &gr ? "gr" : "other", gr.gr_name, gr.gr_gid);
	res = &gr;
	errno = 1234;
	r = getgrnam_r("no-such-group-limpet", &gr, buf, sizeof buf, &res);
	printf("getgrnam_r(no such) %d result %s errno untouched %s\n", r, res ? "set" : "null", errno == 1234 ? "yes" : "no");

	char first[256] = "";
	int n1 = 0, n2 = 0, root = 0;
	errno = 1234;
	while ((g = getgrent())) {
		if (!n1++)
			snprintf(first, sizeof first, "%s", g->gr_name);
		root += g->gr_gid == 0 && !strcmp(g->gr_name, "root");
	}
	printf("getgrent root seen %d end errno untouched %s\n", root, errno == 1234 ? "yes" : "no");
	setgrent();
	g = getgrent();
	check("setgrent starts again", g && !strcmp(g->gr_name, first));
	endgrent();
	while ((g = getgrent()))
		n2++;
	check("endgrent then the same walk", n1 == n2);
	endgrent();
}

static const char ns_group[] =
	"root:x:0:\n"
	"users:x:100:alice,bob\n"
	"wheel:x:10:root,alice\n"
	"bad:x:-1:alice\n"
	"audio:x:29:bob,alice\n"
	"alicex:x:30:alicex\n"
	"audio2:x:29:alice\n"
	"video:x:44: alice\n";

static void grouplist(const char *user, gid_t primary, int room)
{
	gid_t groups[64];
	for (int i = 0; i < 64; i++)
		groups[i] = 999999;
	int n = room;
	int r = getgrouplist(user, primary, groups, &n);
	printf("getgrouplist(%s, %u, room %d) %d ngroups %d:", user, primary, room, r, n);
	for (int i = 0; i < room && i < 64; i++)
		printf(" %u", groups[i]);
	putchar('\n');
}

static void lookups(void)
{
	show("getgrnam(wheel)", getgrnam("wheel"));
	show("getgrgid(29)", getgrgid(29));
	show("getgrnam(audio2)", getgrnam("audio2"));
	show("getgrnam(bad)", getgrnam("bad"));
	show("getgrnam(many)", getgrnam("many"));
	show("getgrnam(after)", getgrnam("after"));
	struct group gr, *res;
	size_t size = 512 * 1024;
	char *buf = malloc(size);
	int r = getgrnam_r("many", &gr, buf, 1000, &res);
	printf("getgrnam_r(many, 1000 bytes) %d result %s\n", r, res ? "set" : "null");
	r = getgrnam_r("many", &gr, buf, size, &res);
	printf("getgrnam_r(many) %d ", r);
	show("", res);
	free(buf);

	grouplist("alice", 100, 10);
	grouplist("alice", 7, 10);
	grouplist("alice", 100, 0);
	grouplist("alice", 100, 1);
	grouplist("alice", 100, 3);
	grouplist("alice", 100, 5);
	grouplist("alice", 100, 6);
	grouplist("bob", 100, 4);
	grouplist("alicex", 30, 4);
	grouplist("nobody-here", 5, 2);
	grouplist("user9999", 1, 4);
	grouplist("", 1, 4);

	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		errno = 0;
		int r = initgroups("alice", 100);
		printf("initgroups(alice, 100) %d errno %d", r, r ? errno : 0);
		if (!r) {
			gid_t now[64];
			int n = getgroups(64, now);
			printf(" getgroups %d:", n);
			for (int i = 0; i < n; i++)
				printf(" %u", now[i]);
		}
		putchar('\n');
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
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
	char *text = malloc(sizeof ns_group + 200000);
	int len = sprintf(text, "%smany:x:1:", ns_group);
	for (int i = 0; i < 10000; i++)
		len += sprintf(text + len, "%suser%d", i ? "," : "", i);
	len += sprintf(text + len, "\nafter:x:2:user9999\n");
	write_file(text, len);
	free(text);
	if (mount(path, "/etc/group", 0, MS_BIND, 0)) {
		printf("SKIP: bind mount over /etc/group: errno %d\n", errno);
		return 0;
	}
	lookups();

	if (mount("tmpfs", "/etc", "tmpfs", 0, 0)) {
		printf("SKIP: tmpfs over /etc: errno %d\n", errno);
		return 0;
	}
	errno = 0;
	struct group *g = getgrgid(0);
	printf("no file: getgrgid %s errno %d\n", g ? "found" : "none", errno);
	struct group gr, *res = &gr;
	char buf[256];
	int r = getgrnam_r("root", &gr, buf, sizeof buf, &res);
	printf("no file: getgrnam_r %d result %s\n", r, res ? "set" : "null");
	errno = 0;
	g = getgrent();
	printf("no file: getgrent %s errno %d\n", g ? "found" : "none", errno);
	grouplist("alice", 100, 4);
	return 0;
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/limpet-grp-%d", (int)getpid());
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
