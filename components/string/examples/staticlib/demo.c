/* Linked before the C library, liblimpet_string_staticlib.a supplies the string
 * functions this program calls; the program checks they behave. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <wchar.h>

int main(void)
{
	const char *s = "hello, static world";
	char buf[64];
	strcpy(buf, s);
	strcat(buf, "!");
	printf("strlen %zu, strstr %ld, memmem %ld, strsignal(2) %s\n", strlen(buf),
	       (long)(strstr(buf, "static") - buf), (long)((char *)memmem(buf, strlen(buf), "world", 5) - buf),
	       strsignal(2));
	printf("wcslen %zu, strcasecmp %d\n", wcslen(L"wide"), strcasecmp("ABC", "abc"));
	return 0;
}
