/* getauxval: stable facts only. */
#include <errno.h>
#include <stdio.h>
#include <sys/auxv.h>

int main(void)
{
	int fails = 0;
	unsigned long pg = getauxval(AT_PAGESZ);
	printf("AT_PAGESZ %lu\n", pg);
	fails += pg != 4096;

	unsigned long rnd = getauxval(AT_RANDOM);
	printf("AT_RANDOM non-null %s\n", rnd ? "yes" : "no");
	fails += rnd == 0;
	if (rnd) {
		/* 16 random bytes: all-zero would be a setup bug. */
		const unsigned char *b = (const unsigned char *)rnd;
		int any = 0;
		for (int i = 0; i < 16; i++)
			any |= b[i];
		printf("AT_RANDOM bytes not all zero %s\n", any ? "yes" : "no");
	}

	printf("AT_PHDR non-null %s\n", getauxval(AT_PHDR) ? "yes" : "no");
	printf("AT_PHENT %lu\n", getauxval(AT_PHENT));
	printf("AT_SECURE %lu\n", getauxval(AT_SECURE));
	printf("AT_UID == AT_EUID %s\n", getauxval(AT_UID) == getauxval(AT_EUID) ? "yes" : "no");
	printf("AT_GID == AT_EGID %s\n", getauxval(AT_GID) == getauxval(AT_EGID) ? "yes" : "no");
	printf("AT_HWCAP present %s\n", getauxval(AT_HWCAP) ? "yes" : "no");

	errno = 0;
	unsigned long v = getauxval(9999);
	printf("getauxval(9999) = %lu, errno %s\n", v, errno == ENOENT ? "ENOENT" : "not ENOENT");
	fails += v != 0 || errno != ENOENT;

	/* A found entry does not touch errno. */
	errno = 0;
	getauxval(AT_PAGESZ);
	printf("errno after found entry %d\n", errno);
	return fails;
}
