/* libbench_syms.so, which the dl_sym row looks names up in: 1,000 exported functions,
 * bench_sym_000 to bench_sym_999, each returning 1000 plus its number. */
#define SYM(n) \
	int bench_sym_##n(void) \
	{ \
		return 1##n; \
	}
#define SYM10(n) SYM(n##0) SYM(n##1) SYM(n##2) SYM(n##3) SYM(n##4) SYM(n##5) SYM(n##6) SYM(n##7) SYM(n##8) SYM(n##9)
#define SYM100(n) \
	SYM10(n##0) SYM10(n##1) SYM10(n##2) SYM10(n##3) SYM10(n##4) \
	SYM10(n##5) SYM10(n##6) SYM10(n##7) SYM10(n##8) SYM10(n##9)

SYM100(0) SYM100(1) SYM100(2) SYM100(3) SYM100(4) SYM100(5) SYM100(6) SYM100(7) SYM100(8) SYM100(9)
