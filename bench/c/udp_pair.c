/* A 64-byte datagram sent with sendto from one UDP socket to another on 127.0.0.1 and read
 * back with recvfrom (the sender's address asked for): one operation is the pair. */
#include <netinet/in.h>
#include <sys/socket.h>
#include "bench.h"

static int tx, rx;
static struct sockaddr_in to;
static char msg[64], in[64];

static void bench_setup(const char *arg)
{
	(void)arg;
	tx = socket(AF_INET, SOCK_DGRAM, 0);
	rx = socket(AF_INET, SOCK_DGRAM, 0);
	if (tx < 0 || rx < 0)
		bench_fail("socket failed");
	to.sin_family = AF_INET;
	to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t len = sizeof to;
	if (bind(rx, (struct sockaddr *)&to, sizeof to) || getsockname(rx, (struct sockaddr *)&to, &len))
		bench_fail("bind failed");
}

static void bench_op(long i)
{
	(void)i;
	struct sockaddr_in from;
	socklen_t len = sizeof from;
	if (sendto(tx, msg, sizeof msg, 0, (struct sockaddr *)&to, sizeof to) != sizeof msg)
		bench_fail("sendto failed");
	if (recvfrom(rx, in, sizeof in, 0, (struct sockaddr *)&from, &len) != sizeof in)
		bench_fail("recvfrom failed");
}
