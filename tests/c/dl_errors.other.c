/* dl_errors: defines what unres refers to, but is never loaded. */
int errors_only_in_other = 9;
