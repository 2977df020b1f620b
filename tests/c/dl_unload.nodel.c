/* dl_unload: opened with RTLD_NODELETE, so it stays until exit. */
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { printf("  ctor nodel\n"); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor nodel\n"); }
int nodel_value(void) { return 3; }
