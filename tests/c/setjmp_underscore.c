/* _setjmp/_longjmp (the variants that never save the signal mask) behave
 * like setjmp/longjmp for control flow, including the 0 -> 1 rule, and a
 * jump through a function pointer call chain. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf jb;

static void thrower(int v) { _longjmp(jb, v); }
static void (*volatile fp)(int) = thrower;

int main(void)
{
	volatile int n = 0;
	int r = _setjmp(jb);
	printf("_setjmp returned %d\n", r);
	n++;
	if (n == 1)
		fp(0);
	if (n == 2)
		fp(1000);
	if (n == 3)
		_longjmp(jb, -1);
	printf("n %d r %d\n", n, r);
	return !(n == 4 && r == -1);
}
