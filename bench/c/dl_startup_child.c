/* The program that the dl_startup row starts: linked against the five libraries of
 * dl_startup.lib.c (DT_NEEDED, found through its rpath $ORIGIN), it checks that every
 * constructor ran and that the calls between the libraries resolve, and exits with 0. */
int bench_chain1_ready(void), bench_chain2_ready(void), bench_chain3_ready(void);
int bench_chain4_ready(void), bench_chain5_ready(void);
long bench_chain5_value(long x);
extern long *bench_chain5_dep_calls;

int main(void)
{
	if (!bench_chain1_ready() || !bench_chain2_ready() || !bench_chain3_ready() || !bench_chain4_ready() ||
	    !bench_chain5_ready())
		return 1;
	/* 5 + 4 + (2) + (3 + (1)) */
	if (bench_chain5_value(1) != 15 || *bench_chain5_dep_calls != 1)
		return 2;
	return 0;
}
