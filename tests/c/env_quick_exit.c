/* quick_exit runs the at_quick_exit handlers, last registered first, and exits with the
 * status without running atexit handlers or flushing stdio (so the program flushes first);
 * at_quick_exit takes 32 handlers. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void say(const char *s) { write(1, s, __builtin_strlen(s)); }
static void q1(void) { say("q1\n"); }
static void q2(void) { say("q2\n"); }
static void qn(void) { }
static void ae(void) { say("atexit must not run\n"); }

int main(void) {
	atexit(ae);
	int a = at_quick_exit(q1);
	int b = at_quick_exit(q2);
	printf("register %d %d\n", a, b);
	int ok = 0;
	for (int i = 0; i < 40; i++) ok += at_quick_exit(qn) == 0;
	printf("extra handlers accepted %d\n", ok);
	fflush(stdout);
	printf("buffered, never flushed\n");
	quick_exit(3);
}
