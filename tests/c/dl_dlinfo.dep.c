/* dl_dlinfo's second library, loaded as the first one's dependency. */
int dep_value(void) { return 2; }
