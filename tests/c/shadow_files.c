/* <shadow.h> against musl: fgetspent over a crafted file (empty numbers read as -1, the
 * flag field, which lines are malformed: too few or too many fields, signs, spaces, a CR,
 * a NUL, letters; an empty name; a 200 KB line), putspent's lines and a round trip (a
 * negative day count is written, and the line then does not read back); then,
 * in a child with a private mount namespace and a tmpfs over /etc, the lookups in a
 * crafted /etc/shadow of 5,000 users with malformed lines and a 200 KB line among them:
 * getspnam and getspnam_r at every buffer size from 0 up, the names musl refuses (EINVAL),
 * not-found, the tcb scheme's /etc/tcb/NAME/shadow (used first, a symlink refused), no
 * /etc/shadow at all, and a user who may not read it (EACCES). Where no namespace can be
 * made the child says SKIP and why.
 *
 * fgetspent is called until the end of the file and only the entries are printed: musl
 * returns null at a malformed line (and the entry after it at the next call), limpet skips
 * the line (shadow_walk checks that, and the walks, against glibc's output).
 *
 * Left out, because limpet reads these differently on purpose (components/users README,
 * "How /etc/shadow is read"; the Rust tests and shadow_walk cover them): a last line
 * without a newline and numbers past the field's range (musl drops the line, keeps the
 * value modulo 2^64); getspnam of a line longer than musl's static buffer (about 256
 * bytes: musl fails with ERANGE, limpet's record grows); a read error (musl: not found);
 * putspent of a name or password with ':' or a newline (musl writes it, limpet refuses);
 * getspnam_r's exact buffer size: musl needs at least strlen(name) + 100 bytes and the
 * line's length + 1, limpet the two strings and their NULs, so the program checks that the
 * first size that works lies between the two. */
#include "shadow_util.h"
#include <fcntl.h>
#include <shadow.h>
#include <sys/wait.h>

static void show(const char *what, const struct spwd *s)
{
	printf("%s ", what);
	if (!s) {
		printf("none\n");
		return;
	}
	field(s->sp_namp);
	field(s->sp_pwdp);
	printf(" %ld %ld %ld %ld %ld %ld %lu\n", s->sp_lstchg, s->sp_min, s->sp_max, s->sp_warn, s->sp_inact, s->sp_expire,
	       s->sp_flag);
}

static char path[64];

static const char crafted[] =
	"root:*:19000:0:99999:7:::\n"
	"\n"
	"# a comment\n"
	"all:$6$salt$hash:1:2:3:4:5:6:7\n"
	"empty:x:::::::\n"
	"::::::::\n"
	":x:1:2:3:4:5:6:7\n"
	"#c:x:1:2:3:4:5:6:7\n"
	" sp : x :1:2:3:4:5:6:\n"
	"zeros:x:007:0:0:0:0:0:0\n"
	"max:x:9223372036854775807:2:3:4:5:6:18446744073709551615\n"
	"eight:x:1:2:3:4:5:6\n"
	"ten:x:1:2:3:4:5:6:7:8\n"
	"colon:x:1:2:3:4:5:6:7:\n"
	"short:x::::::\n"
	"alone\n"
	"neg:x:-1:2:3:4:5:6:7\n"
	"negflag:x:1:2:3:4:5:6:-7\n"
	"space:x: 1:2:3:4:5:6:7\n"
	"space2:x:1 :2:3:4:5:6:7\n"
	"plus:x:+1:2:3:4:5:6:7\n"
	"hex:x:0x10:2:3:4:5:6:7\n"
	"letters:x:1a:2:3:4:5:6:7\n"
	"flagword:x:1:2:3:4:5:6:abc\n"
	"trail:x:1:2:3:4:5:6:7 \n"
	"crlf:x:1:2:3:4:5:6:7\r\n"
	"crlf2:x:1:2:3:4:5:6:\r\n"
	"dash:x:-:2:3:4:5:6:7\n"
	"nul:x:1:2:3:4:5:6:7\0junk\n"
	"nul2:x\0:1:2:3:4:5:6:7\n"
	"last:x:1:2:3:4:5:6:\n";

/* Every entry fgetspent finds in the file, to its end. */
static void read_all(const char *what)
{
	FILE *f = fopen(path, "r");
	struct spwd *s;
	int n = 0;
	while (!feof(f))
		if ((s = fgetspent(f))) {
			show(what, s);
			n++;
		}
	printf("%s entries %d\n", what, n);
	fclose(f);
}

static void files(void)
{
	write_file(path, crafted, sizeof crafted - 1);
	read_all("fgetspent");

	/* A 200 KB password between two short lines. */
	size_t big = 200 * 1024;
	char *text = malloc(big + 200);
	int len = sprintf(text, "a:x:1:2:3:4:5:6:7\nlong:");
	memset(text + len, 'P', big);
	len += big;
	len += sprintf(text + len, ":1:2:3:4:5:6:\nb:y:::::::\n");
	write_file(path, text, len);
	free(text);
	read_all("long file");
}

