/* The five libraries that dl_startup_child links, each this file compiled with -DPART=n
 * (libbench_chainN.so) and with DEP_A/DEP_B naming the libraries it needs: 3 needs 1, 4
 * needs 2 and 3, 5 needs 4. Each has a constructor, which finds its dependencies' already
 * run (a loader must run them dependencies first), a call into each dependency, and a data
 * pointer to a dependency's variable. */
#define PASTE(a, b, c) a##b##c
#define CHAIN(n, what) PASTE(bench_chain, n, what)

#ifdef DEP_A
int CHAIN(DEP_A, _ready)(void);
long CHAIN(DEP_A, _value)(long x);
extern long CHAIN(DEP_A, _calls);
long *CHAIN(PART, _dep_calls) = &CHAIN(DEP_A, _calls);
#endif
#ifdef DEP_B
int CHAIN(DEP_B, _ready)(void);
long CHAIN(DEP_B, _value)(long x);
#endif

static int ready;
long CHAIN(PART, _calls);

__attribute__((constructor)) static void init(void)
{
#ifdef DEP_A
	if (!CHAIN(DEP_A, _ready)())
		return;
#endif
#ifdef DEP_B
	if (!CHAIN(DEP_B, _ready)())
		return;
#endif
	ready = 1;
}

int CHAIN(PART, _ready)(void)
{
	return ready;
}

/* PART times x, plus what the dependencies give for x. */
long CHAIN(PART, _value)(long x)
{
	long v = PART * x;
	CHAIN(PART, _calls)++;
#ifdef DEP_A
	v += CHAIN(DEP_A, _value)(x);
#endif
#ifdef DEP_B
	v += CHAIN(DEP_B, _value)(x);
#endif
	return v;
}
