/* dl_unload_cycles' library: small, with data that a fresh load starts again. */
static int bumps;
char small_buffer[20000] = {1};
int small_bump(void) { return ++bumps + small_buffer[0] - 1; }
