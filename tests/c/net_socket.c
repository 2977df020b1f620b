/* Sockets on the loopback: TCP and UDP over 127.0.0.1 and ::1 (ephemeral ports, found with
 * getsockname), Unix stream, datagram and seqpacket sockets under path and abstract names and
 * from socketpair. Covers accept4's flags, names of both ends, socket options (SO_REUSEADDR,
 * SO_TYPE, SO_ERROR, SO_RCVBUF, SO_PEERCRED, SO_PASSCRED, TCP_NODELAY, IPV6_V6ONLY), shutdown,
 * MSG_PEEK/MSG_TRUNC/MSG_DONTWAIT/MSG_OOB with sockatmark, sendmsg/recvmsg with iovecs,
 * SCM_RIGHTS and SCM_CREDENTIALS, sendmmsg/recvmmsg, and errno for bad calls. Every msghdr
 * and cmsghdr is first filled with 0xff so musl's padding fields (__pad1, __pad2) hold garbage:
 * the library must clear them (musl copies the header, zeroes them, and writes the copy back
 * after recvmsg, so the caller's pads read 0 afterwards). A forked child and a thread act as
 * peers; alarm() turns a hang into a failure. No port, pid or address that varies is printed. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

static void fail(const char *what, long got, int want_errno)
{
	int e = errno;
	printf("%s %ld errno %d %s\n", what, got, e, got == -1 && e == want_errno ? "ok" : "FAIL");
	if (got != -1 || e != want_errno)
		fails++;
}

static void yes(const char *what, int cond)
{
	printf("%s %s %s\n", what, cond ? "yes" : "no", cond ? "ok" : "FAIL");
	if (!cond)
		fails++;
}

/* Musl's headers have the padding words; glibc's msghdr has none (its lengths are size_t). */
#if defined(__GLIBC__)
#define PADS(m) 0
#define PAD1(m) 0
#define PAD2(m) 0
#define GARBLE(m) ((void)0)
#else
#define PADS(m) 1
#define PAD1(m) ((m).__pad1)
#define PAD2(m) ((m).__pad2)
#define GARBLE(m) ((m).__pad1 = (m).__pad2 = -1)
#endif

static int wait_for(int fd, short ev, int ms)
{
	struct pollfd p = { fd, ev, 0 };
	return poll(&p, 1, ms) == 1 ? p.revents : 0;
}

static int getint(int fd, int level, int opt)
{
	int v = -12345;
	socklen_t l = sizeof v;
	if (getsockopt(fd, level, opt, &v, &l) != 0 || l != sizeof v)
		return -12345;
	return v;
}

static int setint(int fd, int level, int opt, int v)
{
	return setsockopt(fd, level, opt, &v, sizeof v);
}

static int cloexec(int fd)
{
	int f = fcntl(fd, F_GETFD);
	return f < 0 ? -1 : !!(f & FD_CLOEXEC);
}

static int nonblock(int fd)
{
	int f = fcntl(fd, F_GETFL);
	return f < 0 ? -1 : !!(f & O_NONBLOCK);
}

static int same4(const struct sockaddr_in *a, const struct sockaddr_in *b)
{
	return a->sin_family == b->sin_family && a->sin_port == b->sin_port &&
	       a->sin_addr.s_addr == b->sin_addr.s_addr;
}

static int same6(const struct sockaddr_in6 *a, const struct sockaddr_in6 *b)
{
	return a->sin6_family == b->sin6_family && a->sin6_port == b->sin6_port &&
	       memcmp(&a->sin6_addr, &b->sin6_addr, 16) == 0 && a->sin6_scope_id == b->sin6_scope_id;
}

