/* Loaded RTLD_LOCAL by dl_scope, then made global with RTLD_NOLOAD | RTLD_GLOBAL. */
int scope_promoted_value = 31;
