/* Built with -fstack-protector-all: overflowing a local buffer corrupts the
 * canary, and the check on return calls __stack_chk_fail, which must kill
 * the process. musl's __stack_chk_fail executes an illegal instruction (hlt),
 * so the death is SIGSEGV there, not SIGABRT. */
#include <stdio.h>
#include <string.h>

static volatile size_t overflow_len = 48;

__attribute__((noinline)) static void smash(void)
{
	char buf[16];
	volatile char *p = buf;
	for (size_t i = 0; i < overflow_len; i++)
		p[i] = 'X';
	/* Anything printed here would be lost: the canary check comes first. */
}

int main(void)
{
	printf("before smash\n");
	fflush(stdout);
	smash();
	printf("survived FAIL\n");
	return 0;
}