static struct sockaddr_in loop4(void)
{
	struct sockaddr_in a;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static struct sockaddr_in6 loop6(void)
{
	struct sockaddr_in6 a;
	memset(&a, 0, sizeof a);
	a.sin6_family = AF_INET6;
	a.sin6_addr = in6addr_loopback;
	return a;
}

static int connect4(const struct sockaddr_in *a)
{
	int c = socket(AF_INET, SOCK_STREAM, 0);
	if (c >= 0 && connect(c, (const struct sockaddr *)a, sizeof *a) == 0)
		return c;
	if (c >= 0)
		close(c);
	return -1;
}

static void tcp4(void)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);
	check("tcp4 socket", s >= 0, 1);
	check("SO_TYPE stream", getint(s, SOL_SOCKET, SO_TYPE), SOCK_STREAM);
	check("SO_REUSEADDR default", getint(s, SOL_SOCKET, SO_REUSEADDR), 0);
	check("SO_REUSEADDR set", setint(s, SOL_SOCKET, SO_REUSEADDR, 1), 0);
	check("SO_REUSEADDR now", getint(s, SOL_SOCKET, SO_REUSEADDR) != 0, 1);
	int v = 0;
	socklen_t l = 1;
	fail("setsockopt short optlen", setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &v, 1), EINVAL);
	l = sizeof v;
	fail("getsockopt unknown option", getsockopt(s, SOL_SOCKET, 9999, &v, &l), ENOPROTOOPT);
	check("SO_ACCEPTCONN before listen", getint(s, SOL_SOCKET, SO_ACCEPTCONN), 0);

	struct sockaddr_in a = loop4(), b;
	fail("bind short length", bind(s, (struct sockaddr *)&a, 4), EINVAL);
	struct sockaddr_in wrong = a;
	wrong.sin_family = AF_UNIX;
	fail("bind wrong family", bind(s, (struct sockaddr *)&wrong, sizeof wrong), EAFNOSUPPORT);
	check("bind", bind(s, (struct sockaddr *)&a, sizeof a), 0);
	fail("bind twice", bind(s, (struct sockaddr *)&a, sizeof a), EINVAL);
	memset(&b, 0xee, sizeof b);
	l = sizeof b;
	check("getsockname", getsockname(s, (struct sockaddr *)&b, &l), 0);
	check("getsockname length", l, sizeof b);
	check("getsockname family", b.sin_family, AF_INET);
	check("port assigned", b.sin_port != 0, 1);
	check("address is loopback", b.sin_addr.s_addr == htonl(INADDR_LOOPBACK), 1);
	l = sizeof a;
	fail("getpeername unconnected", getpeername(s, (struct sockaddr *)&a, &l), ENOTCONN);
	fail("accept before listen", accept(s, 0, 0), EINVAL);
	/* Not on a listening socket: musl 1.2.3 retries an accept4 that failed with EINVAL as a
	 * plain accept, so bad flags there would accept a connection. */
	fail("accept4 bad flags", accept4(s, 0, 0, 0x4), EINVAL);
	fail("accept4 before listen", accept4(s, 0, 0, SOCK_CLOEXEC), EINVAL);
	check("listen", listen(s, 8), 0);
	check("SO_ACCEPTCONN after listen", getint(s, SOL_SOCKET, SO_ACCEPTCONN), 1);

	int e = socket(AF_INET, SOCK_STREAM, 0);
	fail("bind in use", bind(e, (struct sockaddr *)&b, sizeof b), EADDRINUSE);
	fail("recv unconnected", recv(e, &v, 1, 0), ENOTCONN);
	fail("shutdown unconnected", shutdown(e, SHUT_RDWR), ENOTCONN);
	fail("send unconnected", send(e, "x", 1, MSG_NOSIGNAL), EPIPE);
	fail("connect wrong family", connect(e, (struct sockaddr *)&wrong, sizeof wrong), EAFNOSUPPORT);
	close(e);

	int c = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	check("SOCK_CLOEXEC", cloexec(c), 1);
	check("not O_NONBLOCK", nonblock(c), 0);
	check("connect", connect(c, (struct sockaddr *)&b, sizeof b), 0);
	fail("connect again", connect(c, (struct sockaddr *)&b, sizeof b), EISCONN);
	struct sockaddr_in ca, pa, sa;
	l = sizeof ca;
	check("client getsockname", getsockname(c, (struct sockaddr *)&ca, &l), 0);
	l = sizeof pa;
	check("client getpeername", getpeername(c, (struct sockaddr *)&pa, &l), 0);
	yes("client's peer is the listener", l == sizeof pa && same4(&pa, &b));
	memset(&pa, 0, sizeof pa);
	l = sizeof pa;
	int d = accept4(s, (struct sockaddr *)&pa, &l, SOCK_CLOEXEC | SOCK_NONBLOCK);
	check("accept4", d >= 0, 1);
	check("accept4 SOCK_CLOEXEC", cloexec(d), 1);
	check("accept4 SOCK_NONBLOCK", nonblock(d), 1);
	check("accept4 address length", l, sizeof pa);
	yes("accepted peer is the client", same4(&pa, &ca));
	l = sizeof sa;
	check("accepted getsockname", getsockname(d, (struct sockaddr *)&sa, &l), 0);
	yes("accepted local is the listener", same4(&sa, &b));

	check("TCP_NODELAY default", getint(c, IPPROTO_TCP, TCP_NODELAY), 0);
	check("TCP_NODELAY set", setint(c, IPPROTO_TCP, TCP_NODELAY, 1), 0);
	check("TCP_NODELAY now", getint(c, IPPROTO_TCP, TCP_NODELAY), 1);
	check("SO_RCVBUF set", setint(d, SOL_SOCKET, SO_RCVBUF, 32768), 0);
	check("SO_RCVBUF doubled", getint(d, SOL_SOCKET, SO_RCVBUF), 65536);
	check("SO_ERROR clear", getint(c, SOL_SOCKET, SO_ERROR), 0);

	char buf[64];
	check("send", send(c, "hello", 5, 0), 5);
	check("readable", !!(wait_for(d, POLLIN, 2000) & POLLIN), 1);
	memset(buf, 0, sizeof buf);
	check("recv MSG_PEEK", recv(d, buf, 3, MSG_PEEK), 3);
	check("peeked", memcmp(buf, "hel", 3), 0);
	memset(buf, 0, sizeof buf);
	check("recv", recv(d, buf, sizeof buf, 0), 5);
	check("received", memcmp(buf, "hello", 5), 0);
	fail("recv nonblocking empty", recv(d, buf, sizeof buf, 0), EAGAIN);
	fail("recv MSG_DONTWAIT empty", recv(c, buf, sizeof buf, MSG_DONTWAIT), EAGAIN);
	check("read/write work too", write(c, "ab", 2), 2);
	wait_for(d, POLLIN, 2000);
	check("read", read(d, buf, sizeof buf), 2);
	check("shutdown SHUT_WR", shutdown(c, SHUT_WR), 0);
	check("EOF readable", !!(wait_for(d, POLLIN, 2000) & POLLIN), 1);
	check("recv EOF", recv(d, buf, sizeof buf, 0), 0);
	fail("send after SHUT_WR", send(c, "x", 1, MSG_NOSIGNAL), EPIPE);
	signal(SIGPIPE, SIG_IGN);
	fail("write after SHUT_WR", write(c, "x", 1), EPIPE);
	signal(SIGPIPE, SIG_DFL);
	check("other direction still open", send(d, "reply", 5, 0), 5);
	memset(buf, 0, sizeof buf);
	check("recv reply", recv(c, buf, sizeof buf, 0), 5);
	check("reply", memcmp(buf, "reply", 5), 0);
	close(d);
	check("recv EOF after close", recv(c, buf, sizeof buf, 0), 0);
	close(c);

	/* Plain accept: no flags; a short address buffer is filled partly and the length says how
	 * long the address is. */
	c = connect4(&b);
	d = accept(s, 0, 0);
	check("accept without address", d >= 0, 1);
	check("accept no CLOEXEC", cloexec(d), 0);
	check("accept no O_NONBLOCK", nonblock(d), 0);
	close(d);
	close(c);
	c = connect4(&b);
	memset(&pa, 0xee, sizeof pa);
	l = 4;
	d = accept(s, (struct sockaddr *)&pa, &l);
	check("accept short buffer", d >= 0, 1);
	check("accept short buffer length", l, sizeof pa);
	check("accept short buffer family", pa.sin_family, AF_INET);
	check("accept short buffer untouched past it", pa.sin_addr.s_addr, (long)0xeeeeeeee);
	close(d);
	close(c);

	/* Out-of-band data: the mark sits after the ordinary bytes sent before it. */
	c = connect4(&b);
	d = accept(s, 0, 0);
	check("send before OOB", send(c, "abc", 3, 0), 3);
	check("send MSG_OOB", send(c, "!", 1, MSG_OOB), 1);
	check("POLLPRI", !!(wait_for(d, POLLPRI, 2000) & POLLPRI), 1);
	check("sockatmark before", sockatmark(d), 0);
	memset(buf, 0, sizeof buf);
	check("recv stops at the mark", recv(d, buf, sizeof buf, 0), 3);
	check("ordinary bytes", memcmp(buf, "abc", 3), 0);
	check("sockatmark at mark", sockatmark(d), 1);
	check("recv MSG_OOB", recv(d, buf, 1, MSG_OOB), 1);
	check("OOB byte", buf[0], '!');
	fail("recv MSG_OOB again", recv(d, buf, 1, MSG_OOB), EINVAL);
	check("send after OOB", send(c, "z", 1, 0), 1);
	wait_for(d, POLLIN, 2000);
	check("recv after OOB", recv(d, buf, sizeof buf, 0), 1);
	check("byte after OOB", buf[0], 'z');
	close(d);
	close(c);

	/* Non-blocking connect: in progress, then writable, then SO_ERROR. */
	c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	check("SOCK_NONBLOCK", nonblock(c), 1);
	int r = connect(c, (struct sockaddr *)&b, sizeof b);
	int inprog = r == 0 || (r == -1 && errno == EINPROGRESS);
	yes("nonblocking connect started", inprog);
	check("POLLOUT", !!(wait_for(c, POLLOUT, 2000) & POLLOUT), 1);
	check("SO_ERROR after connect", getint(c, SOL_SOCKET, SO_ERROR), 0);
	d = accept(s, 0, 0);
	check("accept nonblocking peer", d >= 0, 1);
	close(d);
	close(c);

	/* A port bound but not listening refuses; the error shows in SO_ERROR once. */
	int bound = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in ba = loop4();
	bind(bound, (struct sockaddr *)&ba, sizeof ba);
	l = sizeof ba;
	getsockname(bound, (struct sockaddr *)&ba, &l);
	c = socket(AF_INET, SOCK_STREAM, 0);
	fail("connect refused", connect(c, (struct sockaddr *)&ba, sizeof ba), ECONNREFUSED);
	close(c);
	c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	r = connect(c, (struct sockaddr *)&ba, sizeof ba);
	int e1 = errno;
	if (r == -1 && e1 == EINPROGRESS) {
		wait_for(c, POLLOUT, 2000);
		r = getint(c, SOL_SOCKET, SO_ERROR);
	} else if (r == -1) {
		r = e1;
	}
	check("nonblocking refused SO_ERROR", r, ECONNREFUSED);
	check("SO_ERROR cleared", getint(c, SOL_SOCKET, SO_ERROR), 0);
	close(c);
	close(bound);
	close(s);
}

struct echo {
	int listener;
	int status;
};

