/* Message catalogs in NetBSD's format, the one musl's catopen reads: big-endian 32-bit
 * words; a header (magic 0xff88ff89, the number of sets, the size of what follows, the
 * offsets of the message headers and of the text from the end of the header); set headers
 * (number, count of messages, index of the first message header), sorted; message headers
 * (number, length with the NUL, offset into the text), sorted within each set; the text. */
#include <stdint.h>
#include <string.h>

struct cat_msg {
	int set, msg;
	const char *text;
};

static void cat_put32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* Writes the catalog of the N messages M (sorted by set, then message) into OUT, which
 * has room for CAP bytes; returns its length, or 0 when it does not fit. */
static size_t cat_build(const struct cat_msg *m, int n, unsigned char *out, size_t cap)
{
	int nsets = 0;
	size_t text = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0 || m[i].set != m[i - 1].set)
			nsets++;
		text += strlen(m[i].text) + 1;
	}
	size_t sets_at = 20, msgs_at = sets_at + 12 * (size_t)nsets, text_at = msgs_at + 12 * (size_t)n;
	size_t len = text_at + text;
	if (len > cap)
		return 0;
	cat_put32(out, 0xff88ff89);
	cat_put32(out + 4, nsets);
	cat_put32(out + 8, len - 20);
	cat_put32(out + 12, msgs_at - 20);
	cat_put32(out + 16, text_at - 20);
	size_t off = 0;
	for (int i = 0, s = -1; i < n; i++) {
		if (i == 0 || m[i].set != m[i - 1].set) {
			int count = 0;
			while (i + count < n && m[i + count].set == m[i].set)
				count++;
			s++;
			cat_put32(out + sets_at + 12 * s, m[i].set);
			cat_put32(out + sets_at + 12 * s + 4, count);
			cat_put32(out + sets_at + 12 * s + 8, i);
		}
		size_t tl = strlen(m[i].text) + 1;
		cat_put32(out + msgs_at + 12 * i, m[i].msg);
		cat_put32(out + msgs_at + 12 * i + 4, tl);
		cat_put32(out + msgs_at + 12 * i + 8, off);
		memcpy(out + text_at + off, m[i].text, tl);
		off += tl;
	}
	return len;
}
