/* Library half of tls_lib_ie: a library whose TLS is accessed with the
 * initial-exec model (as libraries built for static-TLS use are), i.e.
 * through R_X86_64_TPOFF64 relocations in the library's GOT rather than
 * __tls_get_addr. */
#define IE __attribute__((tls_model("initial-exec")))

IE __thread int ie_counter = 10;
IE __thread char ie_buf[8] = "ie";
IE __thread long ie_bss[4];

int ie_next(void) { return ie_counter++; }
const char *ie_name(void) { return ie_buf; }
long ie_bss_sum(void) { return ie_bss[0] + ie_bss[1] + ie_bss[2] + ie_bss[3]; }
int *ie_counter_addr(void) { return &ie_counter; }
