/* The top of dl_chain's diamond: needs left and right, which both need bottom. */
int left_value(void);
int right_value(void);
int top_value(void) { return left_value() + right_value() * 100; }
