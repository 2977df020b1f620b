/* The resolver where limpet behaves as glibc, resolv.conf(5) and the RFCs say, and musl 1.2.3
 * does not, against the DNS server of net_resolv.c (the same code; see its comment) in
 * network and mount namespaces of the program's own:
 *  - a truncated UDP answer is asked again over TCP (musl 1.2.3 takes the empty answer);
 *  - search, domain and ndots as resolv.conf(5) has them, res_search included, and the
 *    search list carried on past NOERROR-without-data and SERVFAIL as glibc does;
 *  - LOCALDOMAIN and RES_OPTIONS from the environment;
 *  - name servers: the first SERVFAIL, REFUSED, dead (ICMP port unreachable) or silent and
 *    the second answering; all of them failing, after timeout x attempts or at once;
 *    options rotate and edns0;
 *  - A and AAAA asked together, and RFC 6724's order on a host with only lo up;
 *  - cases where musl 1.2.3's answer is arguably wrong: no data is EAI_NODATA and NO_DATA,
 *    unknown socket types EAI_SOCKTYPE, AI_CANONNAME without a host EAI_BADFLAGS, hosts
 *    file names match whatever their case, gethostbyaddr of an address without a name
 *    fails, a reply to another question is ignored, malformed answers are rejected.
 * Each group's comment says what musl 1.2.3 does instead.
 *
 * net_resolv_better.expected is glibc 2.36's output with one line changed: glibc waits out
 * the whole timeout on a silent first server before asking the second ("first server
 * silent: ... fast: no"), where limpet, like musl, must not ("fast: yes"). musl 1.2.3 gets
 * the lines for a failing first server right, and the A and AAAA lines (not the lines for
 * every server failing, rotate or edns0); they are here because they are about the policy
 * that limpet takes from glibc. Built with glibc, the program needs -lresolv.
 * Timing is printed only as yes/no with wide margins; the runs that wait for a timeout use
 * timeout:1, and the program takes about 4 s. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <resolv.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

/* ---------------------------------------------------------------- the namespace */

static void skip(const char *call)
{
	printf("SKIP: %s: %s\n", call, strerror(errno));
	exit(0);
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		printf("cannot write %s: %s\n", path, strerror(errno));
		exit(1);
	}
	close(fd);
}

/* Bind-mounts a scratch file over target; the scratch name is unlinked at once (the mount
 * keeps the file), so nothing is left behind whatever happens later. */
static void cover(const char *target, const char *tag, const char *text)
{
	struct stat st;
	if (stat(target, &st) != 0 || !S_ISREG(st.st_mode)) {
		printf("SKIP: %s is not a file\n", target);
		exit(0);
	}
	char tmp[64];
	snprintf(tmp, sizeof tmp, "/tmp/limpet-%s-%d", tag, (int)getpid());
	write_file(tmp, text);
	if (mount(tmp, target, NULL, MS_BIND, NULL) != 0) {
		int e = errno;
		unlink(tmp);
		errno = e;
		skip("mount --bind");
	}
	unlink(tmp);
}

/* Rewrites /etc/resolv.conf in place (the bind mount stays) and tells the resolver. */
static void resolv_conf(const char *text)
{
	write_file("/etc/resolv.conf", text);
	res_init();
}

static void setup(void)
{
	if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWUTS) != 0)
		skip("unshare");
	/* No dot in the host name: glibc would take a search domain from it. */
	if (sethostname("limpet", 6) != 0)
		skip("sethostname");
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		skip("mount private");
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	struct ifreq ifr;
	memset(&ifr, 0, sizeof ifr);
	strcpy(ifr.ifr_name, "lo");
	if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) != 0)
		skip("SIOCGIFFLAGS");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) != 0)
		skip("SIOCSIFFLAGS");
	close(s);
	cover("/etc/resolv.conf", "resolv", "nameserver 127.0.0.1\noptions timeout:1 attempts:1\n");
	cover("/etc/hosts", "hosts",
	      "127.0.0.1 localhost\n"
	      "::1 localhost ip6-localhost\n"
	      "# 192.0.2.77 commented.example\n"
	      "192.0.2.10 hostfile.example hf alias2 # comment\n"
	      "2001:db8::10 hostfile.example\n"
	      "192.0.2.11 multi.example\n"
	      "192.0.2.12 multi.example\n");
	res_init();
}

/* ---------------------------------------------------------------- the server */

/* A DNS server for the zone below, on UDP and TCP port 53 of NSRV addresses, run by one
 * thread (UDP, accepting) plus one thread per TCP connection. Every query is logged. Each
 * server can be switched to answer everything with SERVFAIL or REFUSED, or nothing at all;
 * 127.0.0.9 has no server (a query there gets ICMP port unreachable). Special names:
 * silent.test (never answered), servfail.test, refused.test, tc.test (over UDP only a
 * truncated header and question), par.test (over UDP the first query is held until a query
 * of the other type for it comes, 1.5 s at most), and bad-*.test (broken answers, decoys
 * with the wrong id, question or source address). Over UDP, answers over 512 bytes (or the
 * size an OPT record offers) are cut down to the truncated header and question. */

enum { TY_A = 1, TY_NS = 2, TY_CNAME = 5, TY_SOA = 6, TY_PTR = 12, TY_MX = 15, TY_TXT = 16, TY_AAAA = 28, TY_OPT = 41 };

struct rr {
	const char *name;
	int type;
	const char *data;
};

