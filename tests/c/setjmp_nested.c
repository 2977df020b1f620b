/* Nested setjmp points: jumping to an outer one from inside the inner
 * region, jumping to the inner one, and callee-saved register state
 * (locals held in registers across calls) being restored correctly. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf outer, inner;

__attribute__((noinline)) static int work(int which)
{
	if (which == 1)
		longjmp(inner, 11);
	if (which == 2)
		longjmp(outer, 22);
	return which * 2;
}

/* Many live values across the setjmp call so that callee-saved registers
 * are used; they are not modified after setjmp, so they keep their values. */
__attribute__((noinline)) static long regs(long a, long b, long c, long d, long e, long f)
{
	jmp_buf jb;
	long x1 = a * 3, x2 = b * 5, x3 = c * 7, x4 = d * 11, x5 = e * 13, x6 = f * 17;
	if (setjmp(jb) == 0) {
		__asm__ volatile("" ::: "rbx", "r12", "r13", "r14", "r15", "memory");
		longjmp(jb, 1);
	}
	return x1 + x2 + x3 + x4 + x5 + x6;
}

int main(void)
{
	volatile int trace = 0;
	int r = setjmp(outer);
	if (r == 0) {
		trace = trace * 10 + 1;
		int q = setjmp(inner);
		if (q == 0) {
			trace = trace * 10 + 2;
			work(1);
			printf("not reached\n");
		}
		printf("inner returned %d\n", q);
		trace = trace * 10 + 3;
		printf("work(5) = %d\n", work(5));
		work(2);
		printf("not reached\n");
	}
	printf("outer returned %d, trace %d\n", r, trace);
	long v = regs(1, 2, 3, 4, 5, 6);
	printf("callee-saved values kept: %ld\n", v);
	return !(r == 22 && trace == 123 && v == 3 + 10 + 21 + 44 + 65 + 102);
}
