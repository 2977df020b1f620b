/* Data exported by a shared library, read and written directly by the
 * program (COPY relocations in the executable, GLOB_DAT in the library),
 * and a function pointer table built in the library. Writes from either
 * side must be seen by the other: there is one object, not two. */
#include <stdio.h>
#include <string.h>

extern int lib_counter;
extern const char lib_name[];
extern int lib_array[8];
extern long lib_bss_zero[16];
extern const char *lib_strings[];
struct ops {
	const char *name;
	int (*fn)(int, int);
};
extern const struct ops lib_ops[];
extern int (*lib_fnptr)(int, int);
int lib_sub(int, int);
void lib_bump(void);
int lib_read_counter(void);
long lib_read_bss(int);
int *lib_counter_addr(void);

int main(void)
{
	int fails = 0;
	printf("lib_counter %d\n", lib_counter);
	printf("lib_name \"%s\" len %zu\n", lib_name, strlen(lib_name));
	for (int i = 0; i < 8; i++)
		printf("%d%c", lib_array[i], i == 7 ? '\n' : ' ');
	long sum = 0;
	for (int i = 0; i < 16; i++)
		sum += lib_bss_zero[i];
	printf("bss sum %ld\n", sum);
	for (int i = 0; lib_strings[i]; i++)
		printf("string %d %s\n", i, lib_strings[i]);

	for (int i = 0; lib_ops[i].name; i++)
		printf("op %s(7,3) = %d\n", lib_ops[i].name, lib_ops[i].fn(7, 3));
	printf("lib_fnptr(6,7) = %d\n", lib_fnptr(6, 7));
	printf("table sub == lib_sub %s\n", lib_ops[2].fn == lib_sub ? "yes" : "no");
	if (lib_ops[2].fn != lib_sub)
		fails++;

	/* One object: the library's view and the program's view agree. */
	printf("same address %s\n", lib_counter_addr() == &lib_counter ? "yes" : "no");
	if (lib_counter_addr() != &lib_counter)
		fails++;
	lib_counter = 1000;
	printf("lib sees program write: %d\n", lib_read_counter());
	lib_bump();
	printf("program sees lib write: %d %d %ld\n", lib_counter, lib_array[0], lib_bss_zero[15]);
	printf("lib reads bss: %ld\n", lib_read_bss(15));
	lib_fnptr = lib_sub;
	printf("reassigned lib_fnptr(6,7) = %d\n", lib_fnptr(6, 7));
	return fails;
}
