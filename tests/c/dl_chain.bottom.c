/* The bottom of dl_chain's diamond (top -> left, right -> bottom): one copy is loaded,
 * and both sides count in the same variable. */
int bottom_calls;
int bottom_value(void) { return 1; }
int bottom_bump(void) { return ++bottom_calls; }
