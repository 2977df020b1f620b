/* The DNS server, zone and namespace set-up that net_resolv.c and net_resolv_better.c share
 * (an include file, not a program: the harness builds only the .c files). Server threads
 * answer UDP and TCP on port 53 of 127.0.0.1, [::1], 127.0.0.2 and 127.0.0.3 from a small
 * zone under "test", and log every query; each program describes the cases it runs. */
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
