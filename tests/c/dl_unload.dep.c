/* dl_unload: the dependency of user and other. */
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { printf("  ctor dep\n"); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor dep\n"); }
int dep_value(void) { return 1; }
