/* libbench_tls.so, which the dl_tls row opens: thread-local variables in the default model
 * (general-dynamic, as -fPIC gives), so every access goes through __tls_get_addr. */
__thread long bench_tls_counter;
__thread long bench_tls_table[16] = { 1, 2, 3 };

long bench_tls_bump(void)
{
	return ++bench_tls_counter;
}

long bench_tls_peek(unsigned k)
{
	return bench_tls_table[k % 16];
}
