/* Library half of dso_ctor_order: its constructor must run before the
 * program's, its destructor after the program's. */
#include <stdio.h>
#include <stdlib.h>

int lib_ctor_ran;
int lib_dtor_seen_prog_dtor;
extern int prog_dtor_ran_flag(void);

static void lib_atexit(void) { printf("lib atexit handler\n"); }

__attribute__((constructor)) static void lib_ctor(void)
{
	lib_ctor_ran = 1;
	printf("lib ctor\n");
	atexit(lib_atexit);
}

__attribute__((destructor)) static void lib_dtor(void)
{
	printf("lib dtor (program dtor already ran: %s)\n",
	       prog_dtor_ran_flag() ? "yes" : "no");
}

int lib_value(void)
{
	return 1234;
}
