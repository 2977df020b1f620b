/* dl_bad_elf's library, copied by the program with one header field changed. */
int plain_value(void) { return 42; }
