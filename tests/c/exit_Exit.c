/* _Exit terminates at once: no atexit handlers, no destructors, and stdio
 * buffers are not flushed. Only the explicitly flushed output appears. */
#include <stdio.h>
#include <stdlib.h>

static void h(void) { printf("atexit handler FAIL\n"); fflush(stdout); }
__attribute__((destructor)) static void d(void) { printf("destructor FAIL\n"); fflush(stdout); }

int main(void)
{
	atexit(h);
	printf("flushed before _Exit\n");
	fflush(stdout);
	printf("buffered, must be lost\n");
	_Exit(9);
}
