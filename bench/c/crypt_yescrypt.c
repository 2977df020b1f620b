/* crypt with yescrypt at Debian's default cost ($y$j9T$: N = 4096, r = 32, 16 MiB), the
 * hash Debian writes into /etc/shadow. The call is in libbench_crypt.so
 * (crypt_yescrypt.lib.c): Debian's musl has no crypt at all, so only that library fails to
 * load there (the musl cell reads missing), while the program links; glibc's crypt is in
 * libcrypt.so.1, which the library opens. Each hash is checked against libxcrypt's. */
#include <string.h>
#include "bench.h"

const char *bench_crypt(const char *key, const char *setting);

static const char setting[] = "$y$j9T$F5Jx5fExrKuPp53xLKQ..1";
static const char want[] = "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFeL5";

static void bench_setup(const char *arg)
{
	(void)arg;
}

static void bench_op(long i)
{
	(void)i;
	const char *s = setting;
	BENCH_HIDE(s);
	const char *h = bench_crypt("pw", s);
	if (!h || strcmp(h, want) != 0)
		bench_fail("crypt: not the $y$ hash libxcrypt gives");
	BENCH_KEEP(h);
}
