/* Function pointer equality across a shared library boundary, with a
 * non-PIE executable (-fno-pie -no-pie): the executable takes the address of a
 * library function via an absolute relocation, which makes its PLT entry the
 * function's canonical address; the library's own references to the
 * function must resolve to that same address. */
#include <stdio.h>

int lib_triple(int);
int lib_square(int);
int (*lib_get_triple(void))(int);
extern int (*const lib_table[2])(int);
int lib_call(int (*f)(int), int x);

static int local_neg(int x) { return -x; }
int (*const prog_table[3])(int) = { lib_triple, lib_square, local_neg };

int main(void)
{
	int fails = 0;
	int eq1 = lib_get_triple() == lib_triple;
	int eq2 = lib_table[0] == lib_triple;
	int eq3 = lib_table[1] == prog_table[1];
	printf("lib_get_triple() == lib_triple %s\n", eq1 ? "yes" : "no");
	printf("lib_table[0] == lib_triple %s\n", eq2 ? "yes" : "no");
	printf("lib_table[1] == prog_table[1] %s\n", eq3 ? "yes" : "no");
	fails += !eq1 + !eq2 + !eq3;
	printf("calls %d %d %d\n", prog_table[0](5), prog_table[1](5), prog_table[2](5));
	printf("lib_call %d %d\n", lib_call(local_neg, 9), lib_call(lib_square, 9));
	return fails;
}
