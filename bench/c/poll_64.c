/* poll() over the read ends of 64 pipes, one of which has a byte waiting: the kernel walks
 * all 64 and the call returns 1 without sleeping. */
#include <poll.h>
#include <unistd.h>
#include "bench.h"

#define NFDS 64
static struct pollfd fds[NFDS];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < NFDS; k++) {
		int p[2];
		if (pipe(p))
			bench_fail("pipe failed");
		fds[k].fd = p[0];
		fds[k].events = POLLIN;
		if (k == NFDS / 2 && write(p[1], "x", 1) != 1)
			bench_fail("write failed");
	}
}

static void bench_op(long i)
{
	(void)i;
	if (poll(fds, NFDS, 0) != 1)
		bench_fail("poll did not find the ready pipe");
}
