/* dl_dlvsym's library: vers_fn in two versions (VERS_1.0, and the default VERS_2.0), made
 * with .symver; the version nodes come from dl_dlvsym.map. */
int vers_old(void) { return 1; }
int vers_new(void) { return 2; }
__asm__(".symver vers_old, vers_fn@VERS_1.0");
__asm__(".symver vers_new, vers_fn@@VERS_2.0");
int vers_plain(void) { return 3; }
