/* dlerror: NULL when nothing failed, a message after a failure (dlopen of a missing file,
 * dlsym of a missing symbol), NULL again once the message was read; a success in between
 * does not clear a pending message, and each thread has its own: a failure in one thread
 * is not seen by another, nor does reading there clear it. The messages themselves are
 * not printed: they are the loader's own words. (glibc clears a pending message on a
 * later success; POSIX says dlerror reports the errors since its last call, as musl does.) */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dl_check.h"

static pthread_barrier_t step;
static int thread_saw_main_error, thread_own_error, thread_own_cleared;

static void *other(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&step); /* the main thread has failed a dlopen */
	thread_saw_main_error = dlerror() != 0;
	thread_own_error = dlsym(RTLD_DEFAULT, "no_such_symbol_in_any_object") == 0 && dlerror() != 0;
	thread_own_cleared = dlerror() == 0;
	/* Leave one failure unread: the main thread must not see it. */
	dlopen("./no-such-library-either.so", RTLD_NOW);
	pthread_barrier_wait(&step);
	return 0;
}

int main(void)
{
	check("nothing failed yet: dlerror is NULL", dlerror() == 0);
	void *lib = dlopen("./libdl_dlerror_ok.so", RTLD_NOW);
	check("after a successful dlopen: NULL", lib && dlerror() == 0);
	check("after a successful dlsym: NULL", dlsym(lib, "ok_value") && dlerror() == 0);

	check("dlopen of a missing file fails", dlopen("./no-such-library.so", RTLD_NOW) == 0);
	const char *msg = dlerror();
	check("then dlerror gives a message", msg && strlen(msg) > 0);
	check("read once, it is NULL", dlerror() == 0);

	check("dlsym of a missing symbol fails", dlsym(lib, "no_such_symbol_in_any_object") == 0);
	msg = dlerror();
	check("then dlerror gives a message", msg && strlen(msg) > 0);
	check("read once, it is NULL", dlerror() == 0);

	dlopen("./no-such-library.so", RTLD_NOW);
	dlsym(lib, "ok_value");
	check("a success after a failure leaves the message", dlerror() != 0);
	check("which reading cleared", dlerror() == 0);

	pthread_t t;
	pthread_barrier_init(&step, 0, 2);
	if (pthread_create(&t, 0, other, 0))
		return 1;
	dlopen("./no-such-library.so", RTLD_NOW);
	pthread_barrier_wait(&step);
	pthread_barrier_wait(&step); /* the thread has failed too and left its message */
	pthread_join(t, 0);
	check("another thread does not see this thread's failure", !thread_saw_main_error);
	check("its own failure gives it a message", thread_own_error);
	check("which reading cleared", thread_own_cleared);
	check("this thread's message survived the other's dlerror calls", dlerror() != 0);
	check("and the other thread's unread failure is not seen here", dlerror() == 0);
	return fails != 0;
}
