/* The crypt rows' program: each row's file defines METHOD (its name in failure messages),
 * SETTING and WANT (the hash of keys[0], as libxcrypt and musl give it) and includes this.
 * Four passwords are hashed in turn with the one setting; the set-up checks the libc's
 * result first.
 *
 * glibc's crypt is libxcrypt's (the rows link -lcrypt there). Debian's musl leaves crypt
 * out, so the musl columns are rustup's musl 1.2.5 (see xtask/src/bench/rows.rs). */
#include <string.h>
#include "bench.h"

char *crypt(const char *key, const char *setting);

static const char *const keys[] = { "correct horse", "battery stapl", "Tr0ub4dor&3xx", "hunter2hunter" };

static void bench_setup(const char *arg)
{
	(void)arg;
	const char *h = crypt(keys[0], SETTING);
	if (!h || strcmp(h, WANT) != 0)
		bench_fail("crypt gave a wrong " METHOD " hash");
}

static void bench_op(long i)
{
	const char *key = keys[i & 3];
	BENCH_HIDE(key);
	char *h = crypt(key, SETTING);
	BENCH_KEEP(h);
}
