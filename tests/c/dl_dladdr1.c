/* dladdr1, the GNU extension (limpet only: musl has no dladdr1, so the program looks it up
 * with dlsym and says so when it is missing; dl_dladdr1.expected holds glibc's output, and
 * the program returns 0 either way, as the musl reference run's status is compared).
 * RTLD_DL_SYMENT gives the symbol table entry (its type, size and value, which plus the
 * base is the address), RTLD_DL_LINKMAP the library's link map (the one dlinfo gives);
 * Dl_info is filled as dladdr fills it, and an address in no object gives 0. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#ifndef RTLD_DL_SYMENT
#define RTLD_DL_SYMENT 1
#define RTLD_DL_LINKMAP 2
#endif

static void check(const char *what, int ok) { printf("%s: %s\n", what, ok ? "yes" : "no"); }

int main(void)
{
	int (*dladdr1_fn)(const void *, Dl_info *, void **, int) =
		(int (*)(const void *, Dl_info *, void **, int))dlsym(RTLD_DEFAULT, "dladdr1");
	if (!dladdr1_fn) {
		printf("dladdr1: not available\n");
		return 0;
	}
	void *h = dlopen("./libdl_dladdr1_target.so", RTLD_NOW);
	struct link_map *map = 0;
	if (!h || dlinfo(h, RTLD_DI_LINKMAP, &map) != 0)
		return 0;
	char *func = dlsym(h, "dladdr1_func"), *data = dlsym(h, "dladdr1_data");
	if (!func || !data)
		return 0;

	Dl_info info, plain;
	void *extra = 0;
	int r = dladdr1_fn(data + 8, &info, &extra, RTLD_DL_SYMENT);
	const ElfW(Sym) *sym = extra;
	check("RTLD_DL_SYMENT on data: found", r != 0 && sym != 0);
	if (r && sym) {
		check("  STT_OBJECT", ELF64_ST_TYPE(sym->st_info) == STT_OBJECT);
		printf("  st_size %lu\n", (unsigned long)sym->st_size);
		check("  base + st_value is the symbol", map->l_addr + sym->st_value == (ElfW(Addr))data);
		check("  Dl_info as dladdr gives it",
		      dladdr(data + 8, &plain) && plain.dli_saddr == info.dli_saddr && plain.dli_fbase == info.dli_fbase &&
			      info.dli_sname && strcmp(info.dli_sname, "dladdr1_data") == 0);
	}
	extra = 0;
	r = dladdr1_fn(func + 3, &info, &extra, RTLD_DL_SYMENT);
	sym = extra;
	check("RTLD_DL_SYMENT inside a function: found", r != 0 && sym != 0);
	if (r && sym) {
		check("  STT_FUNC", ELF64_ST_TYPE(sym->st_info) == STT_FUNC);
		check("  st_size covers the address", sym->st_size > 3);
		check("  base + st_value is the function", map->l_addr + sym->st_value == (ElfW(Addr))func);
	}
	extra = 0;
	r = dladdr1_fn(func, &info, &extra, RTLD_DL_LINKMAP);
	check("RTLD_DL_LINKMAP: the library's link map", r != 0 && extra == map);

	void *anon = mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("an address in no object gives 0", anon != MAP_FAILED && dladdr1_fn(anon, &info, &extra, RTLD_DL_SYMENT) == 0);
	munmap(anon, 4096);
	return 0;
}
