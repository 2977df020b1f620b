/* 64 bytes sent over a TCP connection on 127.0.0.1 to a child process that echoes them back:
 * one operation is a round trip (send and recv on each side, two context switches on the one
 * pinned CPU). TCP_NODELAY keeps Nagle's algorithm out of it. */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#include "bench.h"

#define SIZE 64
static int conn;
static char msg[SIZE], in[SIZE];

/* Reads exactly SIZE bytes; 0 when the peer has gone. */
static int read_all(int fd, char *buf)
{
	int got = 0;
	while (got < SIZE) {
		long r = recv(fd, buf + got, SIZE - got, 0);
		if (r <= 0)
			return 0;
		got += (int)r;
	}
	return 1;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	int one = 1;
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof a;
	int l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &len))
		bench_fail("listen failed");
	int child = fork();
	if (child < 0)
		bench_fail("fork failed");
	if (child == 0) {
		int c = accept(l, 0, 0);
		char buf[SIZE];
		setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		while (read_all(c, buf))
			if (send(c, buf, SIZE, 0) != SIZE)
				_exit(1);
		_exit(0);
	}
	close(l);
	conn = socket(AF_INET, SOCK_STREAM, 0);
	if (conn < 0 || connect(conn, (struct sockaddr *)&a, sizeof a))
		bench_fail("connect failed");
	setsockopt(conn, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void bench_op(long i)
{
	(void)i;
	if (send(conn, msg, SIZE, 0) != SIZE)
		bench_fail("send failed");
	if (!read_all(conn, in))
		bench_fail("the echo went away");
}