static const struct rr zone[] = {
	{ "a.test", TY_A, "192.0.2.1" },
	{ "aaaa.test", TY_AAAA, "2001:db8::1" },
	{ "both.test", TY_A, "192.0.2.1" },
	{ "both.test", TY_A, "192.0.2.2" },
	{ "both.test", TY_AAAA, "2001:db8::1" },
	{ "both.test", TY_AAAA, "2001:db8::2" },
	{ "cname.test", TY_CNAME, "c1.test" },
	{ "c1.test", TY_CNAME, "c2.test" },
	{ "c2.test", TY_CNAME, "target.test" },
	{ "target.test", TY_A, "192.0.2.3" },
	{ "tc.test", TY_A, "192.0.2.4" },
	{ "tc.test", TY_AAAA, "2001:db8::4" },
	{ "nodata.test", TY_TXT, "no address here" },
	{ "mx.test", TY_MX, "10 mail.test" },
	{ "mx.test", TY_MX, "20 backup.mail.test" },
	{ "mail.test", TY_A, "192.0.2.5" },
	{ "txt.test", TY_TXT, "hello world" },
	{ "test", TY_NS, "ns.test" },
	{ "par.test", TY_A, "192.0.2.30" },
	{ "par.test", TY_AAAA, "2001:db8::30" },
	{ "order.test", TY_A, "192.0.2.9" },
	{ "order.test", TY_A, "127.0.0.5" },
	{ "order.test", TY_AAAA, "2001:db8::9" },
	{ "order.test", TY_AAAA, "::1" },
	{ "host.s2.test", TY_A, "192.0.2.20" },
	{ "x.y.s2.test", TY_A, "192.0.2.21" },
	{ "host.s3.test", TY_TXT, "no address here" },
	{ "1.2.0.192.in-addr.arpa", TY_PTR, "a.test" },
	{ "3.2.0.192.in-addr.arpa", TY_PTR, "target.test" },
	{ "10.2.0.192.in-addr.arpa", TY_PTR, "fromdns.test" },
	{ "1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa", TY_PTR, "aaaa.test" },
};

enum { NSRV = 4 };
static const char *const srv_addr[NSRV] = { "127.0.0.1", "::1", "127.0.0.2", "127.0.0.3" };
static int udp_fd[NSRV], tcp_fd[NSRV], spoof_fd; /* spoof_fd: 127.0.0.8, for bad-src.test */

enum { M_NORMAL, M_SERVFAIL, M_REFUSED, M_SILENT };
static int srv_mode[NSRV];

struct logent {
	int srv, tcp, type, opt;
	char name[256];
};
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static struct logent qlog[256];
static int nlog;

__attribute__((unused)) static void set_mode(int srv, int mode)
{
	pthread_mutex_lock(&log_lock);
	srv_mode[srv] = mode;
	pthread_mutex_unlock(&log_lock);
}

static int log_query(int srv, int tcp, const char *name, int type, int opt)
{
	pthread_mutex_lock(&log_lock);
	if (nlog < 256) {
		struct logent *e = &qlog[nlog++];
		e->srv = srv;
		e->tcp = tcp;
		e->type = type;
		e->opt = opt;
		snprintf(e->name, sizeof e->name, "%s", name);
	}
	int mode = srv_mode[srv];
	pthread_mutex_unlock(&log_lock);
	return mode;
}

static void log_reset(void)
{
	pthread_mutex_lock(&log_lock);
	nlog = 0;
	pthread_mutex_unlock(&log_lock);
}

/* Prints the distinct names the server was asked, in the order they first came. */
static void log_names(const char *what)
{
	pthread_mutex_lock(&log_lock);
	printf("%s asked:", what);
	for (int i = 0; i < nlog; i++) {
		int seen = 0;
		for (int j = 0; j < i; j++)
			seen |= !strcmp(qlog[j].name, qlog[i].name);
		if (!seen)
			printf(" %s", qlog[i].name[0] ? qlog[i].name : ".");
	}
	printf("\n");
	pthread_mutex_unlock(&log_lock);
}

struct pkt {
	unsigned char b[4096];
	int n, qend, nsuf;
	struct {
		int off;
		char name[256];
	} suf[64];
};

static void put16(struct pkt *p, int v)
{
	p->b[p->n++] = v >> 8;
	p->b[p->n++] = v;
}

static void put32(struct pkt *p, unsigned long v)
{
	put16(p, v >> 16);
	put16(p, v & 0xffff);
}

/* Writes a name, pointing at an earlier copy of its longest known suffix. */
static void put_name(struct pkt *p, const char *name)
{
	const char *s = name;
	while (*s) {
		for (int i = 0; i < p->nsuf; i++)
			if (!strcasecmp(p->suf[i].name, s)) {
				put16(p, 0xc000 | p->suf[i].off);
				return;
			}
		if (p->nsuf < 64 && p->n < 0x3fff) {
			p->suf[p->nsuf].off = p->n;
			snprintf(p->suf[p->nsuf].name, 256, "%s", s);
			p->nsuf++;
		}
		const char *dot = strchr(s, '.');
		int len = dot ? dot - s : (int)strlen(s);
		p->b[p->n++] = len;
		memcpy(p->b + p->n, s, len);
		p->n += len;
		s += len;
		if (*s == '.')
			s++;
	}
	p->b[p->n++] = 0;
}

static void count_rr(struct pkt *p, int section)
{
	int at = 6 + 2 * section;
	int v = (p->b[at] << 8 | p->b[at + 1]) + 1;
	p->b[at] = v >> 8;
	p->b[at + 1] = v;
}

