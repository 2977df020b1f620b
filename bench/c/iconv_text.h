/* The text the iconv rows convert: 64 KB of UTF-8 made of words drawn in a fixed
 * pseudo-random order from a list, mostly ASCII with accented Latin letters, the way
 * Western European prose mixes them; with WIDE, also Greek, Cyrillic, Chinese and an
 * emoji now and then (what UTF-16 must hold, but Latin-1 cannot). Also the set-up and the
 * operation of the rows that convert it whole (text_open, text_convert); include bench.h
 * first. */
#include <iconv.h>
#include <string.h>

enum { TEXT_SIZE = 64 * 1024 };

static char text[TEXT_SIZE];
static size_t text_len;

static void make_text(int wide)
{
	static const char *latin[] = {
		"the", "of", "and", "conversion", "caf\xc3\xa9", "na\xc3\xafve", "stra\xc3\x9f" "e",
		"se\xc3\xb1or", "fa\xc3\xa7" "ade", "\xc3\xbc" "ber", "r\xc3\xa9sum\xc3\xa9", "character",
		"set", "buffer", "M\xc3\xbcller", "\xc3\x85ngstr\xc3\xb6m", "d\xc3\xa9j\xc3\xa0", "text",
		"with", "plain", "words,", "more.", "\xc2\xa9", "50\xc2\xb0",
	};
	static const char *other[] = {
		"\xce\xb1\xce\xbb\xcf\x86\xce\xb1", "\xd0\xbc\xd0\xb8\xd1\x80",
		"\xe4\xb8\xad\xe6\x96\x87", "\xf0\x9f\x98\x80",
	};
	unsigned long x = 12345;
	text_len = 0;
	for (;;) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		const char *w = latin[(x >> 33) % (sizeof latin / sizeof *latin)];
		if (wide && (x >> 20) % 16 == 0)
			w = other[(x >> 40) % (sizeof other / sizeof *other)];
		size_t n = strlen(w);
		if (text_len + n + 1 > TEXT_SIZE)
			break;
		memcpy(text + text_len, w, n);
		text_len += n;
		text[text_len++] = ' ';
	}
}

static iconv_t text_cd;

/* Makes the text (with the non-Latin words if wide) and opens the descriptor from UTF-8
 * to `to` that text_convert uses. */
static void text_open(const char *to, int wide)
{
	make_text(wide);
	text_cd = iconv_open(to, "UTF-8");
	if (text_cd == (iconv_t)-1)
		bench_fail("iconv_open failed");
}

/* Converts the whole text in one call into out (size bytes, room for all of it). */
static void text_convert(char *out, size_t size)
{
	char *in = text, *o = out;
	size_t il = text_len, ol = size;
	BENCH_HIDE(in);
	if (iconv(text_cd, &in, &il, &o, &ol) != 0 || il != 0)
		bench_fail("iconv failed");
	BENCH_KEEP(o);
}
