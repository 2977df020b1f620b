/* dl_ctor_order: its constructor dlopens another library and calls into it. */
#include <dlfcn.h>
#include <stdio.h>
__attribute__((constructor)) static void ctor(void)
{
	printf("ctor nested begins\n");
	void *h = dlopen("./libdl_ctor_order_inner.so", RTLD_NOW);
	int (*f)(void) = h ? (int (*)(void))dlsym(h, "inner_value") : 0;
	printf("ctor nested: inner_value %d\n", f ? f() : -1);
}
