/* Symbol interposition: a symbol defined by both the executable and a
 * library resolves to the executable's definition, for the library's own
 * references too (the library is built -fPIC without -Bsymbolic). */
#include <stdio.h>

int shared_value = 222;
int hook(int x) { return x + 1000; }

int lib_calls_hook(int);
int lib_reads_shared(void);
int lib_calls_lib_only(int);

int main(void)
{
	int fails = 0;
	int a = lib_calls_hook(1);
	int b = lib_reads_shared();
	int c = lib_calls_lib_only(4);
	printf("lib_calls_hook(1) = %d (program's hook: %s)\n", a, a == 1001 ? "yes" : "no");
	printf("lib_reads_shared() = %d\n", b);
	printf("lib_calls_lib_only(4) = %d\n", c);
	shared_value = 333;
	printf("after write, lib reads %d\n", lib_reads_shared());
	fails += a != 1001;
	fails += b != 222;
	fails += c != 40;
	return fails;
}
