/* dl_iterate_phdr's second library (loaded as the first one's dependency), with TLS. */
int two_data[8] = {2};
__thread int two_tls = 5;
int two_func(void) { return two_data[0] + two_tls; }
void *two_tls_address(void) { return &two_tls; }
