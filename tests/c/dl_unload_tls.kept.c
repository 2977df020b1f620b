/* dl_unload_tls' library that stays loaded: its TLS must survive the other's unloads. */
__thread int kept_value = 7;
int *kept_address(void) { return &kept_value; }
