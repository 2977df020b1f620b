/* <arpa/inet.h> without a network: byte order, the old inet_addr/inet_aton forms (one to four
 * parts, hex and octal, per-part overflow, trailing junk), inet_ntoa, inet_network,
 * inet_makeaddr/inet_lnaof/inet_netof (s_addr in network order, as BSD and glibc have it:
 * musl 1.2.3 takes and gives it in host order there, so net_inet.expected holds glibc's lines
 * for those and musl's output everywhere else),
 * inet_pton/inet_ntop for AF_INET and AF_INET6 over tables of valid and invalid text, musl's
 * choice of the zero run ntop compresses (the longest in characters, so a run in the middle
 * beats an equally long one at either end; the first of equal ones; never a single group),
 * ENOSPC and EAFNOSUPPORT, in6addr_any/in6addr_loopback, and a generated section: pseudo-random
 * addresses through ntop and back and random text through pton, with a hash of every result
 * so the exact formatting is compared. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

/* Prints how a legacy result compares, without counting it: musl's differ (see legacy()), and
 * the exit status must match musl's. */
static void compare(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "differs");
}

static void checks(const char *what, const char *got, const char *want)
{
	int ok = got && strcmp(got, want) == 0;
	printf("%s [%s] %s\n", what, got ? got : "(null)", ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

/* Through volatile pointers so the library's functions are what runs. */
static uint32_t (*volatile p_htonl)(uint32_t) = htonl;
static uint16_t (*volatile p_htons)(uint16_t) = htons;
static uint32_t (*volatile p_ntohl)(uint32_t) = ntohl;
static uint16_t (*volatile p_ntohs)(uint16_t) = ntohs;

static void hexbytes(char *out, const void *p, int n)
{
	const unsigned char *b = p;
	for (int i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

static void byteorder(void)
{
	uint32_t l = p_htonl(0x01020304);
	uint16_t s = p_htons(0x0102);
	char h[16];
	hexbytes(h, &l, 4);
	checks("htonl bytes", h, "01020304");
	hexbytes(h, &s, 2);
	checks("htons bytes", h, "0102");
	unsigned char raw[4] = { 0xde, 0xad, 0xbe, 0xef };
	uint32_t r;
	memcpy(&r, raw, 4);
	check("ntohl", p_ntohl(r), 0xdeadbeef);
	uint16_t r2;
	memcpy(&r2, raw, 2);
	check("ntohs", p_ntohs(r2), 0xdead);
	check("htonl round trip", p_ntohl(p_htonl(0x89abcdef)), 0x89abcdef);
	check("htons round trip", p_ntohs(p_htons(0xfedc)), 0xfedc);
	check("htons high bits", p_htons(0x12345678 & 0xffff), 0x7856);
}

/* inet_aton: what it returns and the four bytes it leaves (musl writes the leading parts before
 * it finds an overflowing later one). */
static const char *const aton_in[] = {
	"127.0.0.1", "0.0.0.0", "255.255.255.255", "1.2.3.4", "1", "0", "16909060", "4294967295",
	"4294967296", "18446744073709551615", "18446744073709551616", "1.2", "1.65535", "1.16777215",
	"1.16777216", "1.2.3", "1.2.65535", "1.2.65536", "1.2.256.4", "256.1.1.1", "1.2.3.256",
	"0x7f.1", "0x7F000001", "0X7f000001", "0xff.0xff.0xff.0xff", "0x100.0.0.0", "0377.0.0.1",
	"0400.0.0.1", "010.010.010.010", "08", "09.1.1.1", "1.08", "0x", "0x.1", "0xg", "0x1g",
	"00000000001.1", "0000000000000000000000000000000000000000000001.2",
	"0x00000000000000000000000000000000000000000ff.1", "", ".", "..", "...", "....", ".1",
	"1.", "1..2", "1.2.3.", "1.2.3.4.", "1.2.3.4.5", " 1.2.3.4", "1.2.3.4 ", "1.2.3.4\t",
	"1.2.3.4\n", "1.2.3.4 junk", "1.2.3.4x", "1 .2.3.4", "1. 2.3.4", "+1", "-1", "1.-1",
	"1.+2", "1.2.3.-0", "a.b.c.d", "1e3", "0.0.0.0x10", "1.0x", "01.02.03.04", "0.0.0.00",
	"192.168.1", "10.1", "3232235777", "0xc0a80101", "030052000401",
};

static void aton(void)
{
	int n = 0, bad = 0;
	for (size_t i = 0; i < sizeof aton_in / sizeof *aton_in; i++) {
		struct in_addr a;
		memset(&a, 0x55, sizeof a);
		int r = inet_aton(aton_in[i], &a);
		char h[16];
		hexbytes(h, &a, 4);
		char vis[80];
		int k = 0;
		for (const char *s = aton_in[i]; *s && k < 70; s++)
			k += *s == '\n' ? sprintf(vis + k, "\\n") : *s == '\t' ? sprintf(vis + k, "\\t")
			                                                   : sprintf(vis + k, "%c", *s);
		vis[k] = 0;
		printf("inet_aton [%s] %d %s\n", vis, r, h);
		in_addr_t x = inet_addr(aton_in[i]);
		/* inet_addr is inet_aton's value, or all ones. */
		if (r ? x != a.s_addr : x != INADDR_NONE) {
			printf("  inet_addr disagrees FAIL\n");
			bad++;
		}
		in_addr_t y = inet_network(aton_in[i]);
		if (y != p_ntohl(x)) {
			printf("  inet_network %08lx FAIL\n", (unsigned long)y);
			bad++;
		}
		n++;
	}
	printf("aton cases %d bad %d\n", n, bad);
	fails += bad;
	check("inet_addr none", inet_addr("255.255.255.255"), INADDR_NONE);
	check("inet_addr bad", inet_addr("1.2.3.4.5"), INADDR_NONE);
	check("inet_addr loopback", inet_addr("127.0.0.1"), (long)p_htonl(0x7f000001));
	check("inet_network 1.2", inet_network("1.2"), 0x01000002);
	check("inet_network 10", inet_network("10"), 10);
	check("inet_network 0x10.1", inet_network("0x10.1"), 0x10000001);
	check("inet_network bad", inet_network("x"), (long)INADDR_NONE);
}

static void ntoa(void)
{
	struct in_addr a;
	a.s_addr = p_htonl(0x7f000001);
	char *s1 = inet_ntoa(a);
	checks("inet_ntoa loopback", s1, "127.0.0.1");
	a.s_addr = 0xffffffff;
	checks("inet_ntoa all ones", inet_ntoa(a), "255.255.255.255");
	a.s_addr = 0;
	char *s2 = inet_ntoa(a);
	checks("inet_ntoa zero", s2, "0.0.0.0");
	check("inet_ntoa one static buffer", s1 == s2, 1);
	a.s_addr = p_htonl(0x0a00ff01);
	checks("inet_ntoa 10.0.255.1", inet_ntoa(a), "10.0.255.1");
}

/* Legacy class arithmetic. s_addr is in network order, as for every other function here;
 * musl's inet_makeaddr, inet_lnaof and inet_netof treat it as host order, which is wrong on a
 * little-endian machine (the address they make is the bytes reversed), so these lines are
 * glibc's in net_inet.expected. */
static void legacy(void)
{
	static const struct {
		uint32_t net, host;
	} mk[] = {
		{ 10, 0x020304 }, { 127, 1 }, { 0x8001, 0x0304 }, { 0xac10, 0x0001 }, { 0xc00102, 4 },
		{ 0xc0a801, 0xff }, { 0, 0 }, { 255, 0xffffff }, { 0x10000, 5 },
	};
	for (size_t i = 0; i < sizeof mk / sizeof *mk; i++) {
		struct in_addr a = inet_makeaddr(mk[i].net, mk[i].host);
		printf("inet_makeaddr %lx %lx -> %08lx lnaof %lx netof %lx\n", (unsigned long)mk[i].net,
		       (unsigned long)mk[i].host, (unsigned long)ntohl(a.s_addr), (unsigned long)inet_lnaof(a),
		       (unsigned long)inet_netof(a));
	}
	static const uint32_t v[] = { 0x0a020304, 0x7f000001, 0x80010304, 0xbfffffff, 0xc0a80101,
		                      0xdf000001, 0xe0000001, 0xffffffff, 0, 0x04030201 };
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		struct in_addr a = { htonl(v[i]) };
		printf("s_addr %08lx lnaof %lx netof %lx\n", (unsigned long)v[i],
		       (unsigned long)inet_lnaof(a), (unsigned long)inet_netof(a));
	}
	struct in_addr a = inet_makeaddr(10, 0x020304);
	compare("makeaddr class A", ntohl(a.s_addr), 0x0a020304);
	compare("lnaof class A", inet_lnaof(a), 0x020304);
	compare("netof class A", inet_netof(a), 10);
	a = inet_makeaddr(0xc0a801, 0x05);
	compare("makeaddr class C", ntohl(a.s_addr), 0xc0a80105);
	compare("netof class C", inet_netof(a), 0xc0a801);
}

static const char *const pton4_in[] = {
	"127.0.0.1", "0.0.0.0", "255.255.255.255", "1.2.3.4", "192.168.100.200", "01.2.3.4",
	"1.2.3.04", "1.2.3.00", "00.0.0.0", "0.0.0.010", "1.2.3.256", "256.1.1.1", "999.1.1.1",
	"1.2.3.1000", "1.2.3.0255", "1.2.3", "1.2", "1", "", "1.2.3.4.", "1.2.3.4.5", ".1.2.3",
	"1..2.3", "1.2.3.4 ", " 1.2.3.4", "1.2.3.4x", "0x1.2.3.4", "1.2.3.a", "1.2.3.-1",
	"1.2.3.+1", "1.2.3.4\n", "255.255.255.2555", "25.5.5.5", "2.55.255.25",
};

static const char *const pton6_in[] = {
	"::", "::1", "1::", "1::1", "::0", "0::0", "0:0:0:0:0:0:0:0", "1:2:3:4:5:6:7:8",
	"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "FFFF:ABCD:Ef01:0:0:0:0:1", "fe80::1",
	"fe80::0202:b3ff:fe1e:8329", "2001:db8::ff00:42:8329", "2001:0db8:0000:0000:0000:ff00:0042:8329",
	"::ffff:1.2.3.4", "::ffff:127.0.0.1", "::1.2.3.4", "::0.0.0.0", "1:2:3:4:5:6:1.2.3.4",
	"1::5:6:1.2.3.4", "1:2:3:4:5::1.2.3.4", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7::",
	"1:2:3::5:6:7:8", "::2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:1.2.3.4",
	"1::1.2.3.4:5", "::1.2.3.4:5", "::1.2.3", "::1.2.3.4.5", "::01.2.3.4", "::1.2.3.256",
	"::ffff:1.2.3.04", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::",
	"::1:2:3:4:5:6:7:8", "1::2::3", ":::", "::::", ":", "", "1:", ":1", "1:::2", "1::2:",
	":1::2", "12345::", "::12345", "01234::", "1:2:3:4:5:6:7:08", "0000:0000::0000",
	"00000::", "g::", "::g", "1::G", " ::1", "::1 ", "::1%eth0", "[::1]", "::-1", "::+1",
	"1.2.3.4", "::ffff:1.2.3.4x", "::ffff:1.2.3.", "1:2:3:4:5:6:7:8.", "::1.", "::.1.2.3",
	"1:2:3:4:5:6:7:8:", "a:b:c:d:e:f:a:b", "A:B:C:D:E:F:0:1", "abcd::ef01:2345:6789",
	"::ffff:0:0", "::ffff:0.0.0.0", "64:ff9b::192.0.2.33", "1:0:0:2::3", "0:0:1::",
	"1:2:3:4:5:6:7:8:1.2.3.4", "1:2:3:4:5:6::1.2.3.4", "::1.2.3.4::", "1::1.2.3.4",
};

static void pton(void)
{
	for (size_t i = 0; i < sizeof pton4_in / sizeof *pton4_in; i++) {
		unsigned char b[4];
		memset(b, 0x55, sizeof b);
		int r = inet_pton(AF_INET, pton4_in[i], b);
		char h[16] = "-";
		if (r == 1)
			hexbytes(h, b, 4);
		const char *s = pton4_in[i];
		size_t n = strlen(s);
		printf("pton4 [%.*s%s] %d %s\n", (int)(n && s[n - 1] == '\n' ? n - 1 : n), s,
		       n && s[n - 1] == '\n' ? "\\n" : "", r, h);
	}
	int n6 = 0, ok6 = 0;
	for (size_t i = 0; i < sizeof pton6_in / sizeof *pton6_in; i++) {
		unsigned char b[16];
		memset(b, 0x55, sizeof b);
		int r = inet_pton(AF_INET6, pton6_in[i], b);
		char h[40] = "-", back[64] = "-";
		if (r == 1) {
			hexbytes(h, b, 16);
			if (!inet_ntop(AF_INET6, b, back, sizeof back))
				strcpy(back, "ntop failed");
			ok6++;
		}
		printf("pton6 [%s] %d %s %s\n", pton6_in[i], r, h, back);
		n6++;
	}
	printf("pton6 cases %d accepted %d\n", n6, ok6);
	unsigned char b[16];
	errno = 0;
	check("pton AF_UNIX", inet_pton(AF_UNIX, "1.2.3.4", b), -1);
	check("pton AF_UNIX errno", errno, EAFNOSUPPORT);
	errno = 0;
	check("pton family 12345", inet_pton(12345, "::", b), -1);
	check("pton family 12345 errno", errno, EAFNOSUPPORT);
	errno = 0;
	check("pton bad text keeps errno", inet_pton(AF_INET6, "x", b), 0);
	check("pton bad text errno", errno, 0);
}

static void ntop6(const char *what, const unsigned short g[8], const char *want)
{
	unsigned char b[16];
	for (int i = 0; i < 8; i++) {
		b[2 * i] = g[i] >> 8;
		b[2 * i + 1] = g[i];
	}
	char out[INET6_ADDRSTRLEN];
	checks(what, inet_ntop(AF_INET6, b, out, sizeof out), want);
}

static void ntop(void)
{
	static const struct {
		const char *what;
		unsigned short g[8];
		const char *want;
	} t[] = {
		{ "ntop all zero", { 0 }, "::" },
		{ "ntop loopback", { 0, 0, 0, 0, 0, 0, 0, 1 }, "::1" },
		{ "ntop trailing run", { 1, 0, 0, 0, 0, 0, 0, 0 }, "1::" },
		{ "ntop no zero", { 1, 2, 3, 4, 5, 6, 7, 8 }, "1:2:3:4:5:6:7:8" },
		{ "ntop single zero middle", { 1, 2, 3, 0, 5, 6, 7, 8 }, "1:2:3:0:5:6:7:8" },
		{ "ntop single zero first", { 0, 2, 3, 4, 5, 6, 7, 8 }, "0:2:3:4:5:6:7:8" },
		{ "ntop single zero last", { 1, 2, 3, 4, 5, 6, 7, 0 }, "1:2:3:4:5:6:7:0" },
		{ "ntop two zeros middle", { 1, 2, 0, 0, 5, 6, 7, 8 }, "1:2::5:6:7:8" },
		{ "ntop two zeros first", { 0, 0, 3, 4, 5, 6, 7, 8 }, "::3:4:5:6:7:8" },
		{ "ntop two zeros last", { 1, 2, 3, 4, 5, 6, 0, 0 }, "1:2:3:4:5:6::" },
		{ "ntop longest run wins", { 1, 0, 0, 4, 0, 0, 0, 8 }, "1:0:0:4::8" },
		{ "ntop first of equal middle runs", { 1, 0, 0, 4, 5, 0, 0, 8 }, "1::4:5:0:0:8" },
		{ "ntop middle beats leading of equal length", { 0, 0, 3, 0, 0, 6, 7, 8 },
		  "0:0:3::6:7:8" },
		{ "ntop middle beats trailing of equal length", { 1, 2, 0, 0, 5, 6, 0, 0 },
		  "1:2::5:6:0:0" },
		{ "ntop leading before trailing", { 0, 0, 3, 4, 5, 6, 0, 0 }, "::3:4:5:6:0:0" },
		{ "ntop longer leading beats middle", { 0, 0, 0, 4, 0, 0, 7, 8 }, "::4:0:0:7:8" },
		{ "ntop longer trailing beats middle", { 1, 0, 0, 4, 5, 0, 0, 0 }, "1:0:0:4:5::" },
		{ "ntop lowercase, no leading zeros", { 0xABCD, 0x0ef0, 0x00a0, 0x000b, 0xffff, 0x1000,
		                                        0x0100, 0x0010 },
		  "abcd:ef0:a0:b:ffff:1000:100:10" },
		{ "ntop v4-mapped", { 0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304 }, "::ffff:1.2.3.4" },
		{ "ntop v4-mapped zero", { 0, 0, 0, 0, 0, 0xffff, 0, 0 }, "::ffff:0.0.0.0" },
		{ "ntop v4-compatible stays hex", { 0, 0, 0, 0, 0, 0, 0x0102, 0x0304 }, "::102:304" },
		{ "ntop NAT64 stays hex", { 0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x0221 },
		  "64:ff9b::c000:221" },
		{ "ntop ffff elsewhere", { 0, 0, 0, 0, 0xffff, 0, 0x0102, 0x0304 }, "::ffff:0:102:304" },
		{ "ntop ffff not v4", { 1, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304 }, "1::ffff:102:304" },
		{ "ntop run of seven", { 0, 0, 0, 0, 0, 0, 0, 0x10 }, "::10" },
		{ "ntop zero-ended groups", { 0x10, 0, 0x100, 0, 0, 0x1000, 0, 0xa0 },
		  "10:0:100::1000:0:a0" },
		{ "ntop alternating", { 0, 1, 0, 1, 0, 1, 0, 1 }, "0:1:0:1:0:1:0:1" },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++)
		ntop6(t[i].what, t[i].g, t[i].want);

	unsigned char v4[4] = { 255, 255, 255, 255 };
	char out[64];
	checks("ntop4", inet_ntop(AF_INET, v4, out, 16), "255.255.255.255");
	errno = 0;
	check("ntop4 short buffer", inet_ntop(AF_INET, v4, out, 15) == 0, 1);
	check("ntop4 short errno", errno, ENOSPC);
	errno = 0;
	check("ntop4 zero buffer", inet_ntop(AF_INET, v4, out, 0) == 0, 1);
	check("ntop4 zero errno", errno, ENOSPC);
	unsigned char z4[4] = { 0, 0, 0, 0 };
	checks("ntop4 exact", inet_ntop(AF_INET, z4, out, 8), "0.0.0.0");
	check("ntop4 returns dst", inet_ntop(AF_INET, z4, out, 8) == out, 1);

	unsigned char full[16];
	memset(full, 0xff, sizeof full);
	checks("ntop6 exact", inet_ntop(AF_INET6, full, out, 40), "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
	errno = 0;
	check("ntop6 short buffer", inet_ntop(AF_INET6, full, out, 39) == 0, 1);
	check("ntop6 short errno", errno, ENOSPC);
	unsigned char lo[16] = { [15] = 1 };
	checks("ntop6 ::1 in 4", inet_ntop(AF_INET6, lo, out, 4), "::1");
	errno = 0;
	check("ntop6 ::1 in 3", inet_ntop(AF_INET6, lo, out, 3) == 0, 1);
	check("ntop6 ::1 in 3 errno", errno, ENOSPC);
	unsigned char mapped[16] = { [10] = 0xff, [11] = 0xff, 255, 255, 255, 255 };
	checks("ntop6 longest mapped", inet_ntop(AF_INET6, mapped, out, 23), "::ffff:255.255.255.255");
	errno = 0;
	check("ntop6 longest mapped short", inet_ntop(AF_INET6, mapped, out, 22) == 0, 1);
	check("ntop6 longest mapped errno", errno, ENOSPC);
	errno = 0;
	check("ntop AF_UNIX", inet_ntop(AF_UNIX, lo, out, sizeof out) == 0, 1);
	check("ntop AF_UNIX errno", errno, EAFNOSUPPORT);
	errno = 0;
	check("ntop family -1", inet_ntop(-1, lo, out, sizeof out) == 0, 1);
	check("ntop family -1 errno", errno, EAFNOSUPPORT);
	check("INET_ADDRSTRLEN", INET_ADDRSTRLEN, 16);
	check("INET6_ADDRSTRLEN", INET6_ADDRSTRLEN, 46);
}

static void constants(void)
{
	char h[40];
	hexbytes(h, &in6addr_any, 16);
	checks("in6addr_any", h, "00000000000000000000000000000000");
	hexbytes(h, &in6addr_loopback, 16);
	checks("in6addr_loopback", h, "00000000000000000000000000000001");
	struct in6_addr a = IN6ADDR_ANY_INIT, l = IN6ADDR_LOOPBACK_INIT;
	check("IN6ADDR_ANY_INIT", memcmp(&a, &in6addr_any, 16), 0);
	check("IN6ADDR_LOOPBACK_INIT", memcmp(&l, &in6addr_loopback, 16), 0);
	check("sizeof in6_addr", sizeof(struct in6_addr), 16);
	check("sizeof sockaddr_in6", sizeof(struct sockaddr_in6), 28);
	check("sizeof sockaddr_in", sizeof(struct sockaddr_in), 16);
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static uint64_t hash = 0xcbf29ce484222325ULL;
static void mix(const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		hash ^= b[i];
		hash *= 0x100000001b3ULL;
	}
}

static void generated(void)
{
	int bad = 0, compressed = 0, mappedn = 0;
	size_t total = 0;
	for (int k = 0; k < 200000; k++) {
		unsigned char b[16];
		uint64_t r = next(), s = next();
		int zp = r & 3; /* how likely a zero group is: 1/4 up to 7/8 */
		for (int i = 0; i < 8; i++) {
			unsigned g;
			uint64_t c = next();
			if ((int)(c & 7) < 2 + 2 * zp)
				g = 0;
			else
				switch ((c >> 3) & 3) {
				case 0: g = (c >> 8) & 0xf; break;
				case 1: g = (c >> 8) & 0xff; break;
				case 2: g = (c >> 8) & 0xfff; break;
				default: g = (c >> 8) & 0xffff; break;
				}
			b[2 * i] = g >> 8;
			b[2 * i + 1] = g;
		}
		switch ((s >> 8) & 31) {
		case 0: /* v4-mapped */
			memset(b, 0, 10);
			b[10] = b[11] = 0xff;
			break;
		case 1: /* v4-compatible */
			memset(b, 0, 12);
			break;
		case 2: /* almost mapped */
			memset(b, 0, 10);
			b[10] = 0xff;
			b[11] = 0xfe;
			break;
		}
		char out[INET6_ADDRSTRLEN], small[INET6_ADDRSTRLEN];
		if (!inet_ntop(AF_INET6, b, out, sizeof out)) {
			bad++;
			continue;
		}
		size_t len = strlen(out);
		total += len;
		mix(out, len + 1);
		if (strstr(out, "::"))
			compressed++;
		if (strchr(out, '.'))
			mappedn++;
		unsigned char back[16];
		if (inet_pton(AF_INET6, out, back) != 1 || memcmp(back, b, 16)) {
			if (bad < 5)
				printf("round trip FAIL [%s]\n", out);
			bad++;
		}
		if ((k & 15) == 0) {
			if (!inet_ntop(AF_INET6, b, small, len + 1) || strcmp(small, out))
				bad++;
			errno = 0;
			if (inet_ntop(AF_INET6, b, small, len) || errno != ENOSPC)
				bad++;
		}
	}
	printf("ntop/pton round trips 200000 bad %d compressed %d dotted %d chars %lu hash %016llx\n",
	       bad, compressed, mappedn, (unsigned long)total, (unsigned long long)hash);
	fails += bad;

	/* Random text through pton, from an alphabet that makes both valid and invalid input. */
	static const char alpha6[] = "0123456789abcdefABCDEF::::::...g";
	hash = 0xcbf29ce484222325ULL;
	int acc = 0, bad2 = 0;
	for (int k = 0; k < 100000; k++) {
		char in[48];
		int n = 1 + next() % 40;
		for (int i = 0; i < n; i++)
			in[i] = alpha6[next() % (sizeof alpha6 - 1)];
		in[n] = 0;
		unsigned char b[16];
		int r = inet_pton(AF_INET6, in, b);
		mix(&r, sizeof r);
		if (r == 1) {
			acc++;
			mix(b, 16);
			char out[INET6_ADDRSTRLEN];
			unsigned char again[16];
			if (!inet_ntop(AF_INET6, b, out, sizeof out) || inet_pton(AF_INET6, out, again) != 1 ||
			    memcmp(b, again, 16))
				bad2++;
		}
	}
	/* Shorter strings with fewer colons, where more of them parse. */
	static const char alpha6b[] = "0000123fF:::.";
	for (int k = 0; k < 100000; k++) {
		char in[48];
		int n = 1 + next() % 24;
		for (int i = 0; i < n; i++)
			in[i] = alpha6b[next() % (sizeof alpha6b - 1)];
		in[n] = 0;
		unsigned char b[16];
		int r = inet_pton(AF_INET6, in, b);
		mix(&r, sizeof r);
		if (r == 1) {
			acc++;
			mix(b, 16);
		}
	}
	printf("pton6 random text 200000 accepted %d bad %d hash %016llx\n", acc, bad2,
	       (unsigned long long)hash);
	fails += bad2;

	/* IPv4 text through inet_pton and inet_aton. */
	static const char alpha4[] = "0123456789.....xXaf ";
	hash = 0xcbf29ce484222325ULL;
	int acc4 = 0, acca = 0, bad4 = 0;
	for (int k = 0; k < 100000; k++) {
		char in[24];
		int n = 1 + next() % 16;
		for (int i = 0; i < n; i++)
			in[i] = alpha4[next() % (sizeof alpha4 - 1)];
		in[n] = 0;
		unsigned char b[4];
		int r = inet_pton(AF_INET, in, b);
		mix(&r, sizeof r);
		if (r == 1) {
			acc4++;
			mix(b, 4);
		}
		struct in_addr a;
		int ra = inet_aton(in, &a);
		mix(&ra, sizeof ra);
		if (ra) {
			acca++;
			mix(&a, 4);
		}
		/* Whatever pton takes, aton takes with the same value. */
		if (r == 1 && (!ra || memcmp(&a, b, 4)))
			bad4++;
	}
	printf("ipv4 random text 100000 pton %d aton %d bad %d hash %016llx\n", acc4, acca, bad4,
	       (unsigned long long)hash);
	fails += bad4;

	/* Every IPv4 address pattern through ntop and back. */
	hash = 0xcbf29ce484222325ULL;
	int bad5 = 0;
	for (int k = 0; k < 50000; k++) {
		uint32_t v = next();
		if (k & 1)
			v &= 0xff00ff0f;
		char out[INET_ADDRSTRLEN];
		unsigned char b[4];
		if (!inet_ntop(AF_INET, &v, out, sizeof out) || inet_pton(AF_INET, out, b) != 1 ||
		    memcmp(b, &v, 4)) {
			bad5++;
			continue;
		}
		mix(out, strlen(out) + 1);
		struct in_addr a = { v };
		if (strcmp(inet_ntoa(a), out))
			bad5++;
	}
	printf("ipv4 ntop round trips 50000 bad %d hash %016llx\n", bad5, (unsigned long long)hash);
	fails += bad5;
}

int main(void)
{
	byteorder();
	aton();
	ntoa();
	legacy();
	pton();
	ntop();
	constants();
	generated();
	printf("fails %d\n", fails);
	return fails != 0;
}
