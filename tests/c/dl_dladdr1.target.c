/* dl_dladdr1's library: a function and an array of known size. */
int dladdr1_data[16] = {1};
int dladdr1_func(int x) { return dladdr1_data[x & 15] + x; }
