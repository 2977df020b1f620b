/* Loaded RTLD_LOCAL by dl_scope: its symbols stay out of the global scope. */
int scope_local_value = 11;
int scope_local_func(void) { return 12; }
/* Also defined by the program: a library's own definition is what dlsym on its handle finds. */
int scope_shared_name = 13;
