/* Constructors and destructors across a dlopen'd dependency tree: head needs mid1 and
 * mid2, which both need base. Dependencies are initialised before their users (each
 * constructor calls into its dependencies), each library once; a later dlopen (late, which
 * needs mid2 and base) runs only its own new constructor; a constructor may dlopen another
 * library (nested opens inner). At exit the destructors run in the reverse order of the
 * constructors. nested and inner have no destructors: musl finalises in the reverse order
 * in which constructors started (inner before nested), while C++ asks for the reverse order
 * of their completion (nested first), as glibc does. The handles are never closed: musl's
 * dlclose runs no destructors, limpet's does (dl_unload checks that). */
#include <dlfcn.h>
#include <stdio.h>

__attribute__((constructor)) static void prog_ctor(void) { printf("ctor program\n"); }
__attribute__((destructor)) static void prog_dtor(void) { printf("dtor program\n"); }

static void *open_lib(const char *path)
{
	printf("dlopen %s\n", path);
	void *h = dlopen(path, RTLD_NOW);
	printf("dlopen %s: %s\n", path, h ? "ok" : "failed");
	return h;
}

int main(void)
{
	printf("main\n");
	void *head = open_lib("./libdl_ctor_order_head.so");
	void *late = open_lib("./libdl_ctor_order_late.so");
	void *again = open_lib("./libdl_ctor_order_head.so");
	void *nested = open_lib("./libdl_ctor_order_nested.so");
	int (*f)(void) = head ? (int (*)(void))dlsym(head, "head_value") : 0;
	int (*g)(void) = late ? (int (*)(void))dlsym(late, "late_value") : 0;
	printf("head_value %d late_value %d\n", f ? f() : -1, g ? g() : -1);
	printf("main returns\n");
	return !(head && late && again == head && nested && f && g);
}