/* The thread accepts one connection, answers each chunk in upper case until EOF, and closes. */
static void *echo_thread(void *p)
{
	struct echo *e = p;
	struct sockaddr_in6 pa;
	socklen_t l = sizeof pa;
	int d = accept(e->listener, (struct sockaddr *)&pa, &l);
	if (d < 0 || l != sizeof pa || pa.sin6_family != AF_INET6 ||
	    memcmp(&pa.sin6_addr, &in6addr_loopback, 16)) {
		e->status = 1;
		return 0;
	}
	char buf[64];
	ssize_t n;
	for (int i = 0; i < 100 && (n = read(d, buf, sizeof buf)) > 0; i++) {
		for (ssize_t k = 0; k < n; k++)
			if (buf[k] >= 'a' && buf[k] <= 'z')
				buf[k] -= 32;
		if (write(d, buf, n) != n)
			e->status = 2;
	}
	close(d);
	return 0;
}

static void tcp6(void)
{
	int s = socket(AF_INET6, SOCK_STREAM, 0);
	check("tcp6 socket", s >= 0, 1);
	int def = getint(s, IPPROTO_IPV6, IPV6_V6ONLY);
	check("IPV6_V6ONLY default is 0 or 1", def == 0 || def == 1, 1);
	check("IPV6_V6ONLY set", setint(s, IPPROTO_IPV6, IPV6_V6ONLY, 1), 0);
	check("IPV6_V6ONLY now", getint(s, IPPROTO_IPV6, IPV6_V6ONLY), 1);
	check("IPV6_V6ONLY clear", setint(s, IPPROTO_IPV6, IPV6_V6ONLY, 0), 0);
	check("IPV6_V6ONLY cleared", getint(s, IPPROTO_IPV6, IPV6_V6ONLY), 0);
	struct sockaddr_in6 a = loop6(), b;
	fail("bind6 short length", bind(s, (struct sockaddr *)&a, sizeof(struct sockaddr_in) - 1), EINVAL);
	check("bind ::1", bind(s, (struct sockaddr *)&a, sizeof a), 0);
	memset(&b, 0xee, sizeof b);
	socklen_t l = sizeof b;
	check("getsockname6", getsockname(s, (struct sockaddr *)&b, &l), 0);
	check("getsockname6 length", l, sizeof b);
	check("getsockname6 family", b.sin6_family, AF_INET6);
	yes("getsockname6 address ::1", memcmp(&b.sin6_addr, &in6addr_loopback, 16) == 0);
	check("getsockname6 scope", b.sin6_scope_id, 0);
	check("getsockname6 flowinfo", b.sin6_flowinfo, 0);
	check("listen6", listen(s, 4), 0);

	struct echo e = { s, 0 };
	pthread_t t;
	check("pthread_create", pthread_create(&t, 0, echo_thread, &e), 0);
	int c = socket(AF_INET6, SOCK_STREAM, 0);
	check("connect ::1", connect(c, (struct sockaddr *)&b, sizeof b), 0);
	struct sockaddr_in6 pa;
	l = sizeof pa;
	check("getpeername6", getpeername(c, (struct sockaddr *)&pa, &l), 0);
	yes("peer6 is the listener", l == sizeof pa && same6(&pa, &b));
	check("send6 first", send(c, "hello, ", 7, 0), 7);
	char buf[64];
	size_t got = 0;
	/* Read the first answer before sending more, so the chunks cannot merge. */
	for (int i = 0; i < 20 && got < 7; i++) {
		ssize_t n = recv(c, buf + got, sizeof buf - got, 0);
		if (n <= 0)
			break;
		got += n;
	}
	check("send6 second", send(c, "world", 5, 0), 5);
	check("shutdown6 SHUT_WR", shutdown(c, SHUT_WR), 0);
	for (int i = 0; i < 20 && got < sizeof buf; i++) {
		ssize_t n = recv(c, buf + got, sizeof buf - got, 0);
		if (n <= 0)
			break;
		got += n;
	}
	check("echo length", got, 12);
	check("echo text", memcmp(buf, "HELLO, WORLD", 12), 0);
	check("pthread_join", pthread_join(t, 0), 0);
	check("echo thread status", e.status, 0);
	close(c);
	close(s);

	/* Dual stack: an IPv6 socket on :: takes IPv4 peers as ::ffff:a.b.c.d, and holds the
	 * IPv4 port too unless IPV6_V6ONLY is set. */
	s = socket(AF_INET6, SOCK_STREAM, 0);
	setint(s, IPPROTO_IPV6, IPV6_V6ONLY, 0);
	struct sockaddr_in6 any;
	memset(&any, 0, sizeof any);
	any.sin6_family = AF_INET6;
	any.sin6_addr = in6addr_any;
	check("bind ::", bind(s, (struct sockaddr *)&any, sizeof any), 0);
	l = sizeof any;
	getsockname(s, (struct sockaddr *)&any, &l);
	check("listen ::", listen(s, 4), 0);
	struct sockaddr_in v4 = loop4();
	v4.sin_port = any.sin6_port;
	c = socket(AF_INET, SOCK_STREAM, 0);
	check("IPv4 connect to ::", connect(c, (struct sockaddr *)&v4, sizeof v4), 0);
	l = sizeof pa;
	int d = accept(s, (struct sockaddr *)&pa, &l);
	check("accept IPv4 peer", d >= 0, 1);
	check("mapped peer length", l, sizeof pa);
	char text[INET6_ADDRSTRLEN] = "";
	inet_ntop(AF_INET6, &pa.sin6_addr, text, sizeof text);
	printf("mapped peer %s\n", text);
	struct sockaddr_in cl;
	l = sizeof cl;
	getsockname(c, (struct sockaddr *)&cl, &l);
	check("mapped peer port", pa.sin6_port == cl.sin_port, 1);
	close(d);
	close(c);
	int v4s = socket(AF_INET, SOCK_STREAM, 0);
	fail("IPv4 bind under dual-stack ::", bind(v4s, (struct sockaddr *)&v4, sizeof v4), EADDRINUSE);
	close(v4s);
	close(s);
	s = socket(AF_INET6, SOCK_STREAM, 0);
	setint(s, IPPROTO_IPV6, IPV6_V6ONLY, 1);
	any.sin6_port = 0;
	check("bind :: v6only", bind(s, (struct sockaddr *)&any, sizeof any), 0);
	l = sizeof any;
	getsockname(s, (struct sockaddr *)&any, &l);
	v4.sin_port = any.sin6_port;
	v4s = socket(AF_INET, SOCK_STREAM, 0);
	check("IPv4 bind beside v6only ::", bind(v4s, (struct sockaddr *)&v4, sizeof v4), 0);
	close(v4s);
	close(s);
}

