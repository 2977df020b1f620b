/* The debugger interface: the loader fills the program's DT_DEBUG entry with its r_debug
 * (version 1, a breakpoint address r_brk, state RT_CONSISTENT outside dlopen and dlclose),
 * whose r_map is the head of the link map list, dlopen(NULL)'s map; after a dlopen the
 * new library is in that list. gdb finds libraries this way. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

extern ElfW(Dyn) _DYNAMIC[];

#include "dl_check.h"

static int listed(struct r_debug *dbg, const char *tail)
{
	int n = 0, count = 0;
	for (struct link_map *m = dbg->r_map; m && count < 1000; m = m->l_next, count++)
		n += ends_with(m->l_name, tail);
	return n;
}

int main(void)
{
	struct r_debug *dbg = 0;
	int entries = 0;
	for (ElfW(Dyn) *d = _DYNAMIC; d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_DEBUG) {
			entries++;
			dbg = (struct r_debug *)d->d_un.d_ptr;
		}
	check("the program has one DT_DEBUG entry", entries == 1);
	check("the loader filled it in", dbg != 0);
	if (!dbg)
		return 1;
	check("r_version is 1", dbg->r_version == 1);
	check("r_brk is set", dbg->r_brk != 0);
	check("r_state is RT_CONSISTENT", dbg->r_state == RT_CONSISTENT);
	struct link_map *head = 0;
	dlinfo(dlopen(0, RTLD_NOW), RTLD_DI_LINKMAP, &head);
	check("r_map is dlopen(NULL)'s link map", head && dbg->r_map == head);
	check("the library is not listed before dlopen", listed(dbg, "/libdl_debug_lib1.so") == 0);

	void *h = dlopen("./libdl_debug_lib1.so", RTLD_NOW);
	check("dlopen", h != 0);
	check("the library is listed after dlopen", listed(dbg, "/libdl_debug_lib1.so") == 1);
	check("r_state is RT_CONSISTENT again", dbg->r_state == RT_CONSISTENT);
	return fails != 0;
}
