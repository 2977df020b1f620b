/* epoll_wait over an epoll instance watching 64 pipes, one of which has a byte waiting
 * (level-triggered, so it is reported on every call): the call returns 1 without sleeping. */
#include <sys/epoll.h>
#include <unistd.h>
#include "bench.h"

#define NFDS 64
static int ep;

static void bench_setup(const char *arg)
{
	(void)arg;
	ep = epoll_create1(0);
	if (ep < 0)
		bench_fail("epoll_create1 failed");
	for (int k = 0; k < NFDS; k++) {
		int p[2];
		if (pipe(p))
			bench_fail("pipe failed");
		struct epoll_event ev = { .events = EPOLLIN, .data.fd = p[0] };
		if (epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev))
			bench_fail("epoll_ctl failed");
		if (k == NFDS / 2 && write(p[1], "x", 1) != 1)
			bench_fail("write failed");
	}
}

static void bench_op(long i)
{
	(void)i;
	struct epoll_event out[8];
	if (epoll_wait(ep, out, 8, 0) != 1)
		bench_fail("epoll_wait did not find the ready pipe");
}
