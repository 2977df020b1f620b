/* Interfaces in a network namespace of our own: the program unshares CLONE_NEWNET, makes a veth
 * pair lpt0/lpt1 with rtnetlink messages it builds itself, brings lo and both ends up, and gives
 * them IPv4 addresses (one with a broadcast address, one with the label lpt0:1 and none) and
 * IPv6 addresses (IFA_F_NODAD, so none is tentative). Then: if_nametoindex/if_indextoname and
 * their errors, if_nameindex (musl's also lists IPv4 labels such as lpt0:1, after the links),
 * and getifaddrs: every entry as a line (sorted), the list's order of names and families as the
 * kernel dumps them (links first, then addresses), netmasks, the broadcast/destination field
 * whatever the flags (musl fills it from IFA_ADDRESS when there is no IFA_BROADCAST), ifa_data
 * (link statistics on the AF_PACKET entries only), the MAC against SIOCGIFHWADDR, the
 * link-local addresses (only whether each exists, since they derive from random MACs), and the
 * whole against `ip -o addr show` when ip is installed. The setup comes before any output, so a
 * machine that cannot do it prints a SKIP line (the same for every library). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <netinet/in.h>
#include <netpacket/packet.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef IFF_LOWER_UP
#define IFF_LOWER_UP 0x10000
#endif

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

static void yes(const char *what, int cond)
{
	printf("%s %s %s\n", what, cond ? "yes" : "no", cond ? "ok" : "FAIL");
	if (!cond)
		fails++;
}

/* rtnetlink, spelled out here (musl-gcc has no <linux/...> headers). */
struct lnl_hdr {
	uint32_t len;
	uint16_t type, flags;
	uint32_t seq, pid;
};
struct lnl_ifinfo {
	unsigned char family, pad;
	unsigned short type;
	int index;
	unsigned flags, change;
};
struct lnl_ifaddr {
	unsigned char family, prefixlen, flags, scope;
	unsigned index;
};
struct lnl_attr {
	unsigned short len, type;
};
struct lnl_addr {
	unsigned short family, pad;
	uint32_t pid, groups;
};

enum {
	NL_ROUTE = 0,
	NL_ERROR = 2,
	NL_REQUEST = 1,
	NL_ACK = 4,
	NL_EXCL = 0x200,
	NL_CREATE = 0x400,
	RT_NEWLINK = 16,
	RT_NEWADDR = 20,
	LA_IFNAME = 3,
	LA_LINKINFO = 18,
	LA_INFO_KIND = 1,
	LA_INFO_DATA = 2,
	VETH_PEER = 1,
	AD_ADDRESS = 1,
	AD_LOCAL = 2,
	AD_LABEL = 3,
	AD_BROADCAST = 4,
	AD_F_NODAD = 2,
};

#define ALIGN4(n) (((n) + 3u) & ~3u)

struct request {
	struct lnl_hdr h;
	char body[1024];
};

static int nl_fd = -1;
static unsigned nl_seq;

static void *tail(struct request *r)
{
	return (char *)r + ALIGN4(r->h.len);
}

static void put(struct request *r, const void *p, size_t n)
{
	memcpy(tail(r), p, n);
	r->h.len = ALIGN4(r->h.len) + n;
}

static struct lnl_attr *attr(struct request *r, int type, const void *data, size_t n)
{
	struct lnl_attr *a = tail(r);
	a->len = sizeof *a + n;
	a->type = type;
	if (n)
		memcpy(a + 1, data, n);
	r->h.len = ALIGN4(r->h.len) + ALIGN4(a->len);
	return a;
}

static void nest_end(struct request *r, struct lnl_attr *a)
{
	a->len = (char *)r + r->h.len - (char *)a;
}

static void start(struct request *r, int type, int flags)
{
	memset(r, 0, sizeof *r);
	r->h.len = sizeof r->h;
	r->h.type = type;
	r->h.flags = NL_REQUEST | NL_ACK | flags;
	r->h.seq = ++nl_seq;
}

