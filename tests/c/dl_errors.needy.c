/* dl_errors: needs libdl_errors_absent.so, which is nowhere until the program copies
 * libdl_errors_dep.so under that name next to a copy of this library ($ORIGIN). */
int dep_value(void);
int needy_value(void) { return dep_value() + 1; }
