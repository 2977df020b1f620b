/* dl_ctor_order: the library the program opens first; needs mid1 and mid2. */
#include <stdio.h>
int mid1_value(void);
int mid2_value(void);
__attribute__((constructor)) static void ctor(void) { printf("ctor head (mid values %d %d)\n", mid1_value(), mid2_value()); }
__attribute__((destructor)) static void dtor(void) { printf("dtor head\n"); }
int head_value(void) { return mid1_value() + mid2_value(); }
