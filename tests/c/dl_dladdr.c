/* dladdr on a dlopen'd library's function, data, zeroed data and read-only data, at their
 * starts and inside them: it names the library (dli_fname ends with its name), the symbol
 * (dli_sname) and the symbol's address (dli_saddr), and dli_fbase is the library's base
 * (the link map's l_addr, which is where it was mapped: its first segment is at 0). An
 * address inside no object (an anonymous mapping, the stack) gives 0. Addresses in the
 * program and in libc are found in objects other than the library. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "dl_check.h"

static void *base;

/* dladdr of `addr`, which lies `offset` bytes into the library's symbol `name` at `sym`. */
static void lookup(const char *name, char *sym, size_t offset)
{
	Dl_info info;
	memset(&info, 0, sizeof info);
	int r = dladdr(sym + offset, &info);
	int lib = r != 0 && ends_with(info.dli_fname, "/libdl_dladdr_target.so");
	int named = r != 0 && info.dli_sname && strcmp(info.dli_sname, name) == 0;
	printf("dladdr(%s + %zu): %s, library %s, symbol %s, at the symbol %s, base %s\n", name, offset,
	       r ? "found" : "0", lib ? "yes" : "no", named ? "yes" : "no", info.dli_saddr == sym ? "yes" : "no",
	       info.dli_fbase == base ? "yes" : "no");
	if (!lib || !named || info.dli_saddr != sym || info.dli_fbase != base)
		fails++;
}

int main(void)
{
	void *h = dlopen("./libdl_dladdr_target.so", RTLD_NOW);
	check("dlopen", h != 0);
	if (!h)
		return 1;
	struct link_map *map = 0;
	check("dlinfo RTLD_DI_LINKMAP", dlinfo(h, RTLD_DI_LINKMAP, &map) == 0 && map);
	if (!map)
		return 1;
	base = (void *)map->l_addr;

	char *func = (char *)dlsym(h, "dladdr_func");
	char *data = (char *)dlsym(h, "dladdr_data");
	char *bss = (char *)dlsym(h, "dladdr_bss");
	char *rodata = (char *)dlsym(h, "dladdr_rodata");
	check("dlsym found all four", func && data && bss && rodata);
	if (!func || !data || !bss || !rodata)
		return 1;
	lookup("dladdr_func", func, 0);
	lookup("dladdr_func", func, 5);
	lookup("dladdr_data", data, 0);
	lookup("dladdr_data", data, 3 * sizeof(int));
	lookup("dladdr_bss", bss, 0);
	lookup("dladdr_bss", bss, 31 * sizeof(int));
	lookup("dladdr_rodata", rodata, 0);
	lookup("dladdr_rodata", rodata, 10);

	Dl_info info;
	void *anon = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("an anonymous mapping is in no object", anon != MAP_FAILED && dladdr(anon, &info) == 0);
	int local = 0;
	check("the stack is in no object", dladdr(&local, &info) == 0);
	munmap(anon, 4096);

	memset(&info, 0, sizeof info);
	check("main is in an object other than the library",
	      dladdr((void *)main, &info) != 0 && info.dli_fname && info.dli_fbase != base);
	memset(&info, 0, sizeof info);
	check("strlen is in an object other than the library",
	      dladdr((void *)strlen, &info) != 0 && info.dli_fname && info.dli_fbase != base);
	return fails != 0;
}
