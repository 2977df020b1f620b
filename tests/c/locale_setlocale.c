/* setlocale: which names musl accepts (every name but over-long, '/'-holding or '.'-leading
 * ones, which mean C.UTF-8), the query strings of mixed locales ("a;b;c;d;e;f"), LC_ALL lists
 * (short lists repeat the last part, over-long parts are skipped over), bad categories, and
 * "" resolved through LC_ALL, LC_<category> and LANG; MB_CUR_MAX and CODESET after each. */
#define _GNU_SOURCE
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void set(int cat, const char *name) {
	const char *r = setlocale(cat, name);
	printf("setlocale(%d, %s%s%s) = %s%s%s |", cat, name ? "\"" : "", name ? name : "NULL", name ? "\"" : "",
	       r ? "\"" : "", r ? r : "NULL", r ? "\"" : "");
	for (int c = 0; c < LC_ALL; c++) printf(" %s", setlocale(c, NULL));
	printf(" | all %s mb %zu %s\n", setlocale(LC_ALL, NULL), MB_CUR_MAX, nl_langinfo(CODESET));
}

int main(void) {
	alarm(10);
	printf("start %s mb %zu %s\n", setlocale(LC_ALL, NULL), MB_CUR_MAX, nl_langinfo(CODESET));
	const char *names[] = {"C", "POSIX", "C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US", "fr_FR.ISO-8859-1", "x",
	                       "POSIX.UTF-8", "C.UTF-8.x", "c", " C", "C ", "abcdefghijklmnopqrstuv",
	                       "abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwxyz0123456789",
	                       "a/b", "/", ".x", ".", "x.", "@euro", "de_DE@euro", "x;y", ";", ";;", "A;B;C;D;E;F",
	                       "A;B;C;D;E;F;G", "C;C;C;C;C;C", "C.UTF-8;C;C;C;C;C", "C;C.UTF-8", "A;;B",
	                       "A;abcdefghijklmnopqrstuvwx;B", "abcdefghijklmnopqrstuvwxyz;B", "A;abcdefghijklmnopqrstuvw;B"};
	int n = sizeof names / sizeof *names;
	for (int i = 0; i < n; i++) {
		set(LC_ALL, names[i]);
		set(LC_ALL, "C");
		for (int c = 0; c < LC_ALL; c++) set(c, names[i]);
		set(LC_ALL, NULL);
		set(LC_ALL, "C");
	}
	/* Categories change one by one and the query follows. */
	set(LC_CTYPE, "en_GB.UTF-8");
	set(LC_TIME, "de_DE");
	set(LC_MESSAGES, "C.UTF-8");
	set(LC_CTYPE, "POSIX");
	set(LC_ALL, setlocale(LC_ALL, NULL));
	set(-1, "C");
	set(7, "C");
	set(100, NULL);
	set(LC_ALL, "C");
	/* The environment. */
	set(LC_ALL, "");
	setenv("LANG", "de_DE.UTF-8", 1);
	set(LC_ALL, "");
	set(LC_NUMERIC, "");
	setenv("LC_TIME", "ja_JP", 1);
	setenv("LC_CTYPE", "POSIX", 1);
	set(LC_ALL, "");
	set(LC_CTYPE, "");
	set(LC_TIME, "");
	setenv("LC_ALL", "", 1);
	set(LC_ALL, "");
	setenv("LC_ALL", "C.UTF-8", 1);
	set(LC_ALL, "");
	setenv("LC_ALL", "es_ES", 1);
	set(LC_ALL, "");
	set(LC_ALL, "C");
	set(LC_MONETARY, "");
	unsetenv("LC_ALL");
	setenv("LANG", "a/b", 1);
	setenv("LC_COLLATE", ".x", 1);
	setenv("LC_MESSAGES", "abcdefghijklmnopqrstuvwxyz", 1);
	set(LC_ALL, "");
	setenv("LANG", "", 1);
	set(LC_ALL, "");
	unsetenv("LC_TIME");
	unsetenv("LC_CTYPE");
	unsetenv("LC_COLLATE");
	unsetenv("LC_MESSAGES");
	unsetenv("LANG");
	set(LC_ALL, "");
	return 0;
}
