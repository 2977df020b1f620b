/* dl_ctor_order: opened after head; needs mid2 and base, which are initialised already. */
#include <stdio.h>
int base_value(void);
int mid2_value(void);
__attribute__((constructor)) static void ctor(void) { printf("ctor late\n"); }
__attribute__((destructor)) static void dtor(void) { printf("dtor late\n"); }
int late_value(void) { return base_value() + mid2_value(); }
