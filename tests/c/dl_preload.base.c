/* dl_preload's linked library: its whoami is interposed by the preloaded library's, for
 * the program and for the library's own call alike. */
const char *whoami(void) { return "base"; }
const char *base_asks_whoami(void) { return whoami(); }
