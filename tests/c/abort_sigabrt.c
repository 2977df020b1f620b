/* abort() kills the process with SIGABRT. It does not run atexit handlers or
 * destructors, and (in musl) does not flush stdio: the unflushed text is lost. */
#include <stdio.h>
#include <stdlib.h>

static void h(void) { printf("atexit handler FAIL\n"); fflush(stdout); }
__attribute__((destructor)) static void d(void) { printf("destructor FAIL\n"); fflush(stdout); }

int main(void)
{
	atexit(h);
	printf("about to abort\n");
	fflush(stdout);
	printf("buffered at abort, lost");
	abort();
}
