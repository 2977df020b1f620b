/* Library half of tls_lib: __thread variables with initial values and in
 * .tbss, accessed with the default (general/local-dynamic) TLS model of
 * -fPIC code, which goes through __tls_get_addr. */
__thread int lib_tls_init = 1234;
__thread char lib_tls_name[12] = "lib-tls";
__thread long lib_tls_bss;
__thread int lib_tls_arr[64];
__thread double lib_tls_aligned __attribute__((aligned(32))) = 0;
static __thread int lib_tls_static = 77;
__thread int lib_tls_ctor_set;

/* TLS is usable in the library's constructor, before the program runs. */
__attribute__((constructor)) static void lib_ctor(void)
{
	lib_tls_ctor_set = lib_tls_init + 1;
}

int lib_get_init(void) { return lib_tls_init; }
void lib_set_init(int v) { lib_tls_init = v; }
long lib_get_bss(void) { return lib_tls_bss; }
int *lib_addr_init(void) { return &lib_tls_init; }
long *lib_addr_bss(void) { return &lib_tls_bss; }
int lib_static_bump(void) { return ++lib_tls_static; }

int lib_arr_sum(void)
{
	int s = 0;
	for (int i = 0; i < 64; i++)
		s += lib_tls_arr[i];
	return s;
}

void *lib_addr_aligned(void) { return &lib_tls_aligned; }