/* Sends the request and waits for its acknowledgement: 0 or an errno value. */
static int talk(struct request *r)
{
	struct lnl_addr k = { AF_NETLINK, 0, 0, 0 };
	if (sendto(nl_fd, r, r->h.len, 0, (struct sockaddr *)&k, sizeof k) != (ssize_t)r->h.len)
		return errno;
	for (int tries = 0; tries < 16; tries++) {
		union {
			struct lnl_hdr h;
			char b[8192];
		} in;
		ssize_t n = recv(nl_fd, &in, sizeof in, 0);
		if (n < 0)
			return errno;
		for (char *p = in.b; p + sizeof(struct lnl_hdr) <= in.b + n;) {
			struct lnl_hdr *h = (struct lnl_hdr *)p;
			if (h->len < sizeof *h || p + h->len > in.b + n)
				break;
			if (h->type == NL_ERROR && h->seq == r->h.seq) {
				int e;
				memcpy(&e, h + 1, sizeof e);
				return -e;
			}
			p += ALIGN4(h->len);
		}
	}
	return EPROTO;
}

static int make_veth(const char *name, const char *peer)
{
	struct request r;
	start(&r, RT_NEWLINK, NL_CREATE | NL_EXCL);
	struct lnl_ifinfo ii;
	memset(&ii, 0, sizeof ii);
	put(&r, &ii, sizeof ii);
	attr(&r, LA_IFNAME, name, strlen(name) + 1);
	struct lnl_attr *info = attr(&r, LA_LINKINFO, 0, 0);
	attr(&r, LA_INFO_KIND, "veth", 4);
	struct lnl_attr *data = attr(&r, LA_INFO_DATA, 0, 0);
	struct lnl_attr *pa = attr(&r, VETH_PEER, 0, 0);
	put(&r, &ii, sizeof ii);
	attr(&r, LA_IFNAME, peer, strlen(peer) + 1);
	nest_end(&r, pa);
	nest_end(&r, data);
	nest_end(&r, info);
	return talk(&r);
}

static int add_addr(int family, unsigned index, int prefix, const char *text, const char *brd,
                    const char *label)
{
	unsigned char a[16], b[16];
	int n = family == AF_INET ? 4 : 16;
	if (inet_pton(family, text, a) != 1 || (brd && inet_pton(family, brd, b) != 1))
		return EINVAL;
	struct request r;
	start(&r, RT_NEWADDR, NL_CREATE | NL_EXCL);
	struct lnl_ifaddr ia = { family, prefix, family == AF_INET6 ? AD_F_NODAD : 0, 0, index };
	put(&r, &ia, sizeof ia);
	attr(&r, AD_LOCAL, a, n);
	attr(&r, AD_ADDRESS, a, n);
	if (brd)
		attr(&r, AD_BROADCAST, b, n);
	if (label)
		attr(&r, AD_LABEL, label, strlen(label) + 1);
	return talk(&r);
}

static int ioc_fd = -1;

static int up(const char *name)
{
	struct ifreq q;
	memset(&q, 0, sizeof q);
	strncpy(q.ifr_name, name, IFNAMSIZ - 1);
	if (ioctl(ioc_fd, SIOCGIFFLAGS, &q))
		return errno;
	q.ifr_flags |= IFF_UP;
	if (ioctl(ioc_fd, SIOCSIFFLAGS, &q))
		return errno;
	return 0;
}

static int flags_of(const char *name)
{
	struct ifreq q;
	memset(&q, 0, sizeof q);
	strncpy(q.ifr_name, name, IFNAMSIZ - 1);
	return ioctl(ioc_fd, SIOCGIFFLAGS, &q) ? -1 : (unsigned short)q.ifr_flags;
}

/* Whether /proc lists a link-local address on the interface yet. */
static int has_linklocal(const char *name)
{
	FILE *f = fopen("/proc/net/if_inet6", "r");
	if (!f)
		return 0;
	char line[256];
	int found = 0;
	while (fgets(line, sizeof line, f)) {
		char addr[64], dev[64];
		unsigned idx, plen, scope, fl;
		if (sscanf(line, "%63s %x %x %x %x %63s", addr, &idx, &plen, &scope, &fl, dev) == 6 &&
		    strncmp(addr, "fe80", 4) == 0 && strcmp(dev, name) == 0)
			found = 1;
	}
	fclose(f);
	return found;
}

