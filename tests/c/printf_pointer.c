/* %p with fixed (non-address) values only, so the output is deterministic:
 * NULL, small values, a high value, widths and '-'. In musl %p is "%#lx",
 * so NULL prints as "0" (glibc prints "(nil)"). */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
	printf("[%p]\n", (void *)0);
	printf("[%p]\n", (void *)0x1);
	printf("[%p]\n", (void *)0x1234);
	printf("[%p]\n", (void *)0xdeadbeefUL);
	printf("[%p]\n", (void *)(uintptr_t)0xffffffffffffffffULL);
	printf("[%20p]\n", (void *)0xabcdefUL);
	printf("[%-20p]\n", (void *)0xabcdefUL);
	printf("[%20p]\n", (void *)0);
	printf("[%-5p]\n", (void *)0);
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%p|%p", (void *)0x10, (void *)0x7fff00001000UL);
	printf("%s %d\n", buf, n);
	return 0;
}