static void add_rr(struct pkt *p, int section, const char *owner, int type, const char *data)
{
	put_name(p, owner);
	put16(p, type);
	put16(p, 1);
	put32(p, 300);
	int at = p->n;
	p->n += 2;
	switch (type) {
	case TY_A:
		inet_pton(AF_INET, data, p->b + p->n);
		p->n += 4;
		break;
	case TY_AAAA:
		inet_pton(AF_INET6, data, p->b + p->n);
		p->n += 16;
		break;
	case TY_MX:
		put16(p, atoi(data));
		put_name(p, strchr(data, ' ') + 1);
		break;
	case TY_TXT:
		p->b[p->n++] = strlen(data);
		memcpy(p->b + p->n, data, strlen(data));
		p->n += strlen(data);
		break;
	case TY_SOA:
		put_name(p, "ns.test");
		put_name(p, "hostmaster.test");
		put32(p, 2024);
		put32(p, 3600);
		put32(p, 600);
		put32(p, 86400);
		put32(p, 60);
		break;
	default:
		put_name(p, data);
	}
	p->b[at] = (p->n - at - 2) >> 8;
	p->b[at + 1] = p->n - at - 2;
	count_rr(p, section);
}

/* The query's name (lower case, no final dot), type, whether it carries an OPT record and
 * the UDP size that offers. */
static int parse_query(const unsigned char *q, int n, char *name, int *type, int *opt, int *qend)
{
	int p = 12, o = 0;
	if (n < 17 || (q[4] << 8 | q[5]) != 1)
		return -1;
	while (q[p]) {
		int l = q[p];
		if (l > 63 || p + 1 + l >= n || o + l > 250)
			return -1;
		if (o)
			name[o++] = '.';
		for (int i = 0; i < l; i++)
			name[o++] = tolower(q[p + 1 + i]);
		p += 1 + l;
	}
	name[o] = 0;
	p++;
	if (p + 4 > n)
		return -1;
	*type = q[p] << 8 | q[p + 1];
	p += 4;
	*qend = p;
	*opt = 0;
	if ((q[10] << 8 | q[11]) && p + 11 <= n && q[p] == 0 && (q[p + 1] << 8 | q[p + 2]) == TY_OPT)
		*opt = q[p + 3] << 8 | q[p + 4];
	return 0;
}

static void begin(struct pkt *p, const unsigned char *q, const char *name, int qend, int rcode)
{
	memset(p->b, 0, 12);
	p->nsuf = 0;
	p->b[0] = q[0];
	p->b[1] = q[1];
	p->b[2] = 0x80 | (q[2] & 0x79) | 0x04; /* QR, the opcode and RD as asked, AA */
	p->b[3] = 0x80 | rcode;                /* RA */
	p->b[5] = 1;
	p->n = 12;
	put_name(p, name);
	memcpy(p->b + 12, q + 12, p->n - 12); /* the question's own spelling */
	memcpy(p->b + p->n, q + qend - 4, 4);
	p->n += 4;
	p->qend = p->n;
}

static int has_name(const char *name)
{
	for (size_t i = 0; i < sizeof zone / sizeof *zone; i++)
		if (!strcmp(zone[i].name, name))
			return 1;
	return !strcmp(name, "big.test") || !strcmp(name, "huge.test");
}

/* The answer from the zone: the CNAME chain followed, then the records of the type asked. */
static void answer(struct pkt *p, const unsigned char *q, const char *name, int type, int qend)
{
	if (!has_name(name)) {
		begin(p, q, name, qend, 3);
		add_rr(p, 1, "test", TY_SOA, "");
		return;
	}
	begin(p, q, name, qend, 0);
	int many = !strcmp(name, "big.test") ? 28 : !strcmp(name, "huge.test") ? 60 : 0;
	for (int i = 1; i <= many && type == TY_A; i++) {
		char a[32];
		snprintf(a, sizeof a, "198.51.100.%d", i);
		add_rr(p, 0, name, TY_A, a);
	}
	const char *cur = name;
	for (int hop = 0; hop < 8; hop++) {
		const char *next = 0;
		for (size_t i = 0; i < sizeof zone / sizeof *zone; i++) {
			if (strcmp(zone[i].name, cur))
				continue;
			if (zone[i].type == type || type == 255)
				add_rr(p, 0, cur, zone[i].type, zone[i].data);
			else if (zone[i].type == TY_CNAME) {
				add_rr(p, 0, cur, TY_CNAME, zone[i].data);
				next = zone[i].data;
			}
		}
		if (!next)
			break;
		cur = next;
	}
	if (!(p->b[6] | p->b[7]))
		add_rr(p, 1, "test", TY_SOA, "");
}

/* A broken answer to an A query for one of the bad-*.test names. */
static void broken(struct pkt *p, const char *name)
{
	if (!strcmp(name, "bad-loop.test")) {
		/* The answer's owner is a pointer to itself. */
		put16(p, 0xc000 | p->n);
		put16(p, TY_A);
		put16(p, 1);
		put32(p, 300);
		put16(p, 4);
		put32(p, 0xc0000242);
		count_rr(p, 0);
	} else if (!strcmp(name, "bad-len.test")) {
		/* The record's data runs past the end of the message. */
		put16(p, 0xc00c);
		put16(p, TY_A);
		put16(p, 1);
		put32(p, 300);
		put16(p, 200);
		put32(p, 0xc0000242);
		count_rr(p, 0);
	} else if (!strcmp(name, "bad-count.test")) {
		/* Three answers announced, one there. */
		add_rr(p, 0, name, TY_A, "192.0.2.8");
		p->b[7] = 3;
	} else if (!strcmp(name, "bad-cname.test")) {
		/* A CNAME whose target is a pointer loop. */
		put16(p, 0xc00c);
		put16(p, TY_CNAME);
		put16(p, 1);
		put32(p, 300);
		put16(p, 2);
		put16(p, 0xc000 | p->n);
		count_rr(p, 0);
	} else if (!strcmp(name, "bad-label.test")) {
		/* The owner starts with a length byte of 80 (0x50, the reserved 01 label type). */
		p->b[p->n++] = 0x50;
		for (int i = 0; i < 80; i++)
			p->b[p->n++] = 'x';
		p->b[p->n++] = 0;
		put16(p, TY_A);
		put16(p, 1);
		put32(p, 300);
		put16(p, 4);
		put32(p, 0xc0000242);
		count_rr(p, 0);
	}
}

