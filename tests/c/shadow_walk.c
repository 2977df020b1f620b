/* <shadow.h> where musl lacks the behaviour or reads lines wrongly, so the output is
 * compared with shadow_walk.expected, glibc 2.36's output of this same program (gcc, in
 * the same namespace), with which limpet agrees on every line:
 * - getspent, setspent, endspent walk /etc/shadow (musl's getspent returns nothing);
 * - fgetspent skips a malformed line and returns the next entry (musl returns null at it,
 *   which ends a `while ((s = fgetspent(f)))` loop there);
 * - a last line without a newline is an entry (musl drops it);
 * - numbers past the field's range make the line malformed (musl keeps them modulo 2^64);
 * - getspnam returns an entry of any length (musl's static buffer holds about 256 bytes and
 *   fails with ERANGE past it);
 * - putspent refuses, with EINVAL and writing nothing, a name or password with ':' or a
 *   newline, which would read back as other entries (musl writes them).
 * The lines chosen are ones glibc and limpet both read (glibc also takes a line of eight
 * fields, signs and spaces in numbers, skips lines that start with '#' and reads a line up
 * to a NUL; musl and limpet do not), the names have no tcb file (glibc has no tcb scheme),
 * and errno is not printed at the end of the walk (glibc sets it, musl and limpet do not).
 * /etc/shadow is a crafted file in a private mount namespace: 3,000 users, malformed lines
 * and a 100 KB line among them. Where no namespace can be made the child says SKIP. */
#include "shadow_util.h"
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

static const char crafted[] =
	"first:x:1:2:3:4:5:6:7\n"
	"\n"
	"alone\n"
	"ten:x:1:2:3:4:5:6:7:8\n"
	"neg:x:-1:2:3:4:5:6:7\n"
	"huge:x:99999999999999999999:2:3:4:5:6:7\n"
	"hugeflag:x:1:2:3:4:5:6:18446744073709551616\n"
	"letters:x:1a:2:3:4:5:6:7\n"
	"second:y:::::::\n"
	"last:x:1:2:3:4:5:6:78";

static char path[64];

static void stream(void)
{
	write_file(path, crafted, sizeof crafted - 1);
	FILE *f = fopen(path, "r");
	struct spwd *s;
	int n = 0;
	while ((s = fgetspent(f))) {
		show("fgetspent", s);
		n++;
	}
	printf("fgetspent entries %d\n", n);
	fclose(f);

	struct spwd colon = { "a:b", "p", 1, 2, 3, 4, 5, 6, 7 };
	struct spwd newline = { "a", "p\nroot::0:::::", 1, 2, 3, 4, 5, 6, 7 };
	f = fopen(path, "w");
	errno = 0;
	int r = putspent(&colon, f);
	printf("putspent(name with ':') %d errno %d\n", r, errno);
	errno = 0;
	r = putspent(&newline, f);
	printf("putspent(password with a newline) %d errno %d\n", r, errno);
	fclose(f);
	f = fopen(path, "r");
	printf("written bytes %ld\n", fseek(f, 0, SEEK_END) ? -1L : ftell(f));
	fclose(f);
}

static void walk(void)
{
	size_t big = 100 * 1024;
	char *text = malloc(3000 * 48 + big + 256);
	size_t len = 0;
	for (int i = 0; i < 3000; i++) {
		len += sprintf(text + len, "user%d:$y$j9T$%d:%d:0:99999:7:::\n", i, i, 19000 + i);
		if (i % 1000 == 10)
			len += sprintf(text + len, "bad%d\nuser%d:x:-5::::::\n", i, i);
		if (i == 1500) {
			len += sprintf(text + len, "long:");
			memset(text + len, 'L', big);
			len += big;
			len += sprintf(text + len, ":1:2:3:4:5:6:\n");
		}
	}
	len += sprintf(text + len, "end:x:1:2:3:4:5:6:9");
	write_file("/etc/shadow", text, len);
	free(text);

	struct spwd *s;
	int n = 0;
	while ((s = getspent())) {
		if (n < 2 || !strcmp(s->sp_namp, "long") || !strcmp(s->sp_namp, "end") || !strcmp(s->sp_namp, "user1011"))
			show("getspent", s);
		n++;
	}
	printf("getspent entries %d\n", n);
	printf("getspent after the end %s\n", getspent() ? "found" : "none");
	setspent();
	show("after setspent", getspent());
	show("then", getspent());
	endspent();
	show("after endspent", getspent());
	endspent();

	show("getspnam(long)", getspnam("long"));
	show("getspnam(end)", getspnam("end"));
	show("getspnam(user1010)", getspnam("user1010"));
}

int main(void)
{
	snprintf(path, sizeof path, "/tmp/limpet-shadow-walk-%d", (int)getpid());
	stream();
	unlink(path);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (private_etc())
			walk();
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return 0;
}
