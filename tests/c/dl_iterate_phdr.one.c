/* dl_iterate_phdr's first library; needs the second, and has no TLS. */
int two_func(void);
int one_data[8] = {1};
int one_func(void) { return one_data[0] + two_func(); }
