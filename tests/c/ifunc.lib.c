/* The library of ifunc: an exported IFUNC whose resolver reads a relocated table. */
static int resolver_calls;
static int lib_fast(void) { return 1; }
static int lib_fallback(void) { return 0; }
static int (*const lib_choices[])(void) = { lib_fast };

static int (*resolve_pick(void))(void)
{
	resolver_calls++;
	return lib_choices[0] ? lib_choices[0] : lib_fallback;
}

int lib_pick(void) __attribute__((ifunc("resolve_pick")));

int lib_ifunc_calls(void) { return resolver_calls; }
