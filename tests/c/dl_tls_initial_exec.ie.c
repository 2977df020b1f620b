/* The library of dl_tls_initial_exec, built twice: with a small block and with one larger
 * than any static TLS reserve. */
__thread int ie_var = 7;
__thread char ie_pad[IE_PAD];

int ie_get(void) { return ie_var + ie_pad[0]; }
void ie_set(int v) { ie_var = v; }
