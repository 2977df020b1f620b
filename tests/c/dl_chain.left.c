/* The left side of dl_chain's diamond. */
int bottom_value(void);
int bottom_bump(void);
int left_value(void) { return bottom_value() * 10 + 2; }
int left_bump(void) { return bottom_bump(); }
