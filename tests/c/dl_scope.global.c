/* Loaded RTLD_GLOBAL by dl_scope: its symbols join the global scope. */
int scope_global_value = 21;
int scope_global_func(void) { return 22; }
