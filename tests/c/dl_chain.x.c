/* The head of dl_chain's x -> y -> z chain: the program dlopens only this one. */
int y_value(void);
int x_value(void) { return y_value() * 10 + 1; }
