/* getaddrinfo of "localhost" for IPv4 TCP, which /etc/hosts answers, and freeaddrinfo of the
 * result: the name-service path without the network. */
#include <netdb.h>
#include <sys/socket.h>
#include "bench.h"

static struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM };

static void bench_setup(const char *arg)
{
	(void)arg;
	struct addrinfo *r;
	if (getaddrinfo("localhost", "80", &hints, &r))
		bench_fail("localhost is not in /etc/hosts");
	freeaddrinfo(r);
}

static void bench_op(long i)
{
	(void)i;
	struct addrinfo *r;
	if (getaddrinfo("localhost", "80", &hints, &r))
		bench_fail("getaddrinfo failed");
	freeaddrinfo(r);
}