static void udp(void)
{
	int u1 = socket(AF_INET, SOCK_DGRAM, 0), u2 = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
	check("udp sockets", u1 >= 0 && u2 >= 0, 1);
	check("SO_TYPE dgram", getint(u1, SOL_SOCKET, SO_TYPE), SOCK_DGRAM);
	fail("listen on udp", listen(u1, 1), EOPNOTSUPP);
	struct sockaddr_in a1 = loop4(), a2 = loop4(), from;
	socklen_t l;
	check("bind udp 1", bind(u1, (struct sockaddr *)&a1, sizeof a1), 0);
	check("bind udp 2", bind(u2, (struct sockaddr *)&a2, sizeof a2), 0);
	l = sizeof a1;
	getsockname(u1, (struct sockaddr *)&a1, &l);
	l = sizeof a2;
	getsockname(u2, (struct sockaddr *)&a2, &l);
	fail("send without address", send(u1, "x", 1, 0), EDESTADDRREQ);
	check("sendto", sendto(u1, "ping", 4, 0, (struct sockaddr *)&a2, sizeof a2), 4);
	char buf[64];
	memset(&from, 0, sizeof from);
	l = sizeof from;
	wait_for(u2, POLLIN, 2000);
	check("recvfrom", recvfrom(u2, buf, sizeof buf, 0, (struct sockaddr *)&from, &l), 4);
	check("recvfrom length", l, sizeof from);
	yes("recvfrom sender", same4(&from, &a1));
	check("payload", memcmp(buf, "ping", 4), 0);
	fail("recvfrom empty", recvfrom(u2, buf, sizeof buf, 0, (struct sockaddr *)&from, &l), EAGAIN);

	check("sendto 10", sendto(u1, "0123456789", 10, 0, (struct sockaddr *)&a2, sizeof a2), 10);
	wait_for(u2, POLLIN, 2000);
	check("recv MSG_PEEK short", recv(u2, buf, 4, MSG_PEEK), 4);
	check("recv MSG_PEEK|MSG_TRUNC", recv(u2, buf, 2, MSG_PEEK | MSG_TRUNC), 10);
	memset(buf, 0, sizeof buf);
	check("recv MSG_TRUNC gives the real length", recv(u2, buf, 4, MSG_TRUNC), 10);
	check("truncated bytes", memcmp(buf, "0123\0", 5), 0);
	fail("datagram gone", recv(u2, buf, sizeof buf, MSG_DONTWAIT), EAGAIN);

	/* recvmsg into three iovecs with a garbage-filled header; the datagram is longer. */
	check("sendto 12", sendto(u1, "abcdefghijkl", 12, 0, (struct sockaddr *)&a2, sizeof a2), 12);
	wait_for(u2, POLLIN, 2000);
	char p1[3], p2[2], p3[4];
	struct iovec iov[3] = { { p1, 3 }, { p2, 2 }, { p3, 4 } };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = &from;
	m.msg_namelen = sizeof from;
	m.msg_iov = iov;
	m.msg_iovlen = 3;
	m.msg_control = 0;
	m.msg_controllen = 0;
	m.msg_flags = 0;
	check("recvmsg MSG_PEEK", recvmsg(u2, &m, MSG_PEEK | MSG_DONTWAIT), 9);
	yes("peeked scatter", !memcmp(p1, "abc", 3) && !memcmp(p2, "de", 2) && !memcmp(p3, "fghi", 4));
	memset(p1, 0, 3);
	memset(p2, 0, 2);
	memset(p3, 0, 4);
	m.msg_flags = 0;
	m.msg_namelen = sizeof from;
	GARBLE(m);
	memset(&from, 0, sizeof from);
	check("recvmsg scatter", recvmsg(u2, &m, 0), 9);
	check("recvmsg MSG_TRUNC flag", m.msg_flags & MSG_TRUNC, MSG_TRUNC);
	check("recvmsg name length", m.msg_namelen, sizeof from);
	yes("recvmsg sender", same4(&from, &a1));
	yes("scattered", !memcmp(p1, "abc", 3) && !memcmp(p2, "de", 2) && !memcmp(p3, "fghi", 4));
	if (PADS(m))
		check("recvmsg pads zeroed", PAD1(m) == 0 && PAD2(m) == 0, 1);
	else
		check("recvmsg pads zeroed", 1, 1);

	/* sendmsg gathering from iovecs, garbage in the padding. */
	char q1[] = "gat", q2[] = "her";
	struct iovec qv[2] = { { q1, 3 }, { q2, 3 } };
	memset(&m, 0xff, sizeof m);
	m.msg_name = &a2;
	m.msg_namelen = sizeof a2;
	m.msg_iov = qv;
	m.msg_iovlen = 2;
	m.msg_control = 0;
	m.msg_controllen = 0;
	m.msg_flags = 0;
	check("sendmsg gather", sendmsg(u1, &m, 0), 6);
	if (PADS(m))
		check("sendmsg leaves the caller's pads", PAD1(m) == -1 && PAD2(m) == -1, 1);
	else
		check("sendmsg leaves the caller's pads", 1, 1);
	wait_for(u2, POLLIN, 2000);
	memset(buf, 0, sizeof buf);
	check("gathered", recv(u2, buf, sizeof buf, 0), 6);
	check("gathered text", strcmp(buf, "gather"), 0);

	/* Connected UDP. */
	check("udp connect", connect(u1, (struct sockaddr *)&a2, sizeof a2), 0);
	struct sockaddr_in pa;
	l = sizeof pa;
	check("udp getpeername", getpeername(u1, (struct sockaddr *)&pa, &l), 0);
	yes("udp peer", same4(&pa, &a2));
	check("udp send connected", send(u1, "conn", 4, 0), 4);
	wait_for(u2, POLLIN, 2000);
	l = sizeof from;
	check("udp recvfrom connected", recvfrom(u2, buf, sizeof buf, 0, (struct sockaddr *)&from, &l), 4);
	yes("udp sender connected", same4(&from, &a1));

	/* sendmmsg and recvmmsg, headers full of garbage first. */
	struct mmsghdr mm[8];
	char out[5][8], in[8][16];
	struct iovec ov[5], iv[8];
	struct sockaddr_in names[8];
	memset(mm, 0xff, sizeof mm);
	for (int i = 0; i < 5; i++) {
		memset(out[i], 'A' + i, sizeof out[i]);
		ov[i].iov_base = out[i];
		ov[i].iov_len = i + 1;
		mm[i].msg_hdr.msg_name = 0;
		mm[i].msg_hdr.msg_namelen = 0;
		mm[i].msg_hdr.msg_iov = &ov[i];
		mm[i].msg_hdr.msg_iovlen = 1;
		mm[i].msg_hdr.msg_control = 0;
		mm[i].msg_hdr.msg_controllen = 0;
		mm[i].msg_hdr.msg_flags = 0;
		mm[i].msg_len = 0;
	}
	check("sendmmsg none", sendmmsg(u1, mm, 0, 0), 0);
	check("sendmmsg", sendmmsg(u1, mm, 5, 0), 5);
	int lens = 1;
	for (int i = 0; i < 5; i++)
		lens &= mm[i].msg_len == (unsigned)i + 1;
	yes("sendmmsg msg_len", lens);
	wait_for(u2, POLLIN, 2000);
	/* Give every datagram time to be queued: loopback delivery is synchronous, so they are. */
	memset(mm, 0xff, sizeof mm);
	memset(in, 0, sizeof in);
	for (int i = 0; i < 8; i++) {
		iv[i].iov_base = in[i];
		iv[i].iov_len = sizeof in[i];
		mm[i].msg_hdr.msg_name = &names[i];
		mm[i].msg_hdr.msg_namelen = sizeof names[i];
		mm[i].msg_hdr.msg_iov = &iv[i];
		mm[i].msg_hdr.msg_iovlen = 1;
		mm[i].msg_hdr.msg_control = 0;
		mm[i].msg_hdr.msg_controllen = 0;
		mm[i].msg_hdr.msg_flags = 0;
		mm[i].msg_len = 0;
	}
	check("recvmmsg MSG_WAITFORONE", recvmmsg(u2, mm, 8, MSG_WAITFORONE, 0), 5);
	int good = 1;
	for (int i = 0; i < 5; i++) {
		good &= mm[i].msg_len == (unsigned)i + 1;
		good &= in[i][0] == 'A' + i && in[i][i] == 'A' + i && in[i][i + 1] == 0;
		good &= mm[i].msg_hdr.msg_namelen == sizeof names[i] && same4(&names[i], &a1);
	}
	yes("recvmmsg lengths, data and senders", good);
	if (PADS(m)) {
		int z = 1;
		for (int i = 0; i < 8; i++)
			z &= PAD1(mm[i].msg_hdr) == 0 && PAD2(mm[i].msg_hdr) == 0;
		check("recvmmsg pads zeroed", z, 1);
	} else {
		check("recvmmsg pads zeroed", 1, 1);
	}
	fail("recvmmsg empty", recvmmsg(u2, mm, 8, MSG_DONTWAIT, 0), EAGAIN);

	/* sendmmsg stops at the first message that fails and counts the ones sent. */
	static struct iovec many[1025];
	for (int i = 0; i < 1025; i++) {
		many[i].iov_base = out[0];
		many[i].iov_len = 0;
	}
	memset(mm, 0xff, sizeof mm);
	for (int i = 0; i < 3; i++) {
		mm[i].msg_hdr.msg_name = 0;
		mm[i].msg_hdr.msg_namelen = 0;
		mm[i].msg_hdr.msg_iov = i == 1 ? many : &ov[i];
		mm[i].msg_hdr.msg_iovlen = i == 1 ? 1025 : 1;
		mm[i].msg_hdr.msg_control = 0;
		mm[i].msg_hdr.msg_controllen = 0;
		mm[i].msg_hdr.msg_flags = 0;
		mm[i].msg_len = 77;
	}
	check("sendmmsg partial", sendmmsg(u1, mm, 3, 0), 1);
	check("sendmmsg partial msg_len", mm[0].msg_len, 1);
	check("sendmmsg unsent msg_len", mm[1].msg_len, 77);
	mm[1].msg_hdr.msg_iovlen = 1025;
	errno = 0;
	fail("sendmmsg first fails", sendmmsg(u1, mm + 1, 2, 0), EMSGSIZE);
	wait_for(u2, POLLIN, 2000);
	check("one datagram from the partial sendmmsg", recv(u2, buf, sizeof buf, 0), 1);
	fail("and no more", recv(u2, buf, sizeof buf, MSG_DONTWAIT), EAGAIN);
	close(u1);
	close(u2);

	/* A connected UDP socket whose peer port is closed: the ICMP error comes back. */
	int u3 = socket(AF_INET, SOCK_DGRAM, 0);
	struct sockaddr_in a3 = loop4();
	bind(u3, (struct sockaddr *)&a3, sizeof a3);
	l = sizeof a3;
	getsockname(u3, (struct sockaddr *)&a3, &l);
	close(u3);
	int u4 = socket(AF_INET, SOCK_DGRAM, 0);
	check("udp connect to closed port", connect(u4, (struct sockaddr *)&a3, sizeof a3), 0);
	check("udp send to closed port", send(u4, "x", 1, 0), 1);
	wait_for(u4, POLLIN | POLLERR, 2000);
	fail("udp ECONNREFUSED", recv(u4, buf, sizeof buf, MSG_DONTWAIT), ECONNREFUSED);
	close(u4);

	/* UDP over ::1. */
	int w1 = socket(AF_INET6, SOCK_DGRAM, 0), w2 = socket(AF_INET6, SOCK_DGRAM, 0);
	struct sockaddr_in6 b1 = loop6(), b2 = loop6(), f6;
	check("bind udp6 1", bind(w1, (struct sockaddr *)&b1, sizeof b1), 0);
	check("bind udp6 2", bind(w2, (struct sockaddr *)&b2, sizeof b2), 0);
	l = sizeof b1;
	getsockname(w1, (struct sockaddr *)&b1, &l);
	l = sizeof b2;
	getsockname(w2, (struct sockaddr *)&b2, &l);
	check("sendto6", sendto(w1, "six", 3, 0, (struct sockaddr *)&b2, sizeof b2), 3);
	wait_for(w2, POLLIN, 2000);
	memset(&f6, 0xee, sizeof f6);
	l = sizeof f6;
	check("recvfrom6", recvfrom(w2, buf, sizeof buf, 0, (struct sockaddr *)&f6, &l), 3);
	check("recvfrom6 length", l, sizeof f6);
	yes("recvfrom6 sender", same6(&f6, &b1));
	check("recvfrom6 flowinfo", f6.sin6_flowinfo, 0);
	l = sizeof(struct sockaddr_in);
	check("sendto6 again", sendto(w1, "6", 1, 0, (struct sockaddr *)&b2, sizeof b2), 1);
	wait_for(w2, POLLIN, 2000);
	memset(&f6, 0xee, sizeof f6);
	check("recvfrom6 short name buffer", recvfrom(w2, buf, sizeof buf, 0, (struct sockaddr *)&f6, &l), 1);
	check("recvfrom6 full length reported", l, sizeof f6);
	check("recvfrom6 port copied", f6.sin6_port == b1.sin6_port, 1);
	close(w1);
	close(w2);
}

