/* Running out of memory never loses a character silently when encoding into an East Asian
 * charset. In limpet's size profile the reverse index of each family (JIS, GB, Big5,
 * KS X 1001, 16 to 54 KB) is built from the allocator on the first iconv_open into it, so
 * with large allocations refused that open must fail with ENOMEM; the speed profile
 * carries the indexes and opens. Either way is right; what must not happen is an open that
 * succeeds and then writes `*` for the character. Once memory is back, a second open
 * builds the index and converts.
 *
 * The program replaces the allocator (a bump allocator over a static arena with a 16-byte
 * size header) and refuses requests of 4 KB and more while `refuse_big` is set.
 *
 * An .expected file: musl 1.2.3 has no GB18030, Big5-HKSCS or EUC-KR encoder (iconv_open
 * fails with EINVAL for those targets), so its output differs; the expected lines are what
 * both of limpet's profiles print: each character converted with memory, none lost without. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Alignas(16) unsigned char arena[1 << 22];
static size_t used;
static int refuse_big;

/* What refuse_big makes fail: more than any descriptor, less than any reverse index. */
#define BIG 4096

void *malloc(size_t n)
{
	size_t need = (n + 16 + 15) & ~(size_t)15;
	if ((refuse_big && n >= BIG) || need > sizeof arena - used) {
		errno = ENOMEM;
		return 0;
	}
	unsigned char *p = arena + used;
	used += need;
	*(size_t *)p = n;
	return p + 16;
}

void free(void *p)
{
	(void)p;
}

void *calloc(size_t a, size_t b)
{
	if (b && a > (size_t)-1 / b) {
		errno = ENOMEM;
		return 0;
	}
	void *p = malloc(a * b);
	if (p)
		memset(p, 0, a * b);
	return p;
}

void *realloc(void *p, size_t n)
{
	void *q = malloc(n);
	if (q && p) {
		size_t old = *(size_t *)((unsigned char *)p - 16);
		memcpy(q, p, old < n ? old : n);
	}
	return q;
}

/* Opens UTF-8 to `name` and converts `text`: 1 when the output is `want`, 0 when the open
 * failed with ENOMEM, -1 otherwise (printed). */
static int convert(const char *name, const char *text, const char *want)
{
	iconv_t cd = iconv_open(name, "UTF-8");
	if (cd == (iconv_t)-1) {
		if (errno == ENOMEM)
			return 0;
		printf("%s: iconv_open: %s\n", name, strerror(errno));
		return -1;
	}
	char out[16], *in = (char *)text, *o = out;
	size_t inleft = strlen(text), outleft = sizeof out;
	size_t r = iconv(cd, &in, &inleft, &o, &outleft);
	iconv_close(cd);
	size_t len = (size_t)(o - out);
	if (r != 0 || len != strlen(want) || memcmp(out, want, len) != 0) {
		printf("%s: iconv returned %zd, %zu bytes:", name, r, len);
		for (size_t i = 0; i < len; i++)
			printf(" %02x", (unsigned char)out[i]);
		printf("\n");
		return -1;
	}
	return 1;
}

int main(void)
{
	/* HIRAGANA LETTER A in the four families (KS X 1001 has it outside the hangul, which
	 * EUC-KR computes without an index). */
	static const struct {
		const char *name, *want;
	} cases[] = {
		{"EUC-JP", "\xa4\xa2"},
		{"GB18030", "\xa4\xa2"},
		{"BIG5-HKSCS", "\xc6\xe8"},
		{"EUC-KR", "\xaa\xa2"},
	};
	const char *text = "\xe3\x81\x82";
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		refuse_big = 1;
		int without = convert(cases[i].name, text, cases[i].want);
		refuse_big = 0;
		int with = convert(cases[i].name, text, cases[i].want);
		printf("%s: without memory %s, with memory %s\n", cases[i].name,
		       without >= 0 ? "nothing lost" : "WRONG", with == 1 ? "converted" : "WRONG");
	}
	return 0;
}
