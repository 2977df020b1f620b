/* memset: every length 0..300 at every alignment 0..15 with guard bytes,
 * the value converted to unsigned char (0x1ff -> 0xff, -1 -> 0xff), and the
 * return value. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	static unsigned char buf[400];
	int bad = 0, cases = 0;
	for (int off = 0; off < 16; off++)
		for (int n = 0; n <= 300; n++) {
			memset(buf, 0x11, sizeof buf);
			int c = (n * 37 + off) & 0xff;
			void *r = memset(buf + off, c, n);
			cases++;
			if (r != buf + off)
				bad++;
			for (int i = 0; i < 400; i++) {
				int in = i >= off && i < off + n;
				if (buf[i] != (in ? c : 0x11)) {
					bad++;
					break;
				}
			}
		}
	printf("memset cases %d bad %d\n", cases, bad);

	unsigned char x[4];
	memset(x, 0x1ff, 4);
	printf("0x1ff -> %02x %02x\n", x[0], x[3]);
	memset(x, -1, 4);
	printf("-1 -> %02x\n", x[2]);
	memset(x, 0x100, 4);
	printf("0x100 -> %02x\n", x[1]);
	volatile size_t zero = 0;
	memset(x, 'q', zero);
	printf("n=0 leaves %02x\n", x[0]);
	return bad != 0;
}
