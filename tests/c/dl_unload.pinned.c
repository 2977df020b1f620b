/* dl_unload: opened normally, then pinned with RTLD_NOLOAD | RTLD_NODELETE. */
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { printf("  ctor pinned\n"); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor pinned\n"); }
int pinned_value(void) { return 4; }
