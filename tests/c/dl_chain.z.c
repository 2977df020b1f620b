/* The end of dl_chain's x -> y -> z chain: needs nothing but libc. */
int z_value(void) { return 3; }
