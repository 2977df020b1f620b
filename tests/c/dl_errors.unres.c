/* dl_errors: refers to data that no loaded object defines, so it cannot be relocated. */
extern int errors_only_in_other;
int unres_value(void) { return errors_only_in_other; }