static int skip(const char *what, int e)
{
	printf("SKIP: %s: %s\n", what, strerror(e));
	return 0;
}

static int setup(void)
{
	if (unshare(CLONE_NEWNET))
		return skip("unshare(CLONE_NEWNET)", errno);
	nl_fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NL_ROUTE);
	if (nl_fd < 0)
		return skip("socket(AF_NETLINK)", errno);
	struct lnl_addr k = { AF_NETLINK, 0, 0, 0 };
	if (bind(nl_fd, (struct sockaddr *)&k, sizeof k))
		return skip("bind(AF_NETLINK)", errno);
	ioc_fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (ioc_fd < 0)
		return skip("socket(AF_INET)", errno);
	int e;
	if ((e = up("lo")))
		return skip("bring lo up", e);
	if ((e = make_veth("lpt0", "lpt1")))
		return skip("RTM_NEWLINK veth", e);
	unsigned i0 = if_nametoindex("lpt0"), i1 = if_nametoindex("lpt1");
	if (!i0 || !i1)
		return skip("veth not found", ENODEV);
	if ((e = add_addr(AF_INET, i0, 24, "10.11.0.1", "10.11.0.255", 0)) ||
	    (e = add_addr(AF_INET, i0, 16, "192.168.77.1", 0, "lpt0:1")) ||
	    (e = add_addr(AF_INET, i1, 30, "10.11.0.2", "10.11.0.3", 0)))
		return skip("RTM_NEWADDR inet", e);
	if ((e = up("lpt0")) || (e = up("lpt1")))
		return skip("bring veth up", e);
	if ((e = add_addr(AF_INET6, i0, 64, "fd00:1::1", 0, 0)) ||
	    (e = add_addr(AF_INET6, i0, 128, "2001:db8::1", 0, 0)) ||
	    (e = add_addr(AF_INET6, i1, 48, "fd00:2::5", 0, 0)))
		return skip("RTM_NEWADDR inet6", e);
	/* The carrier (IFF_RUNNING) and the link-local addresses come a little later. */
	int ready = 0;
	for (int i = 0; i < 100 && !ready; i++) {
		int f0 = flags_of("lpt0"), f1 = flags_of("lpt1");
		ready = f0 >= 0 && f1 >= 0 && (f0 & IFF_RUNNING) && (f1 & IFF_RUNNING) &&
		        has_linklocal("lpt0") && has_linklocal("lpt1");
		if (!ready) {
			struct timespec ts = { 0, 50000000 };
			nanosleep(&ts, 0);
		}
	}
	if (!ready)
		return skip("veth carrier or link-local address", ETIMEDOUT);
	return 1;
}

static void names(void)
{
	static const char *const n[] = { "lo", "lpt0", "lpt1" };
	for (int i = 0; i < 3; i++) {
		unsigned x = if_nametoindex(n[i]);
		printf("if_nametoindex %s %u\n", n[i], x);
		char buf[IF_NAMESIZE];
		memset(buf, 0x55, sizeof buf);
		char *r = if_indextoname(x, buf);
		printf("if_indextoname %u %s\n", x, r ? r : "(null)");
		yes("if_indextoname returns its buffer", r == buf);
		if (!r || strcmp(r, n[i]))
			fails++;
	}
	printf("if_nametoindex lpt0:1 %u (the kernel drops the label)\n", if_nametoindex("lpt0:1"));
	errno = 0;
	unsigned x = if_nametoindex("nosuch0");
	int e = errno;
	check("if_nametoindex unknown", x, 0);
	check("if_nametoindex unknown errno", e, ENODEV);
	check("if_nametoindex empty", if_nametoindex(""), 0);
	char buf[IF_NAMESIZE];
	errno = 0;
	char *r = if_indextoname(9999, buf);
	e = errno;
	check("if_indextoname unknown", r == 0, 1);
	check("if_indextoname unknown errno", e, ENXIO);
	errno = 0;
	r = if_indextoname(0, buf);
	e = errno;
	check("if_indextoname 0", r == 0, 1);
	check("if_indextoname 0 errno", e, ENXIO);

	struct if_nameindex *ni = if_nameindex();
	check("if_nameindex", ni != 0, 1);
	int n0 = 0, sorted = 1;
	unsigned last = 0;
	for (struct if_nameindex *p = ni; p && p->if_index && n0 < 64; p++, n0++) {
		printf("if_nameindex %u %s\n", p->if_index, p->if_name);
		if (!strchr(p->if_name, ':')) {
			sorted &= p->if_index > last;
			last = p->if_index;
		}
		if (if_nametoindex(p->if_name) != p->if_index)
			fails++, printf("  index of %s disagrees FAIL\n", p->if_name);
	}
	printf("if_nameindex entries %d\n", n0);
	yes("links in index order", sorted);
	if (ni)
		check("if_nameindex terminator name", ni[n0].if_name == 0, 1);
	if_freenameindex(ni);
}