static socklen_t unaddr(struct sockaddr_un *a, const char *path, int abstract)
{
	memset(a, 0, sizeof *a);
	a->sun_family = AF_UNIX;
	size_t n = strlen(path);
	memcpy(a->sun_path + !!abstract, path, n);
	/* A path counts its terminating null; an abstract name its leading one. */
	return offsetof(struct sockaddr_un, sun_path) + n + 1;
}

static void unix_stream(void)
{
	int sv[2];
	check("socketpair stream", socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	check("socketpair CLOEXEC", cloexec(sv[0]) == 1 && cloexec(sv[1]) == 1, 1);
	check("socketpair SO_TYPE", getint(sv[0], SOL_SOCKET, SO_TYPE), SOCK_STREAM);
	struct ucred cr;
	memset(&cr, 0xee, sizeof cr);
	socklen_t l = sizeof cr;
	check("SO_PEERCRED", getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cr, &l), 0);
	check("SO_PEERCRED length", l, sizeof cr);
	yes("SO_PEERCRED is this process", cr.pid == getpid() && cr.uid == getuid() && cr.gid == getgid());
	struct sockaddr_un un;
	l = sizeof un;
	check("socketpair getsockname", getsockname(sv[0], (struct sockaddr *)&un, &l), 0);
	check("unnamed length", l, sizeof(sa_family_t));
	check("unnamed family", un.sun_family, AF_UNIX);
	check("write pair", write(sv[0], "pair", 4), 4);
	char buf[64];
	check("read pair", read(sv[1], buf, sizeof buf), 4);
	check("shutdown pair SHUT_WR", shutdown(sv[0], SHUT_WR), 0);
	check("read EOF", read(sv[1], buf, sizeof buf), 0);
	check("other way open", write(sv[1], "back", 4), 4);
	check("read other way", read(sv[0], buf, sizeof buf), 4);
	close(sv[0]);
	close(sv[1]);

	/* A path name, a forked client. */
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet_net_%d.sock", (int)getpid());
	unlink(path);
	struct sockaddr_un a;
	socklen_t alen = unaddr(&a, path, 0);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	check("bind path", bind(s, (struct sockaddr *)&a, alen), 0);
	struct stat st;
	check("socket file", stat(path, &st) == 0 && S_ISSOCK(st.st_mode), 1);
	memset(&un, 0xee, sizeof un);
	l = sizeof un;
	check("path getsockname", getsockname(s, (struct sockaddr *)&un, &l), 0);
	check("path name length", l, alen);
	check("path name", strcmp(un.sun_path, path), 0);
	check("listen path", listen(s, 4), 0);
	int s2 = socket(AF_UNIX, SOCK_STREAM, 0);
	fail("bind path in use", bind(s2, (struct sockaddr *)&a, alen), EADDRINUSE);
	struct sockaddr_un missing;
	socklen_t mlen = unaddr(&missing, "/tmp/limpet_net_missing_dir/x", 0);
	fail("connect missing path", connect(s2, (struct sockaddr *)&missing, mlen), ENOENT);
	fail("bind too long", bind(s2, (struct sockaddr *)&a, sizeof a + 1), EINVAL);
	close(s2);

	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		alarm(10);
		int c = socket(AF_UNIX, SOCK_STREAM, 0);
		if (connect(c, (struct sockaddr *)&a, alen))
			_exit(1);
		struct ucred pc;
		socklen_t pl = sizeof pc;
		if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &pc, &pl) || pc.pid != getppid())
			_exit(2);
		if (write(c, "child", 5) != 5)
			_exit(3);
		char b[16];
		if (read(c, b, sizeof b) != 6 || memcmp(b, "parent", 6))
			_exit(4);
		_exit(0);
	}
	struct sockaddr_un pa;
	memset(&pa, 0xee, sizeof pa);
	l = sizeof pa;
	int d = accept(s, (struct sockaddr *)&pa, &l);
	check("accept unix", d >= 0, 1);
	check("unix peer unnamed length", l, sizeof(sa_family_t));
	check("unix peer family", pa.sun_family, AF_UNIX);
	memset(&cr, 0, sizeof cr);
	l = sizeof cr;
	getsockopt(d, SOL_SOCKET, SO_PEERCRED, &cr, &l);
	yes("SO_PEERCRED is the child", cr.pid == child && cr.uid == getuid());
	memset(buf, 0, sizeof buf);
	check("read from child", read(d, buf, sizeof buf), 5);
	check("child text", strcmp(buf, "child"), 0);
	check("write to child", write(d, "parent", 6), 6);
	int status = -1;
	waitpid(child, &status, 0);
	check("child status", status, 0);
	close(d);
	close(s);
	check("unlink socket", unlink(path), 0);
	s2 = socket(AF_UNIX, SOCK_STREAM, 0);
	fail("connect unlinked path", connect(s2, (struct sockaddr *)&a, alen), ENOENT);
	close(s2);
}

