/* __thread variables defined in a shared library, read and written both by
 * the library (dynamic TLS model) and directly by the program
 * (initial-exec, TPOFF relocations): both must see the same objects, with
 * the library's initial values and zeroed .tbss. The program has TLS of its
 * own too, so the blocks of two modules must not overlap. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern __thread int lib_tls_init;
extern __thread char lib_tls_name[12];
extern __thread long lib_tls_bss;
extern __thread int lib_tls_arr[64];
extern __thread int lib_tls_ctor_set;
int lib_get_init(void);
void lib_set_init(int);
long lib_get_bss(void);
int *lib_addr_init(void);
long *lib_addr_bss(void);
int lib_static_bump(void);
int lib_arr_sum(void);
void *lib_addr_aligned(void);

__thread int prog_tls = 5;
__thread char prog_tls_bss[256];

int main(void)
{
	int fails = 0;
	printf("prog reads lib_tls_init %d\n", lib_tls_init);
	printf("lib reads lib_tls_init %d\n", lib_get_init());
	printf("lib_tls_name %s\n", lib_tls_name);
	printf("lib_tls_bss %ld arr sum %d\n", lib_tls_bss, lib_arr_sum());
	printf("prog_tls %d\n", prog_tls);
	printf("set by lib constructor %d\n", lib_tls_ctor_set);

	int same1 = lib_addr_init() == &lib_tls_init;
	int same2 = lib_addr_bss() == &lib_tls_bss;
	printf("same addresses %s %s\n", same1 ? "yes" : "no", same2 ? "yes" : "no");
	fails += !same1 + !same2;
	int aligned = ((uintptr_t)lib_addr_aligned() % 32) == 0;
	printf("lib aligned32 %s\n", aligned ? "yes" : "no");
	fails += !aligned;

	lib_tls_init = 99;
	printf("lib sees program write %d\n", lib_get_init());
	lib_set_init(-7);
	printf("program sees lib write %d\n", lib_tls_init);
	lib_tls_bss = 123456789L;
	printf("lib sees bss write %ld\n", lib_get_bss());
	for (int i = 0; i < 64; i++)
		lib_tls_arr[i] = i;
	printf("arr sum %d\n", lib_arr_sum());
	int b1 = lib_static_bump();
	int b2 = lib_static_bump();
	printf("static bump %d %d\n", b1, b2);

	/* Filling the program's block must not disturb the library's. */
	memset(prog_tls_bss, 0xff, sizeof prog_tls_bss);
	prog_tls = 0;
	printf("after filling prog tls: lib %d %s %ld %d\n", lib_get_init(), lib_tls_name,
	       lib_get_bss(), lib_arr_sum());
	return fails;
}
