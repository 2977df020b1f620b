/* RTLD_LOCAL and RTLD_GLOBAL: a library opened RTLD_LOCAL is reached only through its
 * handle, not through dlsym(RTLD_DEFAULT) nor by a library loaded later; one opened
 * RTLD_GLOBAL (or made global later with RTLD_NOLOAD | RTLD_GLOBAL) is reached by both.
 * The handle of dlopen(NULL) searches the global scope: the program's symbols (exported
 * with -rdynamic, dl_scope.flags) and libc's. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scope_program_value = 41;
int scope_shared_name = 42;
int scope_program_func(void) { return 43; }

#include "dl_check.h"

static int call(void *h, const char *name)
{
	int (*f)(void) = (int (*)(void))dlsym(h, name);
	return f ? f() : -1;
}

static int value(void *h, const char *name)
{
	int *p = (int *)dlsym(h, name);
	return p ? *p : -1;
}

int main(void)
{
	void *local = dlopen("./libdl_scope_local.so", RTLD_NOW | RTLD_LOCAL);
	void *global = dlopen("./libdl_scope_global.so", RTLD_NOW | RTLD_GLOBAL);
	void *promoted = dlopen("./libdl_scope_promoted.so", RTLD_NOW | RTLD_LOCAL);
	check("dlopen local, global, promoted", local && global && promoted);
	if (!local || !global || !promoted)
		return 1;

	printf("through their handles: local %d %d, global %d %d, promoted %d\n",
	       value(local, "scope_local_value"), call(local, "scope_local_func"),
	       value(global, "scope_global_value"), call(global, "scope_global_func"),
	       value(promoted, "scope_promoted_value"));
	printf("scope_shared_name through the local library's handle %d\n",
	       value(local, "scope_shared_name"));

	check("RTLD_DEFAULT misses the local library's data", dlsym(RTLD_DEFAULT, "scope_local_value") == 0);
	check("RTLD_DEFAULT misses the local library's function", dlsym(RTLD_DEFAULT, "scope_local_func") == 0);
	check("RTLD_DEFAULT misses the not yet promoted library", dlsym(RTLD_DEFAULT, "scope_promoted_value") == 0);
	check("RTLD_DEFAULT finds the global library's data",
	      dlsym(RTLD_DEFAULT, "scope_global_value") == dlsym(global, "scope_global_value"));
	check("RTLD_DEFAULT finds the global library's function",
	      dlsym(RTLD_DEFAULT, "scope_global_func") == dlsym(global, "scope_global_func"));
	dlerror();

	void *again = dlopen("./libdl_scope_promoted.so", RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
	check("RTLD_NOLOAD | RTLD_GLOBAL gives the same handle", again == promoted);
	check("RTLD_DEFAULT finds the promoted library",
	      dlsym(RTLD_DEFAULT, "scope_promoted_value") == dlsym(promoted, "scope_promoted_value"));

	void *user = dlopen("./libdl_scope_user.so", RTLD_NOW);
	check("dlopen user", user != 0);
	if (user)
		printf("a later library sees: local %d, global %d, promoted %d, program %d\n",
		       call(user, "user_sees_local"), call(user, "user_sees_global"),
		       call(user, "user_sees_promoted"), call(user, "user_sees_program"));

	void *self = dlopen(0, RTLD_NOW);
	check("dlopen(NULL)", self != 0);
	check("dlopen(NULL) twice: same handle", dlopen(0, RTLD_NOW) == self);
	printf("through dlopen(NULL): scope_program_value %d, scope_program_func %d\n",
	       value(self, "scope_program_value"), call(self, "scope_program_func"));
	check("dlopen(NULL) finds the program's own scope_shared_name",
	      dlsym(self, "scope_shared_name") == (void *)&scope_shared_name);
	check("dlopen(NULL) finds libc's strlen", dlsym(self, "strlen") == (void *)strlen);
	check("dlopen(NULL) finds libc's printf", dlsym(self, "printf") == (void *)printf);
	check("dlopen(NULL) finds the global library", dlsym(self, "scope_global_value") != 0);
	check("dlopen(NULL) misses the local library", dlsym(self, "scope_local_value") == 0);
	check("RTLD_DEFAULT finds main", dlsym(RTLD_DEFAULT, "main") == (void *)main);
	dlerror();
	return fails != 0;
}
