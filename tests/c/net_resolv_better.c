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
#include "net_dns_server.h"
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
