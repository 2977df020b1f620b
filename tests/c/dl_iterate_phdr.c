/* dl_iterate_phdr before and after a dlopen that loads two libraries (one, and two which
 * it needs): the count of objects grows by two, exactly one object's name ends with each
 * library's name, dlpi_adds grows and dlpi_subs does not; every object has PT_LOAD
 * segments, and each checked address (the program's main, libc's strlen, each library's
 * function and data) lies in the PT_LOAD segments of exactly one object, the right one.
 * The TLS library reports a module id and this thread's block; the other does not.
 * A callback's nonzero return stops the walk and is what dl_iterate_phdr returns. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "dl_check.h"

#define MAX_ADDRS 8

/* What one walk saw. */
struct walk {
	int objects;
	int small_size;   /* calls whose size did not cover dlpi_subs */
	int without_load; /* objects without a PT_LOAD segment */
	unsigned long long adds, subs;
	int named_one, named_two;
	/* For each address to find: how many objects hold it, and in which (the index). */
	int naddrs;
	const void *addr[MAX_ADDRS];
	int holders[MAX_ADDRS], holder[MAX_ADDRS];
	/* The libraries' TLS as reported. */
	size_t one_modid, two_modid;
	void *two_tls_data;
	size_t two_tls_size;
	int one_index, two_index;
};

static int holds(struct dl_phdr_info *info, const void *addr)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		ElfW(Addr) start = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ElfW(Addr))addr >= start && (ElfW(Addr))addr < start + ph->p_memsz)
			return 1;
	}
	return 0;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
	struct walk *w = data;
	int index = w->objects++;
	if (size < offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs) {
		w->small_size++;
		return 0;
	}
	w->adds = info->dlpi_adds;
	w->subs = info->dlpi_subs;
	int loads = 0;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD)
			loads++;
	if (!loads)
		w->without_load++;
	for (int i = 0; i < w->naddrs; i++)
		if (holds(info, w->addr[i])) {
			w->holders[i]++;
			w->holder[i] = index;
		}
	if (ends_with(info->dlpi_name, "/libdl_iterate_phdr_one.so")) {
		w->named_one++;
		w->one_index = index;
		w->one_modid = info->dlpi_tls_modid;
	}
	if (ends_with(info->dlpi_name, "/libdl_iterate_phdr_two.so")) {
		w->named_two++;
		w->two_index = index;
		w->two_modid = info->dlpi_tls_modid;
		w->two_tls_data = info->dlpi_tls_data;
		for (int i = 0; i < info->dlpi_phnum; i++)
			if (info->dlpi_phdr[i].p_type == PT_TLS)
				w->two_tls_size = info->dlpi_phdr[i].p_memsz;
	}
	return 0;
}

static int stop_at_second(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)info;
	(void)size;
	return ++*(int *)data == 2 ? 5 : 0;
}

int main(void)
{
	struct walk before = {.naddrs = 2, .addr = {(void *)main, (void *)strlen}};
	check("dl_iterate_phdr returns 0 after a full walk", dl_iterate_phdr(visit, &before) == 0);
	check("every call's size covers dlpi_adds and dlpi_subs", before.objects > 0 && before.small_size == 0);
	check("every object has PT_LOAD segments", before.without_load == 0);
	check("main is in exactly one object, the first", before.holders[0] == 1 && before.holder[0] == 0);
	check("strlen is in exactly one object, another one", before.holders[1] == 1 && before.holder[1] != 0);
	check("neither library is there yet", before.named_one == 0 && before.named_two == 0);

	void *one = dlopen("./libdl_iterate_phdr_one.so", RTLD_NOW);
	check("dlopen one (which needs two)", one != 0);
	if (!one)
		return 1;
	void *(*tls_addr)(void) = (void *(*)(void))dlsym(one, "two_tls_address");
	char *tls = tls_addr ? tls_addr() : 0;
	struct walk after = {.naddrs = 6,
			     .addr = {(void *)main, (void *)strlen, dlsym(one, "one_func"), dlsym(one, "one_data"),
				      dlsym(one, "two_func"), dlsym(one, "two_data")}};
	dl_iterate_phdr(visit, &after);
	printf("objects added: %d\n", after.objects - before.objects);
	check("dlpi_adds grew", after.adds > before.adds);
	check("dlpi_subs did not change", after.subs == before.subs);
	check("every object has PT_LOAD segments", after.without_load == 0);
	check("one object is named ...one.so, one ...two.so", after.named_one == 1 && after.named_two == 1);
	check("main is in exactly one object, the first", after.holders[0] == 1 && after.holder[0] == 0);
	check("strlen is in exactly one object, another one", after.holders[1] == 1 && after.holder[1] != 0);
	check("one_func and one_data are in one's segments only",
	      after.holders[2] == 1 && after.holder[2] == after.one_index && after.holders[3] == 1 &&
		      after.holder[3] == after.one_index);
	check("two_func and two_data are in two's segments only",
	      after.holders[4] == 1 && after.holder[4] == after.two_index && after.holders[5] == 1 &&
		      after.holder[5] == after.two_index);
	check("two has a TLS module id, one has none", after.two_modid != 0 && after.one_modid == 0);
	check("two's dlpi_tls_data is this thread's block",
	      tls && after.two_tls_data && tls >= (char *)after.two_tls_data &&
		      tls < (char *)after.two_tls_data + after.two_tls_size);

	int calls = 0;
	int r = dl_iterate_phdr(stop_at_second, &calls);
	printf("a callback that returns 5 on its second call: result %d after %d calls\n", r, calls);
	void *again = dlopen("./libdl_iterate_phdr_one.so", RTLD_NOW);
	struct walk third = {0};
	dl_iterate_phdr(visit, &third);
	check("opening one again adds no object", again == one && third.objects == after.objects);
	return fails != 0;
}