static void unix_abstract(void)
{
	char name[64];
	snprintf(name, sizeof name, "limpet-net-%d", (int)getpid());
	struct sockaddr_un a;
	/* The abstract name's length is exactly its bytes: no terminating null. */
	socklen_t alen = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name);
	unaddr(&a, name, 1);
	int s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	check("seqpacket socket", s >= 0, 1);
	check("SO_TYPE seqpacket", getint(s, SOL_SOCKET, SO_TYPE), SOCK_SEQPACKET);
	check("bind abstract", bind(s, (struct sockaddr *)&a, alen), 0);
	struct sockaddr_un un;
	memset(&un, 0xee, sizeof un);
	socklen_t l = sizeof un;
	check("abstract getsockname", getsockname(s, (struct sockaddr *)&un, &l), 0);
	check("abstract name length", l, alen);
	yes("abstract name bytes", memcmp(&un, &a, alen) == 0);
	check("listen abstract", listen(s, 4), 0);
	int s2 = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	fail("bind abstract in use", bind(s2, (struct sockaddr *)&a, alen), EADDRINUSE);
	close(s2);
	int c = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	check("connect abstract", connect(c, (struct sockaddr *)&a, alen), 0);
	memset(&un, 0xee, sizeof un);
	l = sizeof un;
	check("abstract getpeername", getpeername(c, (struct sockaddr *)&un, &l), 0);
	yes("abstract peer name", l == alen && memcmp(&un, &a, alen) == 0);
	int d = accept4(s, 0, 0, SOCK_NONBLOCK);
	check("accept seqpacket", d >= 0, 1);
	check("send one", send(c, "one", 3, 0), 3);
	check("send three", send(c, "three", 5, 0), 5);
	check("send empty record", send(c, "", 0, 0), 0);
	check("send four", send(c, "four", 4, 0), 4);
	char buf[64];
	check("record one", recv(d, buf, sizeof buf, 0), 3);
	check("record three", recv(d, buf, sizeof buf, 0), 5);
	check("record three text", memcmp(buf, "three", 5), 0);
	/* A record read short is cut, and says so. */
	char small[2];
	struct iovec iov = { small, 2 };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = 0;
	m.msg_controllen = 0;
	m.msg_flags = 0;
	/* The empty record first. */
	check("empty record", recvmsg(d, &m, 0), 0);
	check("empty record flags", m.msg_flags, 0);
	m.msg_flags = 0;
	check("record four cut", recvmsg(d, &m, 0), 2);
	check("MSG_TRUNC flag", m.msg_flags & MSG_TRUNC, MSG_TRUNC);
	check("cut bytes", memcmp(small, "fo", 2), 0);
	fail("rest discarded", recv(d, buf, sizeof buf, 0), EAGAIN);
	check("seqpacket shutdown", shutdown(c, SHUT_WR), 0);
	wait_for(d, POLLIN, 2000);
	check("seqpacket EOF", recv(d, buf, sizeof buf, 0), 0);
	close(d);
	close(c);
	close(s);

	/* Datagrams between two bound abstract names: the sender's name comes back. */
	char n1[64], n2[64];
	snprintf(n1, sizeof n1, "limpet-net-%d-a", (int)getpid());
	snprintf(n2, sizeof n2, "limpet-net-%d-b", (int)getpid());
	struct sockaddr_un a1, a2, from;
	socklen_t l1 = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(n1);
	socklen_t l2 = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(n2);
	unaddr(&a1, n1, 1);
	unaddr(&a2, n2, 1);
	int g1 = socket(AF_UNIX, SOCK_DGRAM, 0), g2 = socket(AF_UNIX, SOCK_DGRAM, 0);
	check("bind dgram 1", bind(g1, (struct sockaddr *)&a1, l1), 0);
	check("bind dgram 2", bind(g2, (struct sockaddr *)&a2, l2), 0);
	check("unix sendto", sendto(g1, "dgram", 5, 0, (struct sockaddr *)&a2, l2), 5);
	memset(&from, 0xee, sizeof from);
	l = sizeof from;
	check("unix recvfrom", recvfrom(g2, buf, sizeof buf, 0, (struct sockaddr *)&from, &l), 5);
	yes("unix recvfrom sender", l == l1 && memcmp(&from, &a1, l1) == 0);
	int g3 = socket(AF_UNIX, SOCK_DGRAM, 0);
	check("unbound sendto", sendto(g3, "anon", 4, 0, (struct sockaddr *)&a2, l2), 4);
	memset(&from, 0xee, sizeof from);
	l = sizeof from;
	check("recvfrom unbound sender", recvfrom(g2, buf, sizeof buf, 0, (struct sockaddr *)&from, &l), 4);
	printf("unbound sender name length %u\n", (unsigned)l);
	fail("unix dgram recv empty", recv(g2, buf, sizeof buf, MSG_DONTWAIT), EAGAIN);
	close(g1);
	close(g2);
	close(g3);

	int sv[2];
	check("socketpair dgram", socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, sv), 0);
	check("socketpair O_NONBLOCK", nonblock(sv[0]) == 1 && nonblock(sv[1]) == 1, 1);
	check("dgram 1", send(sv[0], "a", 1, 0), 1);
	check("dgram 2", send(sv[0], "bb", 2, 0), 2);
	check("dgram recv 1", recv(sv[1], buf, sizeof buf, 0), 1);
	check("dgram recv 2", recv(sv[1], buf, sizeof buf, 0), 2);
	fail("dgram pair empty", recv(sv[1], buf, sizeof buf, 0), EAGAIN);
	close(sv[0]);
	close(sv[1]);
	check("socketpair seqpacket", socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	check("seqpacket pair send", send(sv[0], "xyz", 3, 0), 3);
	check("seqpacket pair recv", recv(sv[1], buf, sizeof buf, 0), 3);
	close(sv[0]);
	close(sv[1]);
}

/* An SCM_RIGHTS message built in a buffer prefilled with 0xff: the cmsghdr's padding word and
 * the msghdr's are garbage. */
union control {
	struct cmsghdr h;
	char buf[256];
};

