/* Returning from main is equivalent to calling exit with the value; a
 * negative value is truncated to 8 bits by the kernel (-2 -> 254). */
#include <stdio.h>
#include <stdlib.h>

static void h(void) { printf("atexit handler ran\n"); }

int main(void)
{
	atexit(h);
	printf("returning -2 from main");
	return -2;
}
