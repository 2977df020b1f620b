/* dl_unload_tls' library that is opened and closed again and again: every fresh load
 * must show each thread the initial values. */
#include <stdint.h>
#include <string.h>

__thread int cycled_init = 0x5a5a;
__thread long cycled_zero[64];
__thread char cycled_aligned[96] __attribute__((aligned(64))) = "cycled";

int cycled_check(int id)
{
	int bad = cycled_init != 0x5a5a;
	for (int i = 0; i < 64; i++)
		bad += cycled_zero[i] != 0;
	bad += strcmp(cycled_aligned, "cycled") != 0;
	bad += ((uintptr_t)cycled_aligned % 64) != 0;
	cycled_init = id;
	cycled_zero[63] = id;
	cycled_aligned[90] = (char)id;
	return bad;
}

int cycled_own(int id)
{
	return (cycled_init != id) + (cycled_zero[63] != id) + (cycled_aligned[90] != (char)id);
}
