/* dl_unload: needs dep. */
#include <stdio.h>
int dep_value(void);
__attribute__((constructor)) static void ctor(void) { printf("  ctor user\n"); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor user\n"); }
int user_value(void) { return dep_value() + 1; }
