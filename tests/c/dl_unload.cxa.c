/* dl_unload: registers an exit handler for itself with __cxa_atexit, as C++ does for a
 * static object's destructor; it must run when the library is unloaded. */
#include <stdio.h>
extern void *__dso_handle;
int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);

static void handler(void *arg) { ++*(int *)arg; }

void cxa_register(int *counter) { __cxa_atexit(handler, counter, &__dso_handle); }
__attribute__((destructor)) static void dtor(void) { printf("  dtor cxa\n"); }
