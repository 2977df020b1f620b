/* dl_thread_atexit's library: registers a thread_local destructor that lives in its own
 * code, as a C++ library with a thread_local object does. */
#include <dlfcn.h>
extern void *__dso_handle;

static void dtor(void *flag) { ++*(int *)flag; }

/* Returns 0 on success, as __cxa_thread_atexit_impl does. */
int lib_register(int *flag)
{
	int (*reg)(void (*)(void *), void *, void *) =
		(int (*)(void (*)(void *), void *, void *))dlsym(RTLD_DEFAULT, "__cxa_thread_atexit_impl");
	return reg ? reg(dtor, flag, &__dso_handle) : -1;
}
