/* Library half of dso_data: exported data objects (the program accesses them
 * directly, so they are copied into the executable by COPY relocations and
 * the library's own references must follow the copy) and a table of
 * function pointers (relocated in the library, read by the program). */
#include <stddef.h>

int lib_counter = 42;
const char lib_name[] = "limpet-test-library";
int lib_array[8] = { 1, 2, 3, 5, 8, 13, 21, 34 };
long lib_bss_zero[16];
const char *lib_strings[] = { "alpha", "beta", "gamma", NULL };

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
int lib_sub(int a, int b) { return a - b; }

struct ops {
	const char *name;
	int (*fn)(int, int);
};

const struct ops lib_ops[] = {
	{ "add", add },
	{ "mul", mul },
	{ "sub", lib_sub },
	{ NULL, NULL },
};

int (*lib_fnptr)(int, int) = mul;

void lib_bump(void)
{
	lib_counter++;
	lib_array[0] += 100;
	lib_bss_zero[15] = 7;
}

int lib_read_counter(void) { return lib_counter; }
long lib_read_bss(int i) { return lib_bss_zero[i]; }
int *lib_counter_addr(void) { return &lib_counter; }
