/* What dl_dlerror opens successfully. */
int ok_value(void) { return 1; }
