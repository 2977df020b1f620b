/* A handler registered while exit is running handlers is still called
 * (C11 7.22.4.4): being the most recent registration, it runs next, before
 * the older handlers that have not run yet. A function registered twice runs
 * twice. The status passed to exit is kept. */
#include <stdio.h>
#include <stdlib.h>

static void inner(void) { printf("inner (registered during exit)\n"); }
static void inner2(void) { printf("inner2 (registered during exit)\n"); }
static void first(void) { printf("first registered, runs last\n"); }

static void outer(void)
{
	printf("outer start\n");
	if (atexit(inner) != 0)
		printf("atexit in handler FAIL\n");
	if (atexit(inner2) != 0)
		printf("atexit in handler FAIL\n");
	printf("outer end\n");
}

static void twice(void)
{
	static int n;
	printf("twice call %d\n", ++n);
}

int main(void)
{
	atexit(first);
	atexit(twice);
	atexit(outer);
	atexit(twice);
	printf("main calls exit(7)\n");
	exit(7);
}
