/* dl_tls_threads' first TLS library: initialised, zero-initialised and 64-byte aligned
 * __thread variables, reached through __tls_get_addr (the -fPIC default model). */
#include <stdint.h>
#include <string.h>

__thread int one_init = 0x1234;
__thread long one_zero;
__thread char one_big[200] __attribute__((aligned(64))) = "one-big";
static __thread int one_static = 77;

/* Checks the initial values, then writes this thread's own ones; returns the number of
 * wrong values seen. */
int one_check_initial(int id)
{
	int bad = 0;
	bad += one_init != 0x1234;
	bad += one_zero != 0;
	bad += strcmp(one_big, "one-big") != 0;
	for (int i = 8; i < 200; i++)
		bad += one_big[i] != 0;
	bad += ((uintptr_t)one_big % 64) != 0;
	bad += one_static != 77;
	one_init = id;
	one_zero = id * 3L;
	one_big[150] = (char)id;
	one_static = id + 1000;
	return bad;
}

/* Checks that this thread's values are still the ones it wrote. */
int one_check_own(int id)
{
	return (one_init != id) + (one_zero != id * 3L) + (one_big[150] != (char)id) + (one_static != id + 1000);
}

void *one_address(void) { return &one_init; }