static void put(void)
{
	struct spwd all = { "name", "$6$s$h", 1, 2, 3, 4, 5, 6, 7 };
	struct spwd none = { "n", "", -1, -1, -1, -1, -1, -1, -1 };
	struct spwd odd = { "o", "!", -5, 0, -2, 9223372036854775807L, -9223372036854775807L - 1, 12, 0 };
	struct spwd big = { "b", "*", 1, 2, 3, 4, 5, 6, 18446744073709551614UL };
	struct spwd nopw = { "p", 0, 1, 2, 3, 4, 5, 6, 4294967295UL };
	FILE *f = fopen(path, "w");
	check("putspent", putspent(&all, f) == 0);
	check("putspent empty fields", putspent(&none, f) == 0);
	check("putspent negative days", putspent(&odd, f) == 0);
	check("putspent big flag", putspent(&big, f) == 0);
	check("putspent null password", putspent(&nopw, f) == 0);
	fclose(f);
	char buf[512];
	f = fopen(path, "r");
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = 0;
	printf("written:\n%s", buf);
	fclose(f);
	read_all("read back");
}

/* The shadow file of the namespace: user0..user4999 with malformed lines and a 200 KB
 * line among them, a malformed line and a duplicate of a name, a 258-byte name. */
static size_t long_len = 200 * 1024;
static char name258[259];

static void write_shadow(void)
{
	size_t cap = 5000 * 64 + long_len + 4096;
	char *text = malloc(cap);
	size_t len = 0;
	for (int i = 0; i < 5000; i++) {
		len += sprintf(text + len, "user%d:$6$salt%d$hash:%d:0:99999:7:::\n", i, i, 19000 + i);
		if (i % 1000 == 500)
			len += sprintf(text + len, "broken%d\nuser%d:x:-1:::::::\n# user%d\n", i, i + 1, i + 2);
		if (i == 2500) {
			len += sprintf(text + len, "long:");
			memset(text + len, 'L', long_len);
			len += long_len;
			len += sprintf(text + len, ":1:2:3:4:5:6:\n");
		}
	}
	memset(name258, 'n', 258);
	len += sprintf(text + len, "dup:first:1::::::\ndup:second:2::::::\n%s:long-name:3::::::\n", name258);
	write_file("/etc/shadow", text, len);
	free(text);
}

static char *buf;
static const size_t buf_size = 300 * 1024;
/* A byte getspnam_r must not write past the size it is given. */
static const char canary = 0x5a;

/* getspnam_r(name) at every size from 0 up to the first that works (or `last`): ERANGE
 * with a null result, errno ERANGE and nothing written from buf[size] on until then; the
 * first size that works lies between the record's strings and musl's bound. */
static void every_size(const char *name, size_t last)
{
	struct spwd sp, *res;
	size_t size;
	int r = -1, bad = 0;
	for (size = 0; size <= last; size++) {
		memset(buf, canary, size + 16);
		res = &sp;
		errno = 1234;
		r = getspnam_r(name, &sp, buf, size, &res);
		for (size_t i = size; i < size + 16; i++)
			bad += buf[i] != canary;
		if (r != ERANGE)
			break;
		bad += res != 0 || errno != ERANGE;
	}
	if (r) {
		printf("getspnam_r(%.20s) sizes 0..%zu: %d errno %d, bad %d\n", name, last, r, errno, bad);
		return;
	}
	size_t need = strlen(sp.sp_namp) + 1 + strlen(sp.sp_pwdp) + 1;
	/* musl's: strlen(name) + 100, or the line's length + 1 when that is more; the
	 * numbers and colons of these lines take less than 64 bytes. */
	size_t musl = strlen(name) + 100;
	size_t line = strlen(name) + strlen(sp.sp_pwdp) + 64;
	if (musl < line)
		musl = line;
	printf("getspnam_r(%.20s) every size: ERANGE below the first that works %s, that size fits the record %s and musl's bound %s, errno untouched %s, ",
	       name, bad ? "FAIL" : "ok", size >= need ? "ok" : "FAIL", size <= musl ? "ok" : "FAIL", errno == 1234 ? "yes" : "no");
	show("entry", res);
	fails += bad || size < need || size > musl;
}

