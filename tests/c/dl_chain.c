/* dlopen of a dependency chain (x -> y -> z) and of a diamond (top -> left, right ->
 * bottom): the dependencies load with the library and resolve its symbols, dlsym on a
 * handle also searches its dependencies, RTLD_NOLOAD finds what is loaded and nothing
 * else, and a loaded library is found again (the same handle) by path, by plain name
 * through LD_LIBRARY_PATH (dl_chain.env) and through a symlink to it. Then open and close
 * cycles. Nothing is checked after the last dlclose: musl's dlclose unloads nothing, so
 * what stays loaded is the loader's choice (the dl_unload_* tests check limpet's). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "dl_check.h"

/* Calls the int(void) function `name` found through `h`; -1 when there is none. */
static int call(void *h, const char *name)
{
	int (*f)(void) = (int (*)(void))dlsym(h, name);
	return f ? f() : -1;
}

static void *noload(const char *file)
{
	return dlopen(file, RTLD_NOW | RTLD_NOLOAD);
}

static void chain(void)
{
	check("x not loaded before dlopen (RTLD_NOLOAD)", !noload("./libdl_chain_x.so"));
	check("z not loaded before dlopen (RTLD_NOLOAD)", !noload("./libdl_chain_z.so"));
	void *x = dlopen("./libdl_chain_x.so", RTLD_NOW);
	check("dlopen x", x != 0);
	if (!x)
		return;
	printf("x_value %d\n", call(x, "x_value"));
	printf("y_value through x's handle %d\n", call(x, "y_value"));
	printf("z_value through x's handle %d\n", call(x, "z_value"));
	void *y = noload("./libdl_chain_y.so"), *z = noload("./libdl_chain_z.so");
	check("y and z loaded with x (RTLD_NOLOAD)", y && z);
	check("x found by RTLD_NOLOAD is x's handle", noload("./libdl_chain_x.so") == x);
	check("z_value through z's own handle is 3", call(z, "z_value") == 3);

	void *again = dlopen("./libdl_chain_x.so", RTLD_NOW);
	check("x again by path: same handle", again == x);
	void *by_name = dlopen("libdl_chain_x.so", RTLD_NOW);
	check("x by plain name (LD_LIBRARY_PATH): same handle", by_name == x);
	void *z_by_name = dlopen("libdl_chain_z.so", RTLD_NOW);
	check("z by plain name: same handle", z_by_name == z);

	char real[PATH_MAX], link[64];
	void *linked = 0;
	snprintf(link, sizeof link, "/tmp/dl_chain_%d.so", (int)getpid());
	if (realpath("./libdl_chain_x.so", real) && symlink(real, link) == 0) {
		linked = dlopen(link, RTLD_NOW);
		unlink(link);
	}
	check("x through a symlink: same handle", linked == x);

	void *handles[] = {again, by_name, z_by_name, linked, y, z, x};
	int bad = 0;
	for (unsigned i = 0; i < sizeof handles / sizeof *handles; i++)
		bad += handles[i] && dlclose(handles[i]) != 0;
	check("every dlclose returned 0", bad == 0);
}

static void diamond(void)
{
	void *top = dlopen("./libdl_chain_top.so", RTLD_NOW);
	check("dlopen top", top != 0);
	if (!top)
		return;
	printf("top_value %d\n", call(top, "top_value"));
	printf("bottom_value through top's handle %d\n", call(top, "bottom_value"));
	void *left = noload("./libdl_chain_left.so"), *right = noload("./libdl_chain_right.so");
	void *bottom = noload("./libdl_chain_bottom.so");
	check("left, right and bottom loaded with top", left && right && bottom);
	if (!left || !right || !bottom)
		return;
	/* One bottom: both sides count in the same variable. */
	int l = call(left, "left_bump"), r = call(right, "right_bump");
	printf("left_bump %d right_bump %d\n", l, r);
	int *counter = (int *)dlsym(bottom, "bottom_calls");
	check("bottom_calls seen through every handle is the same object",
	      counter && dlsym(top, "bottom_calls") == counter && dlsym(left, "bottom_calls") == counter &&
		      dlsym(right, "bottom_calls") == counter);
	printf("bottom_calls %d\n", counter ? *counter : -1);
	check("right not visible through left's handle", dlsym(left, "right_value") == 0);
	dlerror();
	int bad = dlclose(left) != 0;
	bad += dlclose(right) != 0;
	bad += dlclose(bottom) != 0;
	bad += dlclose(top) != 0;
	check("every dlclose returned 0", bad == 0);
}

/* Open and close again and again: each open must give a working library, whether the
 * last close unloaded it or not. */
static void cycles(void)
{
	int ok = 0;
	for (int i = 0; i < 20; i++) {
		void *x = dlopen("./libdl_chain_x.so", RTLD_NOW);
		void *top = dlopen("./libdl_chain_top.so", RTLD_NOW);
		if (x && top && call(x, "x_value") == 321 && call(top, "top_value") == 1312 &&
		    dlclose(top) == 0 && dlclose(x) == 0)
			ok++;
	}
	printf("open/close cycles that worked: %d of 20\n", ok);
	if (ok != 20)
		fails++;
}

int main(void)
{
	printf("chain\n");
	chain();
	printf("diamond\n");
	diamond();
	cycles();
	return fails != 0;
}
