/* crypt with `$6$` (SHA-512, Drepper's SHA-crypt) at the default 5,000 rounds, the hash
 * Debian wrote into /etc/shadow before yescrypt: a 13-byte password and a 16-character
 * salt, as `passwd` makes them. Four passwords are taken in turn; the set-up checks each
 * libc's result against the hash libxcrypt and musl give.
 *
 * glibc's crypt is libxcrypt's (the row links -lcrypt there). Debian's musl leaves crypt
 * out, so the musl columns are rustup's musl 1.2.5 (see xtask/src/bench/rows.rs). */
#include <string.h>
#include "bench.h"

char *crypt(const char *key, const char *setting);

static const char setting[] = "$6$Dq7vqGRx4xqsQe2Z";
static const char *const keys[] = { "correct horse", "battery stapl", "Tr0ub4dor&3xx", "hunter2hunter" };
static const char want[] =
	"$6$Dq7vqGRx4xqsQe2Z$rsIt23sDiKTOfqr4RTVtJkZtKjfJ5nrNh9jm0rnFKqflDo.4Cuq.wCaPRJd7OmZhAEIwCr7D0qsIqNDysoFma1";

static void bench_setup(const char *arg)
{
	(void)arg;
	const char *h = crypt(keys[0], setting);
	if (!h || strcmp(h, want) != 0)
		bench_fail("crypt gave a wrong $6$ hash");
}

static void bench_op(long i)
{
	const char *key = keys[i & 3];
	BENCH_HIDE(key);
	char *h = crypt(key, setting);
	BENCH_KEEP(h);
}