/* Builds the replies to one query: none, one, or a decoy followed by the real one
 * (*decoy_src set when the decoy must come from another address). */
static int respond(int srv, int tcp, const unsigned char *q, int n, struct pkt *out, int *decoy_src)
{
	char name[256];
	int type, opt, qend;
	*decoy_src = 0;
	if (parse_query(q, n, name, &type, &opt, &qend) != 0) {
		if (n < 12)
			return 0;
		memset(out[0].b, 0, 12);
		memcpy(out[0].b, q, 2);
		out[0].b[2] = 0x80;
		out[0].b[3] = 0x81; /* FORMERR */
		out[0].n = 12;
		return 1;
	}
	int mode = log_query(srv, tcp, name, type, opt != 0);
	struct pkt *p = &out[0];
	if (mode == M_SILENT || !strcmp(name, "silent.test"))
		return 0;
	if (mode == M_SERVFAIL || !strcmp(name, "servfail.test") || !strcmp(name, "host.sf.test")) {
		begin(p, q, name, qend, 2);
		return 1;
	}
	if (mode == M_REFUSED || !strcmp(name, "refused.test")) {
		begin(p, q, name, qend, 5);
		return 1;
	}
	if (!strncmp(name, "bad-", 4) && type == TY_A && !tcp &&
	    (!strcmp(name, "bad-id.test") || !strcmp(name, "bad-q.test") || !strcmp(name, "bad-src.test"))) {
		/* A decoy with an address that must not be taken, then the real answer. */
		if (!strcmp(name, "bad-q.test")) {
			static const unsigned char other[] = { 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 4, 'e', 'v', 'i', 'l',
							       4, 't', 'e', 's', 't', 0, 0, 1, 0, 1 };
			unsigned char evil[sizeof other];
			memcpy(evil, other, sizeof evil);
			memcpy(evil, q, 2);
			begin(p, evil, "evil.test", sizeof evil, 0);
			add_rr(p, 0, "evil.test", TY_A, "203.0.113.66");
		} else {
			begin(p, q, name, qend, 0);
			add_rr(p, 0, name, TY_A, "203.0.113.66");
			if (!strcmp(name, "bad-id.test")) {
				p->b[0] ^= 0x5a;
				p->b[1] ^= 0xa5;
			} else
				*decoy_src = 1;
		}
		begin(&out[1], q, name, qend, 0);
		add_rr(&out[1], 0, name, TY_A, "192.0.2.7");
		return 2;
	}
	if (!strncmp(name, "bad-", 4)) {
		begin(p, q, name, qend, 0);
		if (type == TY_A)
			broken(p, name);
		return 1;
	}
	answer(p, q, name, type, qend);
	int room = opt > 512 ? opt : 512;
	if (!tcp && (p->n > room || !strcmp(name, "tc.test"))) {
		p->n = p->qend;
		p->b[2] |= 0x02;
		memset(p->b + 6, 0, 6);
	}
	return 1;
}

static int read_full(int fd, unsigned char *b, int n)
{
	int got = 0;
	while (got < n) {
		struct pollfd pf = { fd, POLLIN, 0 };
		if (poll(&pf, 1, 3000) != 1)
			return -1;
		ssize_t r = read(fd, b + got, n - got);
		if (r <= 0)
			return -1;
		got += r;
	}
	return got;
}

struct conn {
	int fd, srv;
};

/* One TCP connection: length-prefixed queries until EOF (or 3 s of quiet, or 8 queries). */
static void *tcp_conn(void *arg)
{
	struct conn *c = arg;
	struct pkt *out = malloc(2 * sizeof *out);
	unsigned char q[1024], len[2];
	for (int k = 0; out && k < 8; k++) {
		if (read_full(c->fd, len, 2) != 2)
			break;
		int n = len[0] << 8 | len[1], spoof;
		if (n > (int)sizeof q || read_full(c->fd, q, n) != n)
			break;
		int m = respond(c->srv, 1, q, n, out, &spoof);
		for (int i = 0; i < m; i++) {
			unsigned char l[2] = { out[i].n >> 8, out[i].n };
			if (write(c->fd, l, 2) != 2 || write(c->fd, out[i].b, out[i].n) != out[i].n)
				break;
		}
	}
	close(c->fd);
	free(out);
	free(c);
	return 0;
}

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000;
}

/* par.test over UDP: the first query's answer waits for a query of the other type. */
static struct {
	int active, srv, type;
	long deadline;
	struct pkt out;
	struct sockaddr_in6 from;
	socklen_t fromlen;
} held;
static int par_both = -1; /* -1: no par.test query yet; 0: the first answered alone; 1: both came */

static void release_held(void)
{
	if (held.active)
		sendto(udp_fd[held.srv], held.out.b, held.out.n, 0, (void *)&held.from, held.fromlen);
	held.active = 0;
}

static void serve_udp(int i, struct pkt *out)
{
	unsigned char q[1024];
	struct sockaddr_in6 from;
	socklen_t fl = sizeof from;
	int n = recvfrom(udp_fd[i], q, sizeof q, 0, (void *)&from, &fl);
	char name[256];
	int type, opt, qend, spoof;
	if (n <= 0)
		return;
	int par = parse_query(q, n, name, &type, &opt, &qend) == 0 && !strcmp(name, "par.test");
	int m = respond(i, 0, q, n, out, &spoof);
	if (par && m == 1) {
		pthread_mutex_lock(&log_lock);
		int first = !held.active && par_both < 0;
		if (first)
			par_both = 0;
		pthread_mutex_unlock(&log_lock);
		if (first) {
			held.active = 1;
			held.srv = i;
			held.type = type;
			held.deadline = now_ms() + 1500;
			held.out = out[0];
			held.from = from;
			held.fromlen = fl;
			return;
		}
		if (held.active && type == held.type)
			return; /* a retry of the held query: the held answer serves it */
		if (held.active) {
			pthread_mutex_lock(&log_lock);
			par_both = 1;
			pthread_mutex_unlock(&log_lock);
		}
	}
	for (int k = 0; k < m; k++)
		sendto(k == 0 && spoof ? spoof_fd : udp_fd[i], out[k].b, out[k].n, 0, (void *)&from, fl);
	if (par)
		release_held();
}

