/* MUSL_LOCPATH, musl's own message translation, as on musl 1.2.3 (the reference): a GNU .mo
 * catalog named after the locale in a MUSL_LOCPATH directory translates nl_langinfo's
 * LC_TIME and LC_MESSAGES strings (not LC_NUMERIC's), strerror, strerror_r, strerror_l,
 * strsignal, gai_strerror, hstrerror, regerror and getopt's complaints, each through the
 * catalog of its category (LC_MESSAGES for the messages): a locale whose LC_MESSAGES alone
 * names the catalog translates messages and YESEXPR, not month names. The catalog below is
 * `msgfmt -o - locale_musl_locpath.po | xxd -i` (Debian's gettext); the program writes it
 * to a scratch directory (named with the pid) and points MUSL_LOCPATH there. */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <netdb.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "locale_musl_locpath.h"

static void show(void)
{
	regex_t r;
	char buf[100], b2[64];
	printf("[%s] [%s] [%s] [%s] [%s] [%s] [%s] [%s]\n", nl_langinfo(DAY_1), nl_langinfo(ABDAY_1),
	       nl_langinfo(MON_1), nl_langinfo(D_T_FMT), nl_langinfo(YESEXPR), nl_langinfo(NOSTR),
	       nl_langinfo(RADIXCHAR), nl_langinfo(CODESET));
	printf("[%s] [%s] [%s] [%s] [%s]\n", strerror(ENOENT), strerror(EPERM), strsignal(SIGHUP),
	       gai_strerror(EAI_NONAME), hstrerror(HOST_NOT_FOUND));
	regcomp(&r, "a", 0);
	regerror(regexec(&r, "b", 0, 0, 0), &r, buf, sizeof buf);
	regfree(&r);
	strerror_r(ENOENT, b2, sizeof b2);
	printf("regerror [%s] strerror_r [%s]\n", buf, b2);
	/* getopt writes to fd 2: send it to stdout, in order. */
	char *av[] = {"prog", "-z", 0};
	int saved = dup(2);
	fflush(stdout);
	dup2(1, 2);
	optind = 1;
	getopt(2, av, "a");
	dup2(saved, 2);
	close(saved);
}

int main(void)
{
	char dir[64], path[96];
	snprintf(dir, sizeof dir, "/tmp/limpet-musl-locpath-%d", (int)getpid());
	snprintf(path, sizeof path, "%s/xx_XX", dir);
	mkdir(dir, 0700);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(catalog, 1, sizeof catalog, f) != sizeof catalog || fclose(f)) {
		printf("cannot write the catalog\n");
		return 1;
	}
	setenv("MUSL_LOCPATH", dir, 1);

	printf("C:\n");
	show();
	printf("xx_XX: %s\n", setlocale(LC_ALL, "xx_XX") ? "set" : "refused");
	show();
	setlocale(LC_ALL, "C");

	locale_t l = newlocale(LC_ALL_MASK, "xx_XX", 0);
	locale_t m = newlocale(LC_MESSAGES_MASK, "xx_XX", newlocale(LC_ALL_MASK, "C", 0));
	printf("strerror_l [%s] [%s]; MON_1 [%s] [%s]; YESEXPR [%s]\n", strerror_l(EPERM, l),
	       strerror_l(EPERM, m), nl_langinfo_l(MON_1, l), nl_langinfo_l(MON_1, m),
	       nl_langinfo_l(YESEXPR, m));
	uselocale(m);
	printf("LC_MESSAGES only: [%s] [%s] [%s]\n", strerror(ENOENT), nl_langinfo(DAY_1), nl_langinfo(YESEXPR));
	uselocale(LC_GLOBAL_LOCALE);
	freelocale(l);
	freelocale(m);

	/* A name without a catalog, and a file that is no catalog: untranslated. */
	snprintf(path, sizeof path, "%s/yy_YY", dir);
	f = fopen(path, "wb");
	if (f) {
		fwrite("not a catalog", 1, 13, f);
		fclose(f);
	}
	setlocale(LC_ALL, "yy_YY");
	printf("yy_YY: [%s] [%s]\n", strerror(ENOENT), nl_langinfo(DAY_1));
	setlocale(LC_ALL, "zz_ZZ");
	printf("zz_ZZ: [%s] [%s]\n", strerror(ENOENT), nl_langinfo(DAY_1));
	setlocale(LC_ALL, "C");

	unlink(path);
	snprintf(path, sizeof path, "%s/xx_XX", dir);
	unlink(path);
	rmdir(dir);
	return 0;
}