static ssize_t send_fds(int sock, const int *fds, int n, const char *data)
{
	union control c;
	memset(&c, 0xff, sizeof c);
	struct iovec iov = { (void *)data, strlen(data) };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = CMSG_SPACE(n * sizeof(int));
	m.msg_flags = 0;
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_len = CMSG_LEN(n * sizeof(int));
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	memcpy(CMSG_DATA(h), fds, n * sizeof(int));
	return sendmsg(sock, &m, 0);
}

static void rights(void)
{
	int sv[2], p[2];
	check("socketpair for fds", socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	check("pipe", pipe(p), 0);
	check("sendmsg SCM_RIGHTS", send_fds(sv[0], &p[1], 1, "fds"), 3);

	union control c;
	memset(&c, 0xff, sizeof c);
	char buf[16];
	struct iovec iov = { buf, sizeof buf };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = sizeof c.buf;
	m.msg_flags = 0;
	check("recvmsg SCM_RIGHTS", recvmsg(sv[1], &m, MSG_CMSG_CLOEXEC), 3);
	check("data", memcmp(buf, "fds", 3), 0);
	check("no MSG_CTRUNC", m.msg_flags & MSG_CTRUNC, 0);
	check("controllen", m.msg_controllen, CMSG_SPACE(sizeof(int)));
	if (PADS(m))
		check("recvmsg pads zeroed", PAD1(m) == 0 && PAD2(m) == 0, 1);
	else
		check("recvmsg pads zeroed", 1, 1);
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	int fd = -1;
	check("cmsg present", h != 0, 1);
	if (h) {
		check("cmsg_len", h->cmsg_len, CMSG_LEN(sizeof(int)));
		check("cmsg_level", h->cmsg_level, SOL_SOCKET);
		check("cmsg_type", h->cmsg_type, SCM_RIGHTS);
		memcpy(&fd, CMSG_DATA(h), sizeof fd);
		check("one cmsg only", CMSG_NXTHDR(&m, h) == 0, 1);
	}
	check("received a new descriptor", fd >= 0 && fd != p[1], 1);
	check("MSG_CMSG_CLOEXEC", cloexec(fd), 1);
	struct stat s1, s2;
	fstat(fd, &s1);
	fstat(p[1], &s2);
	yes("same pipe", s1.st_ino == s2.st_ino && s1.st_dev == s2.st_dev);
	close(p[1]);
	check("write through the passed end", write(fd, "through", 7), 7);
	close(fd);
	memset(buf, 0, sizeof buf);
	check("read the pipe", read(p[0], buf, sizeof buf), 7);
	check("pipe text", strcmp(buf, "through"), 0);
	check("pipe EOF", read(p[0], buf, sizeof buf), 0);
	close(p[0]);

	/* Three descriptors into room for two: the rest are dropped and MSG_CTRUNC says so. */
	int q[2];
	pipe(q);
	int three[3] = { q[0], q[1], q[0] };
	check("sendmsg three fds", send_fds(sv[0], three, 3, "3"), 1);
	memset(&c, 0xff, sizeof c);
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = CMSG_SPACE(sizeof(int));
	m.msg_flags = 0;
	check("recvmsg short control", recvmsg(sv[1], &m, 0), 1);
	check("MSG_CTRUNC", m.msg_flags & MSG_CTRUNC, MSG_CTRUNC);
	h = CMSG_FIRSTHDR(&m);
	int n = h ? (int)((h->cmsg_len - CMSG_LEN(0)) / sizeof(int)) : -1;
	check("descriptors that fit", n, 2);
	for (int i = 0; i < n && i < 2; i++) {
		int f;
		memcpy(&f, CMSG_DATA(h) + i * sizeof(int), sizeof f);
		check("received fd not cloexec", cloexec(f), 0);
		close(f);
	}
	close(q[0]);
	close(q[1]);

	/* A control buffer musl will not copy (more than its 1056-byte stack buffer); glibc passes
	 * it to the kernel, which rejects the garbage. Only the failure is checked. */
	static union {
		struct cmsghdr h;
		char buf[2048];
	} big;
	memset(&big, 0, sizeof big);
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	iov.iov_len = 1;
	m.msg_iovlen = 1;
	m.msg_control = big.buf;
	m.msg_controllen = sizeof big.buf;
	m.msg_flags = 0;
	check("sendmsg huge control fails", sendmsg(sv[0], &m, 0), -1);

	/* Too many iovecs. */
	static struct iovec many[1025];
	char one = 'x';
	for (int i = 0; i < 1025; i++) {
		many[i].iov_base = &one;
		many[i].iov_len = 1;
	}
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = many;
	m.msg_iovlen = 1025;
	m.msg_control = 0;
	m.msg_controllen = 0;
	m.msg_flags = 0;
	fail("sendmsg 1025 iovecs", sendmsg(sv[0], &m, 0), EMSGSIZE);
	m.msg_iovlen = 1024;
	check("sendmsg 1024 iovecs", sendmsg(sv[0], &m, 0), 1024);
	size_t total = 0;
	for (int i = 0; i < 20 && total < 1024; i++) {
		char big2[1024];
		ssize_t r = read(sv[1], big2, sizeof big2);
		if (r <= 0)
			break;
		total += r;
	}
	check("1024 bytes gathered", total, 1024);
	close(sv[0]);
	close(sv[1]);
}

static int recv_creds(int sock, struct ucred *out, char *data, int *len)
{
	union control c;
	memset(&c, 0xff, sizeof c);
	struct iovec iov = { data, 16 };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = sizeof c.buf;
	m.msg_flags = 0;
	*len = recvmsg(sock, &m, 0);
	int found = 0;
	for (struct cmsghdr *h = CMSG_FIRSTHDR(&m); h; h = CMSG_NXTHDR(&m, h))
		if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_CREDENTIALS &&
		    h->cmsg_len == CMSG_LEN(sizeof *out)) {
			memcpy(out, CMSG_DATA(h), sizeof *out);
			found++;
		}
	return found;
}