static void *server(void *arg)
{
	(void)arg;
	static struct pkt out[2];
	for (;;) {
		struct pollfd pf[2 * NSRV];
		for (int i = 0; i < NSRV; i++) {
			pf[2 * i] = (struct pollfd){ udp_fd[i], POLLIN, 0 };
			pf[2 * i + 1] = (struct pollfd){ tcp_fd[i], POLLIN, 0 };
		}
		long wait = -1;
		if (held.active) {
			wait = held.deadline - now_ms();
			if (wait < 0)
				wait = 0;
		}
		int r = poll(pf, 2 * NSRV, wait);
		if (held.active && now_ms() >= held.deadline)
			release_held();
		if (r <= 0)
			continue;
		for (int i = 0; i < NSRV; i++) {
			if (pf[2 * i].revents & POLLIN)
				serve_udp(i, out);
			if (pf[2 * i + 1].revents & POLLIN) {
				int fd = accept(tcp_fd[i], 0, 0);
				if (fd < 0)
					continue;
				struct conn *c = malloc(sizeof *c);
				c->fd = fd;
				c->srv = i;
				pthread_t t;
				pthread_attr_t a;
				pthread_attr_init(&a);
				pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
				if (pthread_create(&t, &a, tcp_conn, c) != 0) {
					close(fd);
					free(c);
				}
				pthread_attr_destroy(&a);
			}
		}
	}
	return 0;
}

static int listen_on(const char *addr, int type)
{
	struct sockaddr_storage ss;
	memset(&ss, 0, sizeof ss);
	socklen_t sl;
	int family = strchr(addr, ':') ? AF_INET6 : AF_INET;
	if (family == AF_INET) {
		struct sockaddr_in *s = (void *)&ss;
		s->sin_family = AF_INET;
		s->sin_port = htons(53);
		inet_pton(AF_INET, addr, &s->sin_addr);
		sl = sizeof *s;
	} else {
		struct sockaddr_in6 *s = (void *)&ss;
		s->sin6_family = AF_INET6;
		s->sin6_port = htons(53);
		inet_pton(AF_INET6, addr, &s->sin6_addr);
		sl = sizeof *s;
	}
	int fd = socket(family, type | SOCK_CLOEXEC, 0);
	int one = 1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (fd < 0 || bind(fd, (void *)&ss, sl) != 0 || (type == SOCK_STREAM && listen(fd, 16) != 0)) {
		printf("server on %s: %s\n", addr, strerror(errno));
		exit(1);
	}
	return fd;
}

static void start_server(void)
{
	for (int i = 0; i < NSRV; i++) {
		udp_fd[i] = listen_on(srv_addr[i], SOCK_DGRAM);
		tcp_fd[i] = listen_on(srv_addr[i], SOCK_STREAM);
	}
	spoof_fd = listen_on("127.0.0.8", SOCK_DGRAM);
	pthread_t t;
	if (pthread_create(&t, 0, server, 0) != 0) {
		printf("pthread_create failed\n");
		exit(1);
	}
}

/* ---------------------------------------------------------------- printing results */

static const char *eai_name(int e)
{
	switch (e) {
	case 0: return "0";
	case EAI_BADFLAGS: return "EAI_BADFLAGS";
	case EAI_NONAME: return "EAI_NONAME";
	case EAI_AGAIN: return "EAI_AGAIN";
	case EAI_FAIL: return "EAI_FAIL";
	case EAI_NODATA: return "EAI_NODATA";
	case EAI_FAMILY: return "EAI_FAMILY";
	case EAI_SOCKTYPE: return "EAI_SOCKTYPE";
	case EAI_SERVICE: return "EAI_SERVICE";
	case EAI_MEMORY: return "EAI_MEMORY";
	case EAI_SYSTEM: return "EAI_SYSTEM";
	case EAI_OVERFLOW: return "EAI_OVERFLOW";
	}
	static char buf[32];
	snprintf(buf, sizeof buf, "EAI %d", e);
	return buf;
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* getaddrinfo, printed as the error or the addresses in the order they came (the order is
 * part of what is checked here). */
static int gai(const char *what, const char *host, int family, int socktype, int flags)
{
	struct addrinfo h = { .ai_family = family, .ai_socktype = socktype, .ai_flags = flags };
	struct addrinfo *res = 0;
	int r = getaddrinfo(host, 0, &h, &res);
	printf("%s: %s", what, eai_name(r));
	for (struct addrinfo *p = r ? 0 : res; p; p = p->ai_next) {
		char a[INET6_ADDRSTRLEN] = "?";
		if (p->ai_family == AF_INET)
			inet_ntop(AF_INET, &((struct sockaddr_in *)p->ai_addr)->sin_addr, a, sizeof a);
		else if (p->ai_family == AF_INET6)
			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)p->ai_addr)->sin6_addr, a, sizeof a);
		printf(" %s", a);
	}
	printf("\n");
	if (r == 0)
		freeaddrinfo(res);
	return r;
}

static void show_hostent(const char *what, const struct hostent *h)
{
	if (!h) {
		printf("%s: NULL h_errno %d\n", what, h_errno);
		return;
	}
	printf("%s: name %s addrs", what, h->h_name);
	char a[INET6_ADDRSTRLEN];
	for (char **p = h->h_addr_list; *p; p++) {
		inet_ntop(h->h_addrtype, *p, a, sizeof a);
		printf(" %s", a);
	}
	printf("\n");
}

