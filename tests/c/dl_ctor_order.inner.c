/* dl_ctor_order: opened by nested's constructor. */
#include <stdio.h>
__attribute__((constructor)) static void ctor(void) { printf("ctor inner\n"); }
int inner_value(void) { return 7; }