static const char *fam(int f)
{
	return f == AF_PACKET ? "packet" : f == AF_INET ? "inet" : f == AF_INET6 ? "inet6" : "other";
}

static int maskbits(const struct sockaddr *m)
{
	if (!m)
		return -1;
	const unsigned char *b;
	int n;
	if (m->sa_family == AF_INET) {
		b = (const unsigned char *)&((const struct sockaddr_in *)m)->sin_addr;
		n = 4;
	} else if (m->sa_family == AF_INET6) {
		b = (const unsigned char *)&((const struct sockaddr_in6 *)m)->sin6_addr;
		n = 16;
	} else {
		return -2;
	}
	int bits = 0;
	for (int i = 0; i < n; i++)
		for (int k = 7; k >= 0; k--)
			bits += (b[i] >> k) & 1;
	return bits;
}

/* The text of an address; a MAC is printed only when it is all zeros or all ones. */
static void text(char *out, size_t n, const struct sockaddr *sa)
{
	if (!sa) {
		snprintf(out, n, "-");
		return;
	}
	if (sa->sa_family == AF_INET) {
		inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, n);
	} else if (sa->sa_family == AF_INET6) {
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, out, n);
	} else if (sa->sa_family == AF_PACKET) {
		const struct sockaddr_ll *l = (const struct sockaddr_ll *)sa;
		int zero = 1, ones = 1;
		for (int i = 0; i < l->sll_halen && i < 8; i++) {
			zero &= l->sll_addr[i] == 0;
			ones &= l->sll_addr[i] == 0xff;
		}
		if (zero || ones) {
			int k = 0;
			for (int i = 0; i < l->sll_halen && i < 8; i++)
				k += snprintf(out + k, n - k, "%s%02x", i ? ":" : "", l->sll_addr[i]);
			if (!l->sll_halen)
				snprintf(out, n, "empty");
		} else {
			snprintf(out, n, "(mac)");
		}
	} else {
		snprintf(out, n, "family%d", sa->sa_family);
	}
}