/* Whether any logged query matched: over TCP, with OPT, to server srv (-1: any). */
static int logged(int tcp, int opt, int srv)
{
	int found = 0;
	pthread_mutex_lock(&log_lock);
	for (int i = 0; i < nlog; i++)
		if ((tcp < 0 || qlog[i].tcp == tcp) && (opt < 0 || qlog[i].opt == opt) && (srv < 0 || qlog[i].srv == srv))
			found = 1;
	pthread_mutex_unlock(&log_lock);
	return found;
}

static const char *yes(int v)
{
	return v ? "yes" : "no";
}

/* ---------------------------------------------------------------- truncation */

/* musl 1.2.3 never falls back to TCP: a truncated UDP answer is taken as it is, so tc.test
 * has no address (EAI_NONAME, HOST_NOT_FOUND) and res_query fails (NO_DATA). glibc, and
 * RFC 1123 6.1.3.2 / RFC 7766, ask again over TCP. */
static void truncation(void)
{
	resolv_conf("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n");
	log_reset();
	gai("tc.test inet", "tc.test", AF_INET, SOCK_STREAM, 0);
	printf("tc.test asked over TCP: %s\n", yes(logged(1, -1, -1)));
	gai("tc.test unspec", "tc.test", AF_UNSPEC, SOCK_STREAM, 0);
	show_hostent("ghbn tc.test", gethostbyname("tc.test"));

	unsigned char ans[4096];
	int n = res_query("tc.test", C_IN, TY_A, ans, sizeof ans);
	ns_msg m;
	ns_rr rr;
	if (n > 0 && ns_initparse(ans, n, &m) == 0) {
		printf("res_query tc.test: TC %d answers %d", ns_msg_getflag(m, ns_f_tc), ns_msg_count(m, ns_s_an));
		if (ns_msg_count(m, ns_s_an) > 0 && ns_parserr(&m, ns_s_an, 0, &rr) == 0) {
			char a[INET_ADDRSTRLEN];
			inet_ntop(AF_INET, ns_rr_rdata(rr), a, sizeof a);
			printf(" %s", a);
		}
		printf("\n");
	} else
		printf("res_query tc.test: %d\n", n);

	/* 60 A records: 972 bytes, which UDP without EDNS cannot carry. */
	log_reset();
	struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
	int r = getaddrinfo("huge.test", 0, &h, &res), count = 0;
	for (struct addrinfo *p = r ? 0 : res; p; p = p->ai_next)
		count++;
	printf("huge.test: %s, over 30 addresses: %s, asked over TCP: %s\n", eai_name(r), yes(count > 30),
	       yes(logged(1, -1, -1)));
	if (r == 0)
		freeaddrinfo(res);
}

/* ---------------------------------------------------------------- search, domain, ndots */

/* resolv.conf(5): a name with fewer dots than ndots is tried with each search domain first,
 * then as it is; one with ndots dots or more as it is first, then with the search domains;
 * a final dot means the name as it is only. "domain" and "search" override each other,
 * the last one wins. musl 1.2.3 never tries the search list for a name with ndots dots
 * (x.y is only asked as x.y), and its res_search is res_query (no search at all). glibc
 * also carries on down the search list past a name with no address of the type asked
 * (NOERROR, no data) and past SERVFAIL, where musl 1.2.3 stops there (with EAI_NONAME and
 * EAI_AGAIN). */
static void lookup(const char *conf, const char *name)
{
	if (conf)
		resolv_conf(conf);
	log_reset();
	char what[128];
	snprintf(what, sizeof what, "gai %s", name);
	gai(what, name, AF_INET, SOCK_STREAM, 0);
	log_names("  ");
}

static void search(void)
{
	const char *s12 = "nameserver 127.0.0.1\nsearch s1.test s2.test\noptions timeout:1 attempts:1\n";
	lookup(s12, "host");
	lookup(0, "nohost");
	lookup(0, "x.y");
	lookup(0, "a.test");
	lookup(0, "host.");
	lookup(0, "x.y.");
	lookup("nameserver 127.0.0.1\nsearch s1.test s2.test\noptions ndots:2 timeout:1 attempts:1\n", "x.y");
	lookup(0, "a.test");
	lookup("nameserver 127.0.0.1\nsearch s1.test s2.test\noptions ndots:0 timeout:1 attempts:1\n", "host");
	lookup("nameserver 127.0.0.1\nsearch s1.test\ndomain s2.test\noptions timeout:1 attempts:1\n", "host");
	lookup("nameserver 127.0.0.1\ndomain s2.test\nsearch s1.test\noptions timeout:1 attempts:1\n", "host");
	lookup("nameserver 127.0.0.1\nsearch s3.test s2.test\noptions timeout:1 attempts:1\n", "host");
	lookup("nameserver 127.0.0.1\nsearch sf.test s2.test\noptions timeout:1 attempts:1\n", "host");

	resolv_conf(s12);
	unsigned char ans[1024];
	static const char *names[] = { "host", "x.y", "nohost" };
	for (int i = 0; i < 3; i++) {
		log_reset();
		h_errno = 0;
		int n = res_search(names[i], C_IN, TY_A, ans, sizeof ans);
		char a[INET_ADDRSTRLEN] = "";
		ns_msg m;
		ns_rr rr;
		if (n > 0 && ns_initparse(ans, n, &m) == 0 && ns_parserr(&m, ns_s_an, 0, &rr) == 0)
			inet_ntop(AF_INET, ns_rr_rdata(rr), a, sizeof a);
		if (n > 0)
			printf("res_search %s: answer %s\n", names[i], a);
		else
			printf("res_search %s: -1 h_errno %d\n", names[i], h_errno);
		log_names("  ");
	}
	show_hostent("ghbn host", gethostbyname("host"));
}

