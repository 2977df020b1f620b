/* getaddrinfo of a name only DNS knows ("bench.test", IPv4 and IPv6 asked for, TCP) through
 * a name server on 127.0.0.1, and freeaddrinfo of the result: one operation is a whole
 * lookup (resolv.conf read, A and AAAA queries, the answers parsed). The server is a child
 * process answering A with 10.0.0.1 and AAAA with no data. Setup makes a private network
 * and mount namespace (so it needs root) and binds its own resolv.conf over /etc's. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench.h"

static struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };

/* Answers queries on `fd` until the parent goes away. */
static void serve(int fd)
{
	unsigned char q[512], r[512];
	for (;;) {
		struct sockaddr_in from;
		socklen_t flen = sizeof from;
		long n = recvfrom(fd, q, sizeof q, 0, (struct sockaddr *)&from, &flen);
		if (n < 0) {
			if (getppid() == 1)
				_exit(0);
			continue;
		}
		if (n < 17)
			continue;
		long at = 12;
		while (at < n && q[at])
			at += q[at] + 1;
		long qend = at + 5;
		if (qend > n)
			continue;
		int type = q[at + 1] << 8 | q[at + 2];
		for (long k = 0; k < qend; k++)
			r[k] = q[k];
		r[2] = 0x80 | (q[2] & 1);
		r[3] = 0x80;
		r[6] = r[8] = r[9] = r[10] = r[11] = 0;
		r[7] = 0;
		long len = qend;
		if (type == 1) {
			static const unsigned char rr[] = { 0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 10, 0, 0, 1 };
			for (unsigned k = 0; k < sizeof rr; k++)
				r[len++] = rr[k];
			r[7] = 1;
		}
		sendto(fd, r, len, 0, (struct sockaddr *)&from, flen);
	}
}

static void bench_setup(const char *arg)
{
	(void)arg;
	if (unshare(CLONE_NEWNS | CLONE_NEWNET))
		bench_fail("unshare failed (the gai_dns row needs root)");
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	struct ifreq ifr = { .ifr_name = "lo" };
	if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr))
		bench_fail("SIOCGIFFLAGS failed");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr))
		bench_fail("SIOCSIFFLAGS failed");
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0))
		bench_fail("mount --make-rprivate failed");
	static const char conf[] = "nameserver 127.0.0.1\n";
	static const char path[] = "/tmp/limpet-bench-resolv.conf";
	/* Dated an hour back, as a system's resolv.conf is older than a lookup: a libc that
	 * keeps the parsed file until it changes (glibc, limpet) may keep it here too. */
	struct timespec times[2] = { { 0, UTIME_OMIT }, { 0, 0 } };
	clock_gettime(CLOCK_REALTIME, &times[1]);
	times[1].tv_sec -= 3600;
	int f = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (f < 0 || write(f, conf, sizeof conf - 1) != sizeof conf - 1 || futimens(f, times) || close(f))
		bench_fail("cannot write the test resolv.conf");
	if (mount(path, "/etc/resolv.conf", 0, MS_BIND, 0))
		bench_fail("cannot bind the test resolv.conf");
	unlink(path);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(53), .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct timeval second = { 1, 0 };
	if (bind(s, (struct sockaddr *)&a, sizeof a) || setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &second, sizeof second))
		bench_fail("cannot bind 127.0.0.1:53");
	int child = fork();
	if (child < 0)
		bench_fail("fork failed");
	if (child == 0)
		serve(s);
	close(s);
	struct addrinfo *r;
	if (getaddrinfo("bench.test", "80", &hints, &r))
		bench_fail("the lookup through the test server failed");
	freeaddrinfo(r);
}

static void bench_op(long i)
{
	(void)i;
	struct addrinfo *r;
	if (getaddrinfo("bench.test", "80", &hints, &r))
		bench_fail("getaddrinfo failed");
	freeaddrinfo(r);
}
