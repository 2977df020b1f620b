/* dl_ctor_order: needs base. */
#include <stdio.h>
int base_value(void);
__attribute__((constructor)) static void ctor(void) { printf("ctor mid2 (base_value %d)\n", base_value()); }
__attribute__((destructor)) static void dtor(void) { printf("dtor mid2\n"); }
int mid2_value(void) { return base_value() + 20; }
