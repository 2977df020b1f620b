/* gettext of one of 1,000 messages in a catalog with a hash table, for the locale's name
 * as it stands (no fallback to a shorter variant). The set-up writes the catalog (the
 * GNU .mo format, little-endian, with the hash table msgfmt would write: hashpjw, double
 * hashing) under /tmp, loads it with one lookup and removes the file again (every libc
 * keeps its mapping). musl and limpet take the locale "xx_XX"; glibc knows no such locale,
 * so it runs in C.UTF-8 with LANGUAGE=xx_XX, which it consults there (musl ignores it). */
#include <fcntl.h>
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "bench.h"

enum { N = 1000, HASH = 1361, ID_LEN = 12, STR_LEN = 14 };

static char ids[N][ID_LEN + 1];
static char dir[64], sub1[96], sub2[128], file[160];
static unsigned char mo[28 + 16 * (N + 1) + 4 * HASH + (N + 1) * (ID_LEN + STR_LEN + 2)];

static void put32(unsigned char *p, unsigned v)
{
	p[0] = v, p[1] = v >> 8, p[2] = v >> 16, p[3] = v >> 24;
}

static unsigned hashpjw(const char *s)
{
	unsigned h = 0;
	for (; *s; s++) {
		h = (h << 4) + (unsigned char)*s;
		unsigned g = h & 0xf0000000u;
		if (g)
			h ^= g >> 24, h ^= g;
	}
	return h;
}

/* Writes DIGITS decimal digits of V at P. */
static void digits(char *p, unsigned v, int n)
{
	for (int k = n - 1; k >= 0; k--, v /= 10)
		p[k] = '0' + v % 10;
}

static void build(void)
{
	/* Strings: "" then "message 0000".."message 0999" (sorted), translated to
	 * "Nachricht 0000"...; the header entry's translation is empty. */
	unsigned orig = 28, trans = orig + 8 * (N + 1), hash = trans + 8 * (N + 1), at = hash + 4 * HASH;
	put32(mo, 0x950412de);
	put32(mo + 8, N + 1);
	put32(mo + 12, orig);
	put32(mo + 16, trans);
	put32(mo + 20, HASH);
	put32(mo + 24, hash);
	for (int i = 0; i <= N; i++) {
		char id[ID_LEN + 1] = "", str[STR_LEN + 1] = "";
		if (i > 0) {
			memcpy(id, "message ", 8);
			digits(id + 8, i - 1, 4);
			id[ID_LEN] = 0;
			memcpy(ids[i - 1], id, ID_LEN + 1);
			memcpy(str, "Nachricht ", 10);
			digits(str + 10, i - 1, 4);
			str[STR_LEN] = 0;
		}
		size_t il = strlen(id), sl = strlen(str);
		put32(mo + orig + 8 * i, il);
		put32(mo + orig + 8 * i + 4, at);
		memcpy(mo + at, id, il + 1);
		at += il + 1;
		put32(mo + trans + 8 * i, sl);
		put32(mo + trans + 8 * i + 4, at);
		memcpy(mo + at, str, sl + 1);
		at += sl + 1;
		unsigned h = hashpjw(id), slot = h % HASH, step = 1 + h % (HASH - 2);
		while (mo[hash + 4 * slot] | mo[hash + 4 * slot + 1])
			slot = slot >= HASH - step ? slot - (HASH - step) : slot + step;
		put32(mo + hash + 4 * slot, i + 1);
	}
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, mo, at) != (ssize_t)at || close(fd) != 0)
		bench_fail("cannot write the catalog");
}

static void cat3(char *out, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	memcpy(out, a, la);
	memcpy(out + la, b, lb + 1);
}

static void bench_setup(const char *arg)
{
	(void)arg;
	char pid[16];
	digits(pid, (unsigned)getpid() % 100000000u, 8);
	pid[8] = 0;
	cat3(dir, "/tmp/bench-gettext-", pid);
	cat3(sub1, dir, "/xx_XX");
	cat3(sub2, sub1, "/LC_MESSAGES");
	cat3(file, sub2, "/bench.mo");
	if (mkdir(dir, 0700) || mkdir(sub1, 0700) || mkdir(sub2, 0700))
		bench_fail("mkdir failed");
	build();
	if (!setlocale(LC_ALL, "xx_XX")) {
		setenv("LANGUAGE", "xx_XX", 1);
		setlocale(LC_ALL, "C.UTF-8");
	}
	bindtextdomain("bench", dir);
	textdomain("bench");
	const char *t = gettext(ids[123]);
	int ok = strcmp(t, "Nachricht 0123") == 0;
	unlink(file);
	rmdir(sub2);
	rmdir(sub1);
	rmdir(dir);
	if (!ok)
		bench_fail("no translation");
}

static void bench_op(long i)
{
	char *t = gettext(ids[(i * 7) % N]);
	BENCH_KEEP(t);
}
