/* Loaded by dl_scope after the others: its weak references are bound to what the global
 * scope holds at that time (0 for what is not there). */
extern int scope_local_value __attribute__((weak));
extern int scope_global_value __attribute__((weak));
extern int scope_promoted_value __attribute__((weak));
extern int scope_program_value __attribute__((weak));
int user_sees_local(void) { return &scope_local_value ? scope_local_value : 0; }
int user_sees_global(void) { return &scope_global_value ? scope_global_value : 0; }
int user_sees_promoted(void) { return &scope_promoted_value ? scope_promoted_value : 0; }
int user_sees_program(void) { return &scope_program_value ? scope_program_value : 0; }
