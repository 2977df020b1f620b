/* The right side of dl_chain's diamond. */
int bottom_value(void);
int bottom_bump(void);
int right_value(void) { return bottom_value() * 10 + 3; }
int right_bump(void) { return bottom_bump(); }
