/* dl_tls_threads' second TLS library, loaded later: more modules than the threads'
 * vectors had room for when they started. */
#include <stdint.h>

__thread long long two_init[4] = {1, 2, 3, 4};
__thread char two_zero[5000];
__thread double two_aligned __attribute__((aligned(64))) = 2.5;

int two_check_initial(int id)
{
	int bad = 0;
	for (int i = 0; i < 4; i++)
		bad += two_init[i] != i + 1;
	for (int i = 0; i < 5000; i++)
		bad += two_zero[i] != 0;
	bad += two_aligned != 2.5;
	bad += ((uintptr_t)&two_aligned % 64) != 0;
	two_init[3] = id;
	two_zero[4999] = (char)id;
	two_aligned = id;
	return bad;
}

int two_check_own(int id)
{
	return (two_init[3] != id) + (two_zero[4999] != (char)id) + (two_aligned != id);
}
