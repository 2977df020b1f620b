/* dlinfo(RTLD_DI_LINKMAP): the link map of a dlopen'd library names it (l_name ends with
 * its name), l_ld is its dynamic section and l_addr its base (dladdr's dli_fbase); the
 * maps form one list whose head (l_prev NULL) is the map of dlopen(NULL), with the
 * library and its dependency on it, and l_next and l_prev agree. An unknown request
 * fails with -1 and a dlerror message. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include "dl_check.h"

int main(void)
{
	void *h = dlopen("./libdl_dlinfo_main.so", RTLD_NOW);
	check("dlopen", h != 0);
	if (!h)
		return 1;
	struct link_map *map = 0, *head = 0;
	check("dlinfo RTLD_DI_LINKMAP returns 0", dlinfo(h, RTLD_DI_LINKMAP, &map) == 0 && map);
	check("and so it does for dlopen(NULL)", dlinfo(dlopen(0, RTLD_NOW), RTLD_DI_LINKMAP, &head) == 0 && head);
	if (!map || !head)
		return 1;
	check("l_name ends with the library's name", ends_with(map->l_name, "/libdl_dlinfo_main.so"));
	void *(*dynamic)(void) = (void *(*)(void))dlsym(h, "info_dynamic");
	check("l_ld is the library's dynamic section", dynamic && map->l_ld == dynamic());
	Dl_info info;
	check("l_addr is dladdr's dli_fbase", dynamic && dladdr((void *)dynamic, &info) &&
						    (ElfW(Addr))info.dli_fbase == map->l_addr);
	check("the map of dlopen(NULL) is the head of the list", head->l_prev == 0);

	struct link_map *first = map;
	int steps = 0;
	while (first->l_prev && steps++ < 1000)
		first = first->l_prev;
	check("walking l_prev from the library reaches that head", first == head);
	int seen_lib = 0, seen_dep = 0, consistent = 1, count = 0;
	for (struct link_map *m = head; m && count < 1000; m = m->l_next, count++) {
		if (m == map)
			seen_lib++;
		if (ends_with(m->l_name, "/libdl_dlinfo_dep.so"))
			seen_dep++;
		if (m->l_next && m->l_next->l_prev != m)
			consistent = 0;
	}
	check("walking l_next from the head meets the library once", seen_lib == 1);
	check("and its dependency once", seen_dep == 1);
	check("l_next and l_prev agree", consistent);

	dlerror();
	int unknown = 0x7fff;
	check("an unknown request fails with -1", dlinfo(h, unknown, &map) == -1);
	check("and a dlerror message", dlerror() != 0);
	return fails != 0;
}
