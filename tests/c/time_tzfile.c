/* Hand-made TZif files in /tmp, loaded through TZ=/absolute/path: a version-2 file whose
 * footer rule takes over after its last transition, one with no transitions, a DST-only
 * one with an empty footer, and files that are not TZif at all (the zone falls back to
 * UTC). No version-1 file: musl 1.2.3 reads one as if it were version 2 (past its end),
 * which limpet does not imitate; the Rust tests cover limpet's version-1 reading. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static unsigned char buf[1024];
static size_t len;

static void put32(long v)
{
	buf[len++] = v >> 24;
	buf[len++] = v >> 16;
	buf[len++] = v >> 8;
	buf[len++] = v;
}

static void put64(long long v)
{
	put32(v >> 32);
	put32(v & 0xffffffff);
}

static void header(char version, int timecnt, int typecnt, int charcnt)
{
	memcpy(buf + len, "TZif", 4);
	buf[len + 4] = version;
	memset(buf + len + 5, 0, 15);
	len += 20;
	put32(0);
	put32(0);
	put32(0);
	put32(timecnt);
	put32(typecnt);
	put32(charcnt);
}

static const long long trans[] = { 1000000000, 1010000000, 1020000000, 1030000000 };

/* Two types: 0 = AST -5h standard, 1 = ADT -4h DST, alternating from the first transition. */
static void body(int dst_only)
{
	for (int i = 0; i < 4; i++) {
		put64(trans[i]);
	}
	for (int i = 0; i < 4; i++) buf[len++] = dst_only ? 0 : !(i & 1);
	put32(dst_only ? -14400 : -18000);
	buf[len++] = dst_only;
	buf[len++] = 0;
	put32(-14400);
	buf[len++] = 1;
	buf[len++] = 4;
	memcpy(buf + len, "AST\0ADT\0", 8);
	len += 8;
}

static char path[64];
static int serial;

/* Each file gets its own name: musl re-reads a zone only when TZ changes, and it maps
 * the file, so rewriting one file in place would change the zone under it. */
static void use(const char *what)
{
	snprintf(path, sizeof path, "/tmp/limpet-tzfile-%d-%d", (int)getpid(), serial++);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	write(fd, buf, len);
	close(fd);
	static char env0[80];
	static char *env[2];
	snprintf(env0, sizeof env0, "TZ=%s", path);
	env[0] = env0;
	environ = env;
	tzset();
	printf("== %s: tzname %s/%s timezone %ld daylight %d\n", what, tzname[0], tzname[1], timezone, daylight);
	static const long long times[] = { 0, 999999999, 1000000000, 1005000000, 1010000000, 1015000000,
		1029999999, 1030000000, 1040000000, 1060000000, 1070000000, -3000000000LL, 5000000000LL };
	for (unsigned i = 0; i < sizeof times / sizeof *times; i++) {
		time_t t = times[i];
		struct tm tm;
		char out[64];
		localtime_r(&t, &tm);
		strftime(out, sizeof out, "%F %T %Z %z", &tm);
		struct tm back = tm;
		back.tm_isdst = -1;
		time_t m = mktime(&back);
		printf("  %lld: %s isdst %d mktime %lld\n", (long long)t, out, tm.tm_isdst, (long long)m);
	}
	len = 0;
	unlink(path);
}

int main(void)
{
	header('2', 0, 0, 0);
	header('2', 4, 2, 8);
	body(0);
	memcpy(buf + len, "\nXST3XDT,M3.2.0,M11.1.0\n", 24);
	len += 24;
	use("v2 with footer");

	header('2', 0, 0, 0);
	header('2', 0, 1, 4);
	put32(19800);
	buf[len++] = 0;
	buf[len++] = 0;
	memcpy(buf + len, "IST\0\n<+0530>-5:30\n", 18);
	len += 18;
	use("v2 no transitions");

	header('3', 0, 0, 0);
	header('3', 4, 2, 8);
	body(1);
	memcpy(buf + len, "\n\n", 2);
	len += 2;
	use("v3 empty footer");

	memcpy(buf, "not a zone file at all, just some text that is long enough\n", 60);
	len = 60;
	use("text");

	memcpy(buf, "TZif2", 5);
	len = 20;
	use("short");

	return 0;
}
