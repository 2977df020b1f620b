/* The bottom of dl_ctor_order's tree: everything else needs it. */
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { printf("ctor base\n"); }
__attribute__((destructor)) static void dtor(void) { printf("dtor base\n"); }
int base_value(void) { return 1; }
