/* Library half of dso_fnptr_nopie: hands out the address of its own exported
 * function, which must equal the address the (non-PIE) program computes. */
int lib_triple(int x) { return 3 * x; }
int lib_square(int x) { return x * x; }

int (*lib_get_triple(void))(int) { return lib_triple; }
int (*const lib_table[2])(int) = { lib_triple, lib_square };

int lib_call(int (*f)(int), int x) { return f(x); }
