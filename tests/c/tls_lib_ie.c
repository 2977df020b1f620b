/* A shared library with initial-exec TLS (TPOFF64 relocations resolved by
 * the loader against the static TLS layout), used by the program both
 * through the library's functions and directly. */
#include <stdio.h>

extern __thread int ie_counter;
extern __thread char ie_buf[8];
extern __thread long ie_bss[4];
int ie_next(void);
const char *ie_name(void);
long ie_bss_sum(void);
int *ie_counter_addr(void);

__thread long prog_own = 3;

int main(void)
{
	int fails = 0;
	printf("ie_counter %d\n", ie_counter);
	int a = ie_next();
	int b = ie_next();
	printf("ie_next %d %d, now %d\n", a, b, ie_counter);
	printf("ie_name %s, ie_buf %s\n", ie_name(), ie_buf);
	printf("ie_bss_sum %ld\n", ie_bss_sum());
	ie_bss[2] = 40;
	ie_bss[3] = 2;
	printf("ie_bss_sum after write %ld\n", ie_bss_sum());
	int same = ie_counter_addr() == &ie_counter;
	printf("same address %s\n", same ? "yes" : "no");
	printf("prog_own %ld\n", prog_own);
	fails += !same;
	return fails;
}
