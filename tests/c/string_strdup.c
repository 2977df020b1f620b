/* strdup: an independent, exactly sized, malloc'd copy that free accepts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>

int main(void)
{
	int bad = 0;
	char orig[] = "duplicate me";
	char *d = strdup(orig);
	printf("copy \"%s\" distinct %s\n", d, d != orig ? "yes" : "no");
	orig[0] = 'D';
	printf("independent after change: \"%s\" vs \"%s\"\n", d, orig);
	printf("usable size >= 13 %s\n", malloc_usable_size(d) >= 13 ? "yes" : "no");
	free(d);

	char *e = strdup("");
	printf("empty dup len %zu non-null %s\n", strlen(e), e ? "yes" : "no");
	free(e);

	static char big[100000];
	memset(big, 'k', sizeof big - 1);
	char *b = strdup(big);
	printf("big dup len %zu equal %s\n", strlen(b), strcmp(b, big) == 0 ? "yes" : "no");
	free(b);

	for (int n = 0; n < 300; n++) {
		char s[301];
		for (int i = 0; i < n; i++)
			s[i] = (char)('a' + (i * 7) % 26);
		s[n] = 0;
		char *c = strdup(s);
		if (!c || strcmp(c, s) != 0)
			bad++;
		free(c);
	}
	printf("lengths 0..299 bad %d\n", bad);
	return bad != 0;
}
