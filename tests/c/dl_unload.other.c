/* dl_unload: needs dep. */
#include <stdio.h>
int dep_value(void);
__attribute__((constructor)) static void ctor(void) { printf("  ctor other\n"); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor other\n"); }
int other_value(void) { return dep_value() + 1; }