/* LOCALDOMAIN replaces the search list, RES_OPTIONS adds options (resolv.conf(5)); musl
 * 1.2.3 reads neither. */
static void environment(void)
{
	resolv_conf("nameserver 127.0.0.1\nsearch s1.test\noptions timeout:1 attempts:1\n");
	setenv("LOCALDOMAIN", "s2.test", 1);
	res_init();
	lookup(0, "host");
	unsetenv("LOCALDOMAIN");
	resolv_conf("nameserver 127.0.0.1\nsearch s1.test s2.test\noptions timeout:1 attempts:1\n");
	setenv("RES_OPTIONS", "ndots:2", 1);
	res_init();
	lookup(0, "x.y");
	/* Gone again: ndots is 1. (glibc keeps what it read with the file it read it with, so
	 * the file changes too.) */
	unsetenv("RES_OPTIONS");
	lookup("nameserver 127.0.0.1\nsearch s1.test s2.test\noptions timeout:1 attempts:1\n# again\n", "x.y");
}

/* ---------------------------------------------------------------- name servers */

/* The first name server answers SERVFAIL or REFUSED, or is not there, or never answers; the
 * second one answers. The lookup succeeds, and it is "fast" when it takes less than half of
 * timeout x attempts (1 s here). glibc moves on at once from the first three, but waits out
 * the whole timeout on a silent server before asking the next one (1 s): the expected
 * "fast: yes" for the silent case is not glibc's but what limpet wants, like musl, which
 * asks all the servers at once. */
static void first_fails(const char *what, const char *conf, int mode)
{
	resolv_conf(conf);
	set_mode(0, mode);
	log_reset();
	double t = seconds();
	struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
	int r = getaddrinfo("a.test", 0, &h, &res);
	t = seconds() - t;
	char a[INET_ADDRSTRLEN] = "";
	if (r == 0) {
		inet_ntop(AF_INET, &((struct sockaddr_in *)res->ai_addr)->sin_addr, a, sizeof a);
		freeaddrinfo(res);
	}
	printf("first server %s: %s %s, second asked %s, fast: %s\n", what, eai_name(r), a, yes(logged(-1, -1, 2)),
	       yes(t < 1.0));
	set_mode(0, M_NORMAL);
}

/* Every server fails: the error, and whether it took about timeout x attempts (within
 * generous bounds; musl 1.2.3 takes timeout in all, whatever attempts says, and waits out
 * the timeout after SERVFAIL, where glibc gives up at once). */
static void all_fail(const char *what, const char *conf, int mode, double lo, double hi)
{
	resolv_conf(conf);
	set_mode(0, mode);
	double t = seconds();
	struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
	int r = getaddrinfo("a.test", 0, &h, &res);
	t = seconds() - t;
	if (r == 0)
		freeaddrinfo(res);
	printf("all %s: %s, time %s: %s\n", what, eai_name(r), hi < 1 ? "short" : "about timeout x attempts",
	       yes(t >= lo && t <= hi));
	set_mode(0, M_NORMAL);
}

static void servers(void)
{
	const char *two = "nameserver 127.0.0.1\nnameserver 127.0.0.2\noptions timeout:1 attempts:2\n";
	first_fails("SERVFAIL", two, M_SERVFAIL);
	first_fails("REFUSED", two, M_REFUSED);
	first_fails("silent", two, M_SILENT);
	first_fails("dead", "nameserver 127.0.0.9\nnameserver 127.0.0.2\noptions timeout:1 attempts:2\n", M_NORMAL);

	all_fail("silent, timeout:1 attempts:2", "nameserver 127.0.0.1\noptions timeout:1 attempts:2\n", M_SILENT,
		 1.5, 5.0);
	all_fail("silent, timeout:1 attempts:1", "nameserver 127.0.0.1\noptions timeout:1 attempts:1\n", M_SILENT,
		 0.75, 3.0);
	all_fail("SERVFAIL", "nameserver 127.0.0.1\noptions timeout:1 attempts:2\n", M_SERVFAIL, 0, 0.5);
	all_fail("REFUSED", "nameserver 127.0.0.1\noptions timeout:1 attempts:2\n", M_REFUSED, 0, 0.5);
	all_fail("dead", "nameserver 127.0.0.9\noptions timeout:1 attempts:2\n", M_NORMAL, 0, 0.5);

	/* options rotate: glibc starts each lookup at a random server (it used to go round), so
	 * over 20 lookups both get first queries. (Without it glibc always starts at the first,
	 * but a resolver that asks all servers at once, as musl does, may have either query
	 * arrive first, so that is not checked.) */
	{
		resolv_conf("nameserver 127.0.0.1\nnameserver 127.0.0.2\noptions rotate\n");
		int first[NSRV] = { 0 };
		for (int i = 0; i < 20; i++) {
			log_reset();
			struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
			if (getaddrinfo("a.test", 0, &h, &res) == 0)
				freeaddrinfo(res);
			pthread_mutex_lock(&log_lock);
			if (nlog > 0)
				first[qlog[0].srv]++;
			pthread_mutex_unlock(&log_lock);
		}
		printf("rotate: first queries to 127.0.0.1 %s, to 127.0.0.2 %s\n", yes(first[0] > 0), yes(first[2] > 0));
	}

	/* options edns0: an OPT record goes with the query (musl 1.2.3 ignores the option). */
	for (int e = 0; e < 2; e++) {
		resolv_conf(e ? "nameserver 127.0.0.1\noptions edns0\n" : "nameserver 127.0.0.1\n");
		log_reset();
		struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
		int r = getaddrinfo("a.test", 0, &h, &res);
		if (r == 0)
			freeaddrinfo(res);
		printf("%s: %s, OPT in the query: %s\n", e ? "edns0" : "no edns0", eai_name(r), yes(logged(-1, 1, -1)));
	}
}

