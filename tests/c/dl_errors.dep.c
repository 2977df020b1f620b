/* dl_errors: needy's dependency. Its soname, libdl_errors_absent.so (dl_errors.libs), is
 * the name needy asks for, and no file has that name until the program makes one. */
int dep_value(void) { return 5; }
