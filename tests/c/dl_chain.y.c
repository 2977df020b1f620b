/* The middle of dl_chain's x -> y -> z chain. */
int z_value(void);
int y_value(void) { return z_value() * 10 + 2; }
