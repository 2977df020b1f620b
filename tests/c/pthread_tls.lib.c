/* Library half of pthread_tls: __thread variables with initial values and
 * an aligned one, reached with the default (general-dynamic) model. */
#include <stdint.h>

__thread int lib_counter = 100;
__thread char lib_name[16] = "lib-tls";
__thread char lib_aligned[8] __attribute__((aligned(32))) = "x";

int lib_bump(void) { return ++lib_counter; }
int *lib_counter_addr(void) { return &lib_counter; }
const char *lib_name_get(void) { return lib_name; }
int lib_aligned_ok(void) { return (uintptr_t)lib_aligned % 32 == 0 && lib_aligned[0] == 'x'; }
