/* %p in the wide printf family must print the pointer, as the C standard says ("the value
 * of the pointer is converted to a sequence of printing characters"): each case compares
 * swprintf's output with narrow snprintf's for the same format. musl 1.2.3's wide printf
 * writes nothing for %p, counts -1 and sets EINVAL (its nested narrow printf rejects the
 * specification it is given), so this program's expected output is in
 * stdio_wprintf_pointer.expected: every case the same as the narrow output. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static void one(const char *fmt, void *p, void *q)
{
	char narrow[64];
	wchar_t wfmt[32], wide[64];
	for (size_t i = 0; i <= strlen(fmt); i++)
		wfmt[i] = (unsigned char)fmt[i];
	int rn = snprintf(narrow, sizeof narrow, fmt, p, q);
	int rw = swprintf(wide, 64, wfmt, p, q);
	int same = rn == rw;
	for (int i = 0; same && i <= rn; i++)
		same = wide[i] == (wchar_t)(unsigned char)narrow[i];
	printf("%-12s %s\n", fmt, same ? "same as narrow" : "differs from narrow");
}

int main(void)
{
	alarm(10);
	one("a%pb", (void *)0x10, 0);
	one("%p", 0, 0);
	one("%p|%p", (void *)1, (void *)0x7fffdeadbeef);
	one("[%20p]", (void *)0x1234, 0);
	one("[%-20p]", (void *)0x1234, 0);
	one("[%.8p]", (void *)0x1234, 0);
	one("[%.20p]", (void *)0x1234, 0);
	one("%2$p %1$p", (void *)1, (void *)2);
	return 0;
}
