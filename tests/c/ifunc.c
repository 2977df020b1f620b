/* IFUNC (STT_GNU_IFUNC symbols, R_X86_64_IRELATIVE) in the program and in a library it links
 * (limpet only: musl's loader refuses IFUNC, and its static start-up does not apply
 * IRELATIVE, so ifunc.expected holds what glibc prints). Each resolver picks its function
 * from a table of pointers, which needs the module's own relocations applied first: a
 * resolver that ran too early would find the table empty and pick the fallback. */
#include <stdio.h>

int lib_pick(void);
int lib_ifunc_calls(void);

static int fast(void) { return 1; }
static int fallback(void) { return 0; }
static int (*const choices[])(void) = { fast };

static int (*resolve_mine(void))(void)
{
	return choices[0] ? choices[0] : fallback;
}

int mine(void) __attribute__((ifunc("resolve_mine")));

int main(void)
{
	int (*p)(void) = mine;
	printf("the program's IFUNC picked the fast version: %s\n", mine() == 1 ? "yes" : "no");
	printf("its address, taken, calls the same: %s\n", p() == 1 ? "yes" : "no");
	printf("the library's IFUNC picked the fast version: %s\n", lib_pick() == 1 ? "yes" : "no");
	printf("the library's resolver ran once: %s\n", lib_ifunc_calls() == 1 ? "yes" : "no");
	return 0;
}
