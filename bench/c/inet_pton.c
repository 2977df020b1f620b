/* inet_pton over a fixed mix of addresses: IPv4 dotted quads and IPv6 texts of every shape
 * (full, compressed at the start, middle and end, with an IPv4 tail), one per call. */
#include <arpa/inet.h>
#include "bench.h"

static const char *const texts[8] = {
	"192.168.100.200", "2001:db8:85a3:8d3:1319:8a2e:370:7348", "10.0.0.1", "fe80::1ff:fe23:4567:890a",
	"::1", "2001:db8::ff00:42:8329", "::ffff:198.51.100.7", "2001:db8:0:0:1::",
};
static const int families[8] = { AF_INET, AF_INET6, AF_INET, AF_INET6, AF_INET6, AF_INET6, AF_INET6, AF_INET6 };
static unsigned char out[16];

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < 8; k++)
		if (inet_pton(families[k], texts[k], out) != 1)
			bench_fail("inet_pton refused a valid address");
}

static void bench_op(long i)
{
	BENCH_KEEP(inet_pton(families[i & 7], texts[i & 7], out));
}