static void flagnames(char *out, size_t n, unsigned f)
{
	static const struct {
		unsigned bit;
		const char *name;
	} t[] = { { IFF_UP, "UP" },           { IFF_BROADCAST, "BROADCAST" }, { IFF_LOOPBACK, "LOOPBACK" },
		  { IFF_POINTOPOINT, "POINTOPOINT" }, { IFF_RUNNING, "RUNNING" }, { IFF_NOARP, "NOARP" },
		  { IFF_MULTICAST, "MULTICAST" }, { IFF_LOWER_UP, "LOWER_UP" } };
	int k = 0;
	out[0] = 0;
	for (size_t i = 0; i < sizeof t / sizeof *t; i++)
		if (f & t[i].bit) {
			k += snprintf(out + k, n - k, "%s%s", k ? "," : "", t[i].name);
			f &= ~t[i].bit;
		}
	if (f)
		snprintf(out + k, n - k, "%s0x%x", k ? "," : "", f);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *lines[128];
static int nlines;
static char *ipset[128];
static int nipset;

static void add_line(char **arr, int *n, const char *s)
{
	if (*n < 128)
		arr[(*n)++] = strdup(s);
}

static void from_ip(void)
{
	const char *ip = access("/usr/sbin/ip", X_OK) == 0 ? "/usr/sbin/ip"
	                 : access("/sbin/ip", X_OK) == 0   ? "/sbin/ip"
	                                                   : 0;
	if (!ip) {
		printf("ip: absent\n");
		return;
	}
	char cmd[64];
	snprintf(cmd, sizeof cmd, "%s -o addr show 2>/dev/null", ip);
	fflush(stdout);
	FILE *f = popen(cmd, "r");
	if (!f) {
		printf("ip agrees: no (popen)\n");
		fails++;
		return;
	}
	char l[512];
	int n = 0;
	while (fgets(l, sizeof l, f) && n < 200) {
		char name[64], family[16], addr[80], w1[32], w2[80];
		int idx;
		n++;
		w1[0] = w2[0] = 0;
		if (sscanf(l, "%d: %63s %15s %79s %31s %79s", &idx, name, family, addr, w1, w2) < 4)
			continue;
		char *at = strchr(name, '@');
		if (at)
			*at = 0;
		char s[256];
		snprintf(s, sizeof s, "%s %s %s brd %s", name, family, addr, strcmp(w1, "brd") ? "-" : w2);
		add_line(ipset, &nipset, s);
	}
	int st = pclose(f);
	/* getifaddrs's view of the same: name without label, and the broadcast only where ip
	 * prints one (a broadcast address set explicitly). */
	char *mine[128];
	int nmine = 0;
	struct ifaddrs *ifs;
	if (getifaddrs(&ifs)) {
		printf("ip agrees: no (getifaddrs)\n");
		fails++;
		return;
	}
	for (struct ifaddrs *p = ifs; p; p = p->ifa_next) {
		if (!p->ifa_addr || (p->ifa_addr->sa_family != AF_INET && p->ifa_addr->sa_family != AF_INET6))
			continue;
		char name[64], a[64], b[64] = "-";
		snprintf(name, sizeof name, "%s", p->ifa_name);
		char *c = strchr(name, ':');
		if (c)
			*c = 0;
		text(a, sizeof a, p->ifa_addr);
		if (p->ifa_addr->sa_family == AF_INET && (p->ifa_flags & IFF_BROADCAST) && p->ifa_broadaddr &&
		    memcmp(&((struct sockaddr_in *)p->ifa_broadaddr)->sin_addr,
		           &((struct sockaddr_in *)p->ifa_addr)->sin_addr, 4))
			text(b, sizeof b, p->ifa_broadaddr);
		char s[256];
		snprintf(s, sizeof s, "%s %s %s/%d brd %s", name, p->ifa_addr->sa_family == AF_INET ? "inet" : "inet6",
		         a, maskbits(p->ifa_netmask), b);
		add_line(mine, &nmine, s);
	}
	freeifaddrs(ifs);
	qsort(ipset, nipset, sizeof *ipset, cmp);
	qsort(mine, nmine, sizeof *mine, cmp);
	int same = st == 0 && nipset == nmine && nmine > 0;
	for (int i = 0; same && i < nmine; i++)
		same = strcmp(ipset[i], mine[i]) == 0;
	printf("ip agrees: %s\n", same ? "yes" : "no");
	if (!same) {
		fails++;
		for (int i = 0; i < nipset; i++)
			printf("  ip: %s\n", ipset[i]);
		for (int i = 0; i < nmine; i++)
			printf("  getifaddrs: %s\n", mine[i]);
	}
	for (int i = 0; i < nmine; i++)
		free(mine[i]);
	for (int i = 0; i < nipset; i++)
		free(ipset[i]);
}

static void addrs(void)
{
	struct ifaddrs *ifs = 0;
	check("getifaddrs", getifaddrs(&ifs), 0);
	char order[1024] = "";
	int ko = 0, count[3] = { 0, 0, 0 };
	int ll0 = 0, ll1 = 0, lllo = 0, llscope = 1, hwsame = -1, packetdata = 1, addrdata = 1;
	for (struct ifaddrs *p = ifs; p; p = p->ifa_next) {
		int f = p->ifa_addr ? p->ifa_addr->sa_family : -1;
		const char *name = p->ifa_name ? p->ifa_name : "(null)";
		if (ko < 900)
			ko += snprintf(order + ko, sizeof order - ko, " %s/%s", name, fam(f));
		count[f == AF_PACKET ? 0 : f == AF_INET ? 1 : 2]++;
		if (f == AF_INET6) {
			const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)p->ifa_addr;
			if (IN6_IS_ADDR_LINKLOCAL(&s6->sin6_addr)) {
				ll0 += strcmp(name, "lpt0") == 0;
				ll1 += strcmp(name, "lpt1") == 0;
				lllo += strcmp(name, "lo") == 0;
				llscope &= s6->sin6_scope_id == if_nametoindex(name);
				llscope &= maskbits(p->ifa_netmask) == 64;
				addrdata &= p->ifa_data == 0;
				continue;
			}
		}
		if (f == AF_PACKET && strcmp(name, "lpt0") == 0) {
			struct ifreq q;
			memset(&q, 0, sizeof q);
			strcpy(q.ifr_name, "lpt0");
			const struct sockaddr_ll *l = (const struct sockaddr_ll *)p->ifa_addr;
			hwsame = ioctl(ioc_fd, SIOCGIFHWADDR, &q) == 0 && l->sll_halen == 6 &&
			         memcmp(l->sll_addr, q.ifr_hwaddr.sa_data, 6) == 0;
		}
		if (f == AF_PACKET)
			packetdata &= p->ifa_data != 0;
		else
			addrdata &= p->ifa_data == 0;
		char a[64], m[64], b[64], fl[128], s[512], extra[128] = "";
		text(a, sizeof a, p->ifa_addr);
		text(m, sizeof m, p->ifa_netmask);
		text(b, sizeof b, p->ifa_broadaddr);
		flagnames(fl, sizeof fl, p->ifa_flags);
		if (f == AF_PACKET) {
			const struct sockaddr_ll *l = (const struct sockaddr_ll *)p->ifa_addr;
			snprintf(extra, sizeof extra, " halen %d hatype %d ifindex %s protocol %d", l->sll_halen,
			         l->sll_hatype, l->sll_ifindex == (int)if_nametoindex(name) ? "ok" : "WRONG",
			         l->sll_protocol);
		} else if (f == AF_INET6) {
			snprintf(extra, sizeof extra, " scope_id %u", ((const struct sockaddr_in6 *)p->ifa_addr)->sin6_scope_id);
		}
		if (p->ifa_netmask && p->ifa_netmask->sa_family != f)
			strcat(extra, " MASKFAMILY");
		snprintf(s, sizeof s, "%s %s %s mask %s(%d) brd/dst %s flags %s%s", name, fam(f), a, m,
		         maskbits(p->ifa_netmask), b, fl, extra);
		add_line(lines, &nlines, s);
	}
	qsort(lines, nlines, sizeof *lines, cmp);
	for (int i = 0; i < nlines; i++) {
		printf("ifaddr %s\n", lines[i]);
		if (strstr(lines[i], "WRONG") || strstr(lines[i], "MASKFAMILY"))
			fails++;
		free(lines[i]);
	}
	printf("order%s\n", order);
	printf("entries packet %d inet %d inet6 %d\n", count[0], count[1], count[2]);
	printf("link-local lpt0 %s lpt1 %s lo %s\n", ll0 == 1 ? "yes" : "no", ll1 == 1 ? "yes" : "no",
	       lllo ? "yes" : "no");
	if (ll0 != 1 || ll1 != 1 || lllo)
		fails++;
	yes("link-local scope ids and /64", llscope);
	yes("lpt0 sll_addr is SIOCGIFHWADDR's", hwsame == 1);
	yes("ifa_data on every AF_PACKET entry", packetdata);
	yes("no ifa_data on address entries", addrdata);
	freeifaddrs(ifs);
}

int main(void)
{
	alarm(20);
	if (setup() != 1)
		return 0;
	names();
	addrs();
	from_ip();
	printf("fails %d\n", fails);
	return fails != 0;
}
