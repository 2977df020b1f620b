/* ctype over 0..255 and EOF, the glibc-compatible tables musl exports. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

const unsigned short **__ctype_b_loc(void);
const int32_t **__ctype_tolower_loc(void);
const int32_t **__ctype_toupper_loc(void);
size_t __ctype_get_mb_cur_max(void);

int main(void) {
	for (int c = -1; c < 256; c++) {
		printf("%d %d%d%d%d%d%d%d%d%d%d%d%d%d %d %d %d\n", c,
		       !!isalnum(c), !!isalpha(c), !!isblank(c), !!iscntrl(c), !!isdigit(c),
		       !!isgraph(c), !!islower(c), !!isprint(c), !!ispunct(c), !!isspace(c),
		       !!isupper(c), !!isxdigit(c), !!isascii(c), tolower(c), toupper(c), toascii(c));
	}
	const unsigned short *b = *__ctype_b_loc();
	const int32_t *lo = *__ctype_tolower_loc(), *up = *__ctype_toupper_loc();
	for (int c = -128; c < 256; c++)
		printf("t %d %04x %d %d\n", c, b[c], lo[c], up[c]);
	printf("mb_cur_max %zu\n", __ctype_get_mb_cur_max());
	return 0;
}