/* ---------------------------------------------------------------- A and AAAA together */

/* The server holds the answer to the first query for par.test until the query of the other
 * type comes (1.5 s at most): a resolver that sends both before waiting has both seen.
 * Then RFC 6724's order with only lo up: ::1 and 127.0.0.5 can be reached (from ::1 and
 * 127.0.0.1: matching scope and label), the global ones cannot (no route: rule 1 puts them
 * last). Among the reachable, rule 6: ::1 has precedence 50, IPv4 35 (RFC 3484's table in
 * glibc: 10); among the unreachable, 2001:db8::/32 has 40. Addresses that tie keep the
 * server's order. */
static void parallel(void)
{
	resolv_conf("nameserver 127.0.0.1\n");
	pthread_mutex_lock(&log_lock);
	par_both = -1;
	pthread_mutex_unlock(&log_lock);
	gai("gai par.test", "par.test", AF_UNSPEC, SOCK_STREAM, 0);
	pthread_mutex_lock(&log_lock);
	printf("A and AAAA both asked before either was answered: %s\n", yes(par_both == 1));
	pthread_mutex_unlock(&log_lock);
	gai("gai order.test", "order.test", AF_UNSPEC, SOCK_STREAM, 0);
	gai("gai both.test", "both.test", AF_UNSPEC, SOCK_STREAM, 0);
	gai("gai localhost", "localhost", AF_UNSPEC, SOCK_STREAM, 0);
}

/* ---------------------------------------------------------------- where musl 1.2.3 is wrong */

static void musl_wrong(void)
{
	resolv_conf("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n");

	/* A name that exists with no address of the family asked: EAI_NODATA and NO_DATA, as
	 * glibc and later musl say; musl 1.2.3 says EAI_NONAME and HOST_NOT_FOUND, as for a name
	 * that does not exist. */
	gai("gai nodata.test", "nodata.test", AF_UNSPEC, SOCK_STREAM, 0);
	gai("gai a.test inet6", "a.test", AF_INET6, SOCK_STREAM, 0);
	gai("gai aaaa.test inet", "aaaa.test", AF_INET, SOCK_STREAM, 0);
	gai("gai nx.test", "nx.test", AF_UNSPEC, SOCK_STREAM, 0);
	show_hostent("ghbn nodata.test", gethostbyname("nodata.test"));
	show_hostent("ghbn aaaa.test", gethostbyname("aaaa.test"));
	show_hostent("ghbn2 a.test inet6", gethostbyname2("a.test", AF_INET6));
	printf("gai_strerror(EAI_NODATA) has its own text: %s\n",
	       yes(strcmp(gai_strerror(EAI_NODATA), gai_strerror(-1000)) != 0));

	/* An unknown socket type is EAI_SOCKTYPE (POSIX); musl 1.2.3 returns it without a
	 * service, and EAI_SERVICE with one. */
	struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = 99 }, *res;
	int r = getaddrinfo("192.0.2.1", 0, &h, &res);
	printf("socktype 99: %s\n", eai_name(r));
	if (r == 0)
		freeaddrinfo(res);
	r = getaddrinfo("192.0.2.1", "80", &h, &res);
	printf("socktype 99 with a service: %s\n", eai_name(r));
	if (r == 0)
		freeaddrinfo(res);

	/* AI_CANONNAME without a host name is EAI_BADFLAGS (RFC 3493 6.1). */
	struct addrinfo hc = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM, .ai_flags = AI_CANONNAME };
	r = getaddrinfo(0, "80", &hc, &res);
	printf("AI_CANONNAME without a host: %s\n", eai_name(r));
	if (r == 0)
		freeaddrinfo(res);

	/* Names in the hosts file match whatever their case, as in DNS. */
	gai("gai HostFile.Example", "HostFile.Example", AF_INET, SOCK_STREAM, 0);
	show_hostent("ghbn HOSTFILE.EXAMPLE", gethostbyname("HOSTFILE.EXAMPLE"));

	/* gethostbyaddr of an address without a name fails (musl 1.2.3 makes up a hostent
	 * named after the address). */
	struct in_addr in;
	inet_pton(AF_INET, "192.0.2.99", &in);
	show_hostent("ghba 192.0.2.99", gethostbyaddr(&in, 4, AF_INET));

	/* A reply to another question must be ignored (RFC 5452 9.1), like one with another
	 * id: musl 1.2.3 checks only the id and takes the decoy's 203.0.113.66. */
	gai("gai bad-q.test", "bad-q.test", AF_INET, SOCK_STREAM, 0);

	/* Malformed answers are rejected whole: musl 1.2.3 skips over owner names without
	 * reading them and takes the address from these. glibc's error codes for them vary
	 * from call to call, so only whether an address came back is printed. */
	static const char *bad[] = { "bad-loop.test", "bad-label.test", "bad-count.test" };
	for (int i = 0; i < 3; i++) {
		struct addrinfo hb = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM };
		r = getaddrinfo(bad[i], 0, &hb, &res);
		printf("gai %s: address taken: %s", bad[i], yes(r == 0));
		if (r == 0)
			freeaddrinfo(res);
		printf(", ghbn: %s\n", gethostbyname(bad[i]) ? "found" : "NULL");
	}
}

int main(void)
{
	alarm(60);
	setup();
	start_server();
	struct addrinfo h = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
	int r = getaddrinfo("a.test", 0, &h, &res);
	check("the server answers", r, 0);
	if (r != 0)
		return 1;
	freeaddrinfo(res);
	truncation();
	search();
	environment();
	servers();
	parallel();
	musl_wrong();
	printf("fails %d\n", fails);
	return fails != 0;
}
