/* Built with -fstack-protector-all: every function has a canary, and
 * functions that use their buffers correctly return normally. The canary
 * itself (%fs:0x28 on x86_64) must have been set up and be non-zero. */
#include <stdio.h>
#include <string.h>

static unsigned long canary(void)
{
	unsigned long v;
	__asm__ volatile("mov %%fs:0x28, %0" : "=r"(v));
	return v;
}

__attribute__((noinline)) static int fill(char *dst, size_t n, char c)
{
	char tmp[32];
	if (n > sizeof tmp)
		n = sizeof tmp;
	memset(tmp, c, n);
	memcpy(dst, tmp, n);
	return (int)n;
}

__attribute__((noinline)) static int recurse(int depth)
{
	char buf[64];
	snprintf(buf, sizeof buf, "depth %d", depth);
	if (depth == 0)
		return (int)strlen(buf);
	return recurse(depth - 1) + (int)strlen(buf);
}

int main(void)
{
	char out[32];
	unsigned long c1 = canary();
	printf("canary nonzero %s\n", c1 ? "yes" : "no");
	int n = fill(out, 32, 'a');
	printf("fill %d %c%c\n", n, out[0], out[31]);
	printf("recurse %d\n", recurse(20));
	unsigned long c2 = canary();
	printf("canary stable %s\n", c1 == c2 ? "yes" : "no");
	return c1 == 0 || c1 != c2;
}
