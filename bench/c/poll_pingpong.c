/* A byte ping-ponged between two processes over two pipes, each side waiting in poll()
 * before it reads: one operation is a round trip (a write, a poll and a read on each side,
 * and two context switches on the one pinned CPU). */
#include <poll.h>
#include <unistd.h>
#include "bench.h"

static int ping[2], pong[2];

/* Waits for a byte on fd and reads it; 0 when the other side has gone. */
static int wait_read(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	char c;
	if (poll(&p, 1, -1) != 1)
		bench_fail("poll failed");
	long r = read(fd, &c, 1);
	if (r < 0)
		bench_fail("read failed");
	return r == 1;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	if (pipe(ping) || pipe(pong))
		bench_fail("pipe failed");
	int child = fork();
	if (child < 0)
		bench_fail("fork failed");
	if (child == 0) {
		/* The child answers until the parent exits and its end of `ping` closes. */
		close(ping[1]);
		while (wait_read(ping[0]))
			if (write(pong[1], "o", 1) != 1)
				_exit(1);
		_exit(0);
	}
}

static void bench_op(long i)
{
	(void)i;
	if (write(ping[1], "i", 1) != 1)
		bench_fail("write failed");
	if (!wait_read(pong[0]))
		bench_fail("the child went away");
}