static void lookups(void)
{
	show("getspnam(user0)", getspnam("user0"));
	show("getspnam(user2501)", getspnam("user2501"));
	show("getspnam(user4999)", getspnam("user4999"));
	show("getspnam(user501)", getspnam("user501"));
	show("getspnam(user502)", getspnam("user502"));
	show("getspnam(dup)", getspnam("dup"));
	errno = 1234;
	struct spwd *s = getspnam("nobody-here");
	printf("getspnam(nobody-here) %s errno untouched %s\n", s ? "found" : "none", errno == 1234 ? "yes" : "no");
	s = getspnam("broken500");
	printf("getspnam(broken500) %s\n", s ? "found" : "none");

	every_size("user0", 4096);
	every_size("user4999", 4096);
	every_size("user1501", 4096);
	every_size("dup", 4096);

	struct spwd sp, *res;
	/* The 200 KB entry: too small buffers, then one large enough for musl too. */
	static const size_t small[] = { 0, 1, 100, 1000, 100000 };
	for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
		res = &sp;
		int r = getspnam_r("long", &sp, buf, small[i], &res);
		printf("getspnam_r(long, %zu bytes) %d result %s\n", small[i], r, res ? "set" : "null");
	}
	int r = getspnam_r("long", &sp, buf, buf_size, &res);
	printf("getspnam_r(long) %d ", r);
	show("", r ? 0 : res);
	r = getspnam_r(name258, &sp, buf, 1000, &res);
	printf("getspnam_r(258-byte name) %d ", r);
	show("", r ? 0 : res);
	res = &sp;
	errno = 1234;
	r = getspnam_r("nobody-here", &sp, buf, 1000, &res);
	printf("getspnam_r(nobody-here) %d result %s errno untouched %s\n", r, res ? "set" : "null", errno == 1234 ? "yes" : "no");

	/* Names musl refuses. */
	char name259[260];
	memset(name259, 'n', 259);
	name259[259] = 0;
	const char *bad[] = { "", ".", "..", ".hidden", "a/b", "/etc/shadow", "../../shadow", name259 };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		res = &sp;
		errno = 0;
		r = getspnam_r(bad[i], &sp, buf, 1000, &res);
		printf("getspnam_r(%.12s) %d result %s errno %d\n", bad[i], r, res ? "set" : "null", errno);
		if (i + 1 < sizeof bad / sizeof *bad) {
			errno = 0;
			s = getspnam(bad[i]);
			printf("getspnam(%.12s) %s errno %d\n", bad[i], s ? "found" : "none", errno);
		}
	}
	/* Names that are fine. */
	const char *fine[] = { "a.", "-", "a b", "a:b" };
	for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
		res = &sp;
		errno = 1234;
		r = getspnam_r(fine[i], &sp, buf, 1000, &res);
		printf("getspnam_r(%s) %d result %s errno %d\n", fine[i], r, res ? "set" : "null", errno);
	}
}

static void mkfile(const char *name, const char *text)
{
	write_file(name, text, strlen(text));
}

static void look(const char *what, const char *name)
{
	errno = 1234;
	struct spwd *s = getspnam(name);
	printf("%s: getspnam %s errno %d\n", what, s ? s->sp_pwdp : "none", errno);
	struct spwd sp, *res = &sp;
	errno = 1234;
	int r = getspnam_r(name, &sp, buf, 1000, &res);
	printf("%s: getspnam_r %d %s errno %d\n", what, r, res ? res->sp_pwdp : "null", errno);
}

static void tcb(void)
{
	mkfile("/etc/shadow", "u1:MAIN1:1::::::\nu2:MAIN2:2::::::\nu3:MAIN3:3::::::\nu4:MAIN4:4::::::\n"
			      "u5:MAIN5:5::::::\nu6:MAIN6:6::::::\n");
	look("no tcb", "u1");
	mkdir("/etc/tcb", 0755);
	mkdir("/etc/tcb/u1", 0755);
	mkfile("/etc/tcb/u1/shadow", "u1:TCB1:9::::::\n");
	look("tcb file", "u1");
	mkdir("/etc/tcb/u2", 0755);
	mkfile("/etc/tcb/u2/shadow", "other:TCB2:9::::::\n");
	look("tcb file of another name", "u2");
	mkdir("/etc/tcb/u3", 0755);
	look("empty tcb directory", "u3");
	mkfile("/etc/tcb/u4", "not a directory");
	look("tcb file in place of the directory", "u4");
	mkdir("/etc/tcb/u5", 0755);
	if (symlink("/etc/shadow", "/etc/tcb/u5/shadow"))
		printf("symlink: errno %d\n", errno);
	look("tcb symlink", "u5");
	mkdir("/etc/tcb/u6", 0755);
	mkfile("/etc/tcb/u6/shadow", "u6:bad\nu6:TCB6:6::::::\nu6:SECOND:6::::::\n");
	look("tcb malformed line then two entries", "u6");
}

static void unreadable(void)
{
	/* A user who may not read /etc/shadow (mode 0600, root's). */
	mkfile("/etc/shadow", "root:*:1::::::\n");
	chmod("/etc/shadow", 0600);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (setgid(65534) || setuid(65534)) {
			printf("SKIP: setuid: errno %d\n", errno);
			fflush(stdout);
			_exit(0);
		}
		look("not readable", "root");
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("unreadable child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void in_namespace(void)
{
	if (!private_etc())
		return;
	write_shadow();
	lookups();
	tcb();
	unreadable();
	unlink("/etc/shadow");
	look("no /etc/shadow", "u3");
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/limpet-shadow-%d", (int)getpid());
	buf = malloc(buf_size + 64);
	files();
	put();
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		in_namespace();
		fflush(stdout);
		_exit(fails != 0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	unlink(path);
	free(buf);
	return fails != 0;
}
