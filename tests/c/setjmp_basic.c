/* setjmp/longjmp: setjmp returns 0 first, then the value passed to longjmp
 * (and 1 when that value is 0); volatile locals keep values assigned after
 * setjmp; jumps out of deep call chains; a jmp_buf can be reused. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static int depth_reached;
static volatile int do_jump = 1; /* keeps gcc from calling the recursion infinite */

__attribute__((noinline)) static void deep(int n, int val)
{
	char pad[64];
	pad[0] = (char)n;
	__asm__ volatile("" : : "r"(pad) : "memory");
	depth_reached = n;
	if (n == 0) {
		if (do_jump)
			longjmp(env, val);
		return;
	}
	deep(n - 1, val);
	printf("not reached %d\n", pad[0]);
}

int main(void)
{
	int fails = 0;
	volatile int counter = 0;
	volatile long big = 1;
	int r = setjmp(env);
	printf("setjmp returned %d (counter %d, big %ld)\n", r, counter, big);
	counter++;
	big *= 1000;
	if (r == 0)
		longjmp(env, 42);
	else if (r == 42)
		longjmp(env, 0); /* becomes 1 */
	else if (r == 1)
		longjmp(env, -5);
	if (r != -5)
		fails++;

	r = setjmp(env);
	if (r == 0) {
		deep(100, 7);
		printf("not reached\n");
	}
	printf("from depth %d: setjmp returned %d\n", depth_reached, r);
	fails += r != 7;

	/* A loop driven by longjmp. */
	volatile int iter = 0;
	if (setjmp(env) < 10) {
		iter++;
		if (iter < 10)
			longjmp(env, iter);
	}
	printf("loop iterations %d\n", iter);
	fails += iter != 10;
	return fails;
}
