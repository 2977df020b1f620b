/* inet_ntop over a fixed mix of addresses: IPv4, and IPv6 with zero runs at the start, in
 * the middle, at the end, none, and an IPv4-mapped one, one per call. */
#include <arpa/inet.h>
#include "bench.h"

static unsigned char addrs[8][16];
static const int families[8] = { AF_INET, AF_INET6, AF_INET, AF_INET6, AF_INET6, AF_INET6, AF_INET6, AF_INET6 };
static const char *const texts[8] = {
	"192.168.100.200", "2001:db8:85a3:8d3:1319:8a2e:370:7348", "10.0.0.1", "fe80::1ff:fe23:4567:890a",
	"::1", "2001:db8::ff00:42:8329", "::ffff:198.51.100.7", "2001:db8:0:0:1::",
};
static char buf[INET6_ADDRSTRLEN];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < 8; k++)
		if (inet_pton(families[k], texts[k], addrs[k]) != 1)
			bench_fail("inet_pton refused a valid address");
}

static void bench_op(long i)
{
	BENCH_KEEP(inet_ntop(families[i & 7], addrs[i & 7], buf, sizeof buf));
}
