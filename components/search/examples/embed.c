/* limpet-search's static archive in a program on another C library: `cargo xtask embed
 * search` links this file against target/embed/search/.../liblimpet_search_embed.a, ahead
 * of the host libc, and runs it. The <search.h> functions below are limpet's; the host
 * libc supplies printf, malloc and errno.
 *
 * What shows they are limpet's: dladdr places them in this program, and hsearch behaves
 * as musl's: a table made for one entry takes a hundred (glibc's, of 3 slots, fails
 * with ENOMEM at the 4th). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <search.h>
#include <stdio.h>
#include <string.h>

static const char *defined_in(void *f)
{
	Dl_info fi, mi;
	if (!dladdr(f, &fi) || !dladdr((void *)defined_in, &mi))
		return "?";
	return fi.dli_fbase == mi.dli_fbase ? "this program" : fi.dli_fname;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void show(const void *node, VISIT v, int depth)
{
	if (v == postorder || v == leaf)
		printf(" %s@%d", *(char *const *)node, depth);
}

int main(void)
{
	printf("tsearch, hsearch are defined in: %s, %s\n", defined_in((void *)tsearch), defined_in((void *)hsearch));

	static const char *const words[] = { "delta", "alpha", "echo", "charlie", "bravo", "foxtrot" };
	void *root = 0;
	for (int i = 0; i < 6; i++)
		tsearch(words[i], &root, cmp);
	printf("tree, in order with depths:");
	twalk(root, show);
	printf("\n");
	tdelete("delta", &root, cmp);
	printf("without delta:");
	twalk(root, show);
	printf("\n");
	tdestroy(root, 0);

	static char keys[100][8];
	hcreate(1);
	int entered = 0;
	for (int i = 0; i < 100; i++) {
		snprintf(keys[i], sizeof keys[i], "k%d", i);
		ENTRY e = { keys[i], 0 };
		entered += hsearch(e, ENTER) != 0;
	}
	ENTRY q = { "k42", 0 };
	printf("hcreate(1), then %d of 100 keys entered; k42 %s\n", entered, hsearch(q, FIND) ? "found" : "missing");
	hdestroy();
	return entered == 100 ? 0 : 1;
}
