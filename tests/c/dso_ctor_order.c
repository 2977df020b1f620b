/* A DT_NEEDED library is initialised before the program (its constructor
 * runs first and the program's constructor can already call into it) and
 * finalised after it. atexit handlers (including one registered by the
 * library's constructor) run before all destructors, latest first. */
#include <stdio.h>
#include <stdlib.h>

extern int lib_ctor_ran;
int lib_value(void);

static int prog_dtor_ran;
int prog_dtor_ran_flag(void) { return prog_dtor_ran; }

__attribute__((constructor)) static void prog_ctor(void)
{
	printf("prog ctor (lib ctor already ran: %s, lib_value %d)\n",
	       lib_ctor_ran ? "yes" : "no", lib_value());
}

__attribute__((destructor)) static void prog_dtor(void)
{
	prog_dtor_ran = 1;
	printf("prog dtor\n");
}

static void prog_atexit(void) { printf("prog atexit handler\n"); }

int main(void)
{
	printf("main\n");
	atexit(prog_atexit);
	return 0;
}
