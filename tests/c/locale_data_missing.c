/* Locales that are not installed, or whose compiled file is corrupt or truncated, behave as
 * in musl: the name is accepted and kept, every category has the C locale's strings and
 * conventions, LC_CTYPE is UTF-8. The compiled de_DE.UTF-8 (locale_data.env points
 * LIMPET_LOCPATH at the harness's compiled locales) is copied into a scratch directory cut
 * at many lengths and with bytes changed, each under a name of its own, and LIMPET_LOCPATH
 * is pointed there; each must give the C locale (on musl, which reads no such files, too).
 * The untouched copy, under one more name, must give the same as de_DE.UTF-8 itself: on
 * musl the C locale both times, on limpet German both times. */
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char image[1 << 16];
static char dir[64];

/* Whether the global locale shows the C locale's numbers, times and messages. */
static int is_c(void)
{
	struct lconv *c = localeconv();
	return !strcmp(nl_langinfo(RADIXCHAR), ".") && !strcmp(nl_langinfo(DAY_1), "Sunday")
	       && !strcmp(nl_langinfo(YESEXPR), "^[yY]") && !strcmp(nl_langinfo(D_T_FMT), "%a %b %e %T %Y")
	       && !strcmp(c->decimal_point, ".") && !*c->currency_symbol && c->frac_digits == CHAR_MAX;
}

/* Writes `len` bytes of the image, with byte `at` xor'ed with `flip`, as locale `name`. */
static void put(const char *name, size_t len, size_t at, int flip)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return;
	image[at] ^= flip;
	fwrite(image, 1, len, f);
	image[at] ^= flip;
	fclose(f);
}

int main(void)
{
	const char *from = getenv("LIMPET_LOCPATH");
	char path[256];
	snprintf(path, sizeof path, "%s/de_DE.UTF-8", from ? from : ".");
	FILE *f = fopen(path, "rb");
	size_t len = f ? fread(image, 1, sizeof image, f) : 0;
	if (f)
		fclose(f);
	printf("compiled de_DE.UTF-8 read: %s\n", len > 0 ? "yes" : "no");

	snprintf(dir, sizeof dir, "/tmp/limpet-locale-data-%d", (int)getpid());
	mkdir(dir, 0700);
	setenv("LIMPET_LOCPATH", dir, 1);

	/* Not installed anywhere. */
	printf("zz_ZZ.UTF-8: %s\n", setlocale(LC_ALL, "zz_ZZ.UTF-8") ? "accepted" : "refused");
	printf("  C conventions: %s, MB_CUR_MAX %d, CODESET %s, name %s\n", is_c() ? "yes" : "no", (int)MB_CUR_MAX,
	       nl_langinfo(CODESET), setlocale(LC_TIME, 0));

	/* Cut at many lengths (each under its own name: a name's data is looked up once). */
	int cases = 0, c_locale = 0;
	for (size_t cut = 0; len && cut < len; cut += cut < 200 ? 1 : 97) {
		char name[32];
		snprintf(name, sizeof name, "zz_T%zu.UTF-8", cut);
		put(name, cut, 0, 0);
		cases++;
		c_locale += setlocale(LC_ALL, name) && is_c();
	}
	/* Each byte of the header (36 bytes) changed, and the top byte of each of the
	 * offsets that follow it (4 bytes each, little-endian: 0x80 there puts the offset far
	 * outside any locale file). */
	for (size_t at = 0; len && at < 36 + 4 * 66; at += at < 36 ? 1 : 4) {
		if (at == 36)
			at = 39;
		char name[32];
		snprintf(name, sizeof name, "zz_F%zu.UTF-8", at);
		put(name, len, at, 0x80);
		cases++;
		c_locale += setlocale(LC_ALL, name) && is_c();
	}
	printf("damaged copies: %d, C locale: %d\n", cases, c_locale);

	/* The untouched copy under another name gives what de_DE.UTF-8 gives. */
	put("zz_OK.UTF-8", len, 0, 0);
	setlocale(LC_ALL, "zz_OK.UTF-8");
	char copy[64];
	snprintf(copy, sizeof copy, "%s|%s|%s", nl_langinfo(DAY_1), nl_langinfo(RADIXCHAR), localeconv()->currency_symbol);
	setenv("LIMPET_LOCPATH", from ? from : ".", 1);
	setlocale(LC_ALL, "de_DE.UTF-8");
	char orig[64];
	snprintf(orig, sizeof orig, "%s|%s|%s", nl_langinfo(DAY_1), nl_langinfo(RADIXCHAR), localeconv()->currency_symbol);
	printf("untouched copy as de_DE.UTF-8: %s\n", strcmp(copy, orig) ? "no" : "yes");
	setlocale(LC_ALL, "C");

	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	system(cmd);
	return 0;
}
