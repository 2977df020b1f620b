/* Weak references to symbols nobody defines resolve to NULL (no load
 * failure), and weak definitions in the program are used. */
#include <stdio.h>

extern int limpet_no_such_function(int) __attribute__((weak));
extern int limpet_no_such_object __attribute__((weak));
__attribute__((weak)) int weak_defined(void) { return 17; }

int main(void)
{
	int fails = 0;
	printf("undefined weak function is NULL: %s\n", limpet_no_such_function == NULL ? "yes" : "no");
	printf("undefined weak object address is NULL: %s\n", &limpet_no_such_object == NULL ? "yes" : "no");
	fails += limpet_no_such_function != NULL;
	fails += &limpet_no_such_object != NULL;
	if (limpet_no_such_function)
		printf("would call %d\n", limpet_no_such_function(1));
	printf("weak defined returns %d\n", weak_defined());
	return fails;
}
