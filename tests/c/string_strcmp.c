/* strcmp: only the sign is printed (the magnitude is unspecified); bytes
 * compare as unsigned char; a prefix is less; every alignment pair. */
#include <stdio.h>
#include <string.h>

static const char *sign(int r) { return r < 0 ? "<0" : r > 0 ? ">0" : "0"; }

static void show(const char *a, const char *b, const char *label)
{
	printf("strcmp(%s): %s\n", label, sign(strcmp(a, b)));
}

int main(void)
{
	show("abc", "abc", "abc,abc");
	show("abc", "abd", "abc,abd");
	show("abd", "abc", "abd,abc");
	show("ab", "abc", "ab,abc");
	show("abc", "ab", "abc,ab");
	show("", "", "empty,empty");
	show("", "a", "empty,a");
	show("a", "", "a,empty");
	show("\xff", "a", "0xff,a");
	show("a", "\x80", "a,0x80");
	show("\x80", "\x7f", "0x80,0x7f");
	show("A", "a", "A,a");

	static char a[300], b[300];
	int bad = 0, cases = 0;
	for (int oa = 0; oa < 16; oa++)
		for (int ob = 0; ob < 16; ob++)
			for (int n = 0; n < 70; n += 3) {
				memset(a, 0, sizeof a);
				memset(b, 0, sizeof b);
				for (int i = 0; i < n; i++)
					a[oa + i] = b[ob + i] = (char)('a' + i % 26);
				cases++;
				if (strcmp(a + oa, b + ob) != 0)
					bad++;
				if (n > 0) {
					b[ob + n - 1] = (char)0xf0;
					if (strcmp(a + oa, b + ob) >= 0)
						bad++;
					if (strcmp(b + ob, a + oa) <= 0)
						bad++;
					b[ob + n - 1] = 0;
					if (strcmp(a + oa, b + ob) <= 0)
						bad++;
				}
			}
	printf("strcmp cases %d bad %d\n", cases, bad);
	return bad != 0;
}
