/* What dl_debug opens: debuggers must find it in the r_debug list. */
int debug_value(void) { return 1; }
