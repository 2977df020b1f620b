/* A DT_NEEDED library with its own TLS: initialised, zeroed, and an array, reached through
 * the general-dynamic model (__tls_get_addr) from whatever thread calls in. */
__thread int lib_counter = 1000;
__thread long lib_zeroed;
__thread char lib_tag[16] = "lib";

int lib_bump(int by)
{
	lib_counter += by;
	lib_zeroed += 1;
	return lib_counter;
}

long lib_zeroed_value(void)
{
	return lib_zeroed;
}

int *lib_counter_addr(void)
{
	return &lib_counter;
}

const char *lib_tag_value(void)
{
	return lib_tag;
}

void lib_set_tag(char c)
{
	lib_tag[0] = c;
}