static void credentials(void)
{
	int sv[2];
	check("socketpair for creds", socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	check("SO_PASSCRED default", getint(sv[1], SOL_SOCKET, SO_PASSCRED), 0);
	check("SO_PASSCRED set", setint(sv[1], SOL_SOCKET, SO_PASSCRED, 1), 0);
	check("SO_PASSCRED now", getint(sv[1], SOL_SOCKET, SO_PASSCRED), 1);

	union control c;
	memset(&c, 0xff, sizeof c);
	struct iovec iov = { "cred", 4 };
	struct msghdr m;
	memset(&m, 0xff, sizeof m);
	m.msg_name = 0;
	m.msg_namelen = 0;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = c.buf;
	m.msg_controllen = CMSG_SPACE(sizeof(struct ucred));
	m.msg_flags = 0;
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_len = CMSG_LEN(sizeof(struct ucred));
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_CREDENTIALS;
	struct ucred mine = { getpid(), getuid(), getgid() };
	memcpy(CMSG_DATA(h), &mine, sizeof mine);
	check("sendmsg SCM_CREDENTIALS", sendmsg(sv[0], &m, 0), 4);
	struct ucred got;
	memset(&got, 0, sizeof got);
	char data[16];
	int len;
	check("credentials received", recv_creds(sv[1], &got, data, &len), 1);
	check("credentials data", len, 4);
	yes("credentials are this process", got.pid == getpid() && got.uid == getuid() && got.gid == getgid());

	/* Without a control message the kernel supplies them. */
	check("send without creds", send(sv[0], "bare", 4, 0), 4);
	memset(&got, 0, sizeof got);
	check("credentials supplied", recv_creds(sv[1], &got, data, &len), 1);
	yes("supplied credentials", got.pid == getpid() && got.uid == getuid());

	/* From a forked child. */
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		alarm(10);
		_exit(send(sv[0], "kid", 3, 0) == 3 ? 0 : 1);
	}
	memset(&got, 0, sizeof got);
	check("credentials from the child", recv_creds(sv[1], &got, data, &len), 1);
	yes("child's pid", got.pid == child);
	int status = -1;
	waitpid(child, &status, 0);
	check("child status", status, 0);
	close(sv[0]);
	close(sv[1]);

	/* sendmmsg of descriptors over a datagram pair, garbage padding everywhere. */
	check("socketpair for sendmmsg", socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	int p[2];
	pipe(p);
	union control cs[2];
	struct mmsghdr mm[2];
	struct iovec iv[2] = { { "m0", 2 }, { "m1", 2 } };
	memset(cs, 0xff, sizeof cs);
	memset(mm, 0xff, sizeof mm);
	for (int i = 0; i < 2; i++) {
		struct msghdr *mh = &mm[i].msg_hdr;
		mh->msg_name = 0;
		mh->msg_namelen = 0;
		mh->msg_iov = &iv[i];
		mh->msg_iovlen = 1;
		mh->msg_control = cs[i].buf;
		mh->msg_controllen = CMSG_SPACE(sizeof(int));
		mh->msg_flags = 0;
		struct cmsghdr *ch = CMSG_FIRSTHDR(mh);
		ch->cmsg_len = CMSG_LEN(sizeof(int));
		ch->cmsg_level = SOL_SOCKET;
		ch->cmsg_type = SCM_RIGHTS;
		memcpy(CMSG_DATA(ch), &p[i], sizeof(int));
	}
	check("sendmmsg with fds", sendmmsg(sv[0], mm, 2, 0), 2);
	close(p[0]);
	close(p[1]);
	int fds[2] = { -1, -1 };
	for (int i = 0; i < 2; i++) {
		union control rc;
		char b[8];
		struct iovec riv = { b, sizeof b };
		struct msghdr rm;
		memset(&rm, 0xff, sizeof rm);
		memset(&rc, 0, sizeof rc);
		rm.msg_name = 0;
		rm.msg_namelen = 0;
		rm.msg_iov = &riv;
		rm.msg_iovlen = 1;
		rm.msg_control = rc.buf;
		rm.msg_controllen = sizeof rc.buf;
		rm.msg_flags = 0;
		check("recvmsg mmsg datagram", recvmsg(sv[1], &rm, 0), 2);
		struct cmsghdr *ch = CMSG_FIRSTHDR(&rm);
		if (ch && ch->cmsg_type == SCM_RIGHTS)
			memcpy(&fds[i], CMSG_DATA(ch), sizeof(int));
	}
	check("both descriptors", fds[0] >= 0 && fds[1] >= 0, 1);
	check("write the passed pipe", write(fds[1], "ok", 2), 2);
	char b[4];
	check("read the passed pipe", read(fds[0], b, sizeof b), 2);
	close(fds[0]);
	close(fds[1]);
	close(sv[0]);
	close(sv[1]);
}

static void errors(void)
{
	fail("socket bad family", socket(9999, SOCK_STREAM, 0), EAFNOSUPPORT);
	fail("socket bad type", socket(AF_INET, 1234, 0), EINVAL);
	fail("socket bad flags", socket(AF_INET, SOCK_STREAM | 0x40000000, 0), EINVAL);
	fail("socket bad protocol", socket(AF_INET, SOCK_STREAM, IPPROTO_UDP), EPROTONOSUPPORT);
	int sv[2];
	fail("socketpair AF_INET", socketpair(AF_INET, SOCK_STREAM, 0, sv), EOPNOTSUPP);

	int p[2];
	pipe(p);
	int f = p[0];
	struct sockaddr_in a = loop4();
	socklen_t l = sizeof a;
	int v = 1;
	char buf[4];
	struct msghdr m;
	memset(&m, 0, sizeof m);
	fail("getsockname pipe", getsockname(f, (struct sockaddr *)&a, &l), ENOTSOCK);
	fail("getpeername pipe", getpeername(f, (struct sockaddr *)&a, &l), ENOTSOCK);
	fail("bind pipe", bind(f, (struct sockaddr *)&a, sizeof a), ENOTSOCK);
	fail("connect pipe", connect(f, (struct sockaddr *)&a, sizeof a), ENOTSOCK);
	fail("listen pipe", listen(f, 1), ENOTSOCK);
	fail("accept pipe", accept(f, 0, 0), ENOTSOCK);
	fail("accept4 pipe", accept4(f, 0, 0, SOCK_CLOEXEC), ENOTSOCK);
	fail("send pipe", send(p[1], "x", 1, 0), ENOTSOCK);
	fail("sendto pipe", sendto(p[1], "x", 1, 0, (struct sockaddr *)&a, sizeof a), ENOTSOCK);
	fail("recv pipe", recv(f, buf, 1, MSG_DONTWAIT), ENOTSOCK);
	fail("recvfrom pipe", recvfrom(f, buf, 1, MSG_DONTWAIT, 0, 0), ENOTSOCK);
	fail("sendmsg pipe", sendmsg(p[1], &m, 0), ENOTSOCK);
	fail("recvmsg pipe", recvmsg(f, &m, MSG_DONTWAIT), ENOTSOCK);
	fail("setsockopt pipe", setsockopt(f, SOL_SOCKET, SO_REUSEADDR, &v, sizeof v), ENOTSOCK);
	l = sizeof v;
	fail("getsockopt pipe", getsockopt(f, SOL_SOCKET, SO_TYPE, &v, &l), ENOTSOCK);
	fail("shutdown pipe", shutdown(f, SHUT_RD), ENOTSOCK);
	fail("sockatmark pipe", sockatmark(f), ENOTTY);

	int bad = p[0];
	close(p[0]);
	close(p[1]);
	l = sizeof a;
	fail("getsockname closed", getsockname(bad, (struct sockaddr *)&a, &l), EBADF);
	fail("bind closed", bind(bad, (struct sockaddr *)&a, sizeof a), EBADF);
	fail("connect closed", connect(bad, (struct sockaddr *)&a, sizeof a), EBADF);
	fail("listen closed", listen(bad, 1), EBADF);
	fail("accept closed", accept(bad, 0, 0), EBADF);
	fail("send closed", send(bad, "x", 1, 0), EBADF);
	fail("recv closed", recv(bad, buf, 1, 0), EBADF);
	fail("sendmsg closed", sendmsg(bad, &m, 0), EBADF);
	fail("recvmsg closed", recvmsg(bad, &m, 0), EBADF);
	fail("setsockopt closed", setsockopt(bad, SOL_SOCKET, SO_REUSEADDR, &v, sizeof v), EBADF);
	fail("shutdown closed", shutdown(bad, SHUT_RD), EBADF);
	struct mmsghdr mm;
	memset(&mm, 0, sizeof mm);
	fail("sendmmsg closed", sendmmsg(bad, &mm, 1, 0), EBADF);
	fail("recvmmsg closed", recvmmsg(bad, &mm, 1, 0, 0), EBADF);
	fail("getsockname -1", getsockname(-1, (struct sockaddr *)&a, &l), EBADF);

	int s = socket(AF_INET, SOCK_STREAM, 0);
	fail("shutdown bad how", shutdown(s, 99), EINVAL);
	l = sizeof a;
	fail("getsockname bad pointer", getsockname(s, (struct sockaddr *)8, &l), EFAULT);
	fail("setsockopt bad level", setsockopt(s, 9999, 1, &v, sizeof v), ENOPROTOOPT);
	close(s);
}

int main(void)
{
	alarm(30);
	tcp4();
	tcp6();
	udp();
	unix_stream();
	unix_abstract();
	rights();
	credentials();
	errors();
	printf("fails %d\n", fails);
	return fails != 0;
}
