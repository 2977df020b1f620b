/* <libintl.h> where limpet follows GNU gettext and musl 1.2.3 does not, so the expected
 * output is gettext_gnu.expected (limpet's, which glibc's gettext gives too where it can
 * run the case) and the program returns 0 whatever it finds:
 * - LANGUAGE, a colon-separated list of languages tried before the locale's name (GNU's
 *   extension; musl ignores it), not consulted in the C locale;
 * - catalog directories named with a codeset: for de_DE.UTF-8, GNU tries de_DE.UTF-8,
 *   de_DE.utf8, de_DE, de.UTF-8, de.utf8, de (musl drops the codeset at once);
 * - a plural rule whose value is not below nplurals (plural=n with two forms): GNU and
 *   limpet take form 0, musl reads past the msgstr into the next string;
 * - textdomain's earlier results stay valid (musl rewrites one buffer);
 * - a truncated catalog is refused whole (musl translates the strings that survive);
 * - EINVAL for a null domain (musl leaves errno). */
#include <libintl.h>
#include <locale.h>

#include "intl_catalogs.h"
#include "intl_files.h"

int main(void)
{
	const char *root = intl_setup("limpet-gettext-gnu");
	intl_install("de/LC_MESSAGES/app.mo", mo_le_hash, sizeof mo_le_hash);
	intl_install("de_DE.utf8/LC_MESSAGES/app.mo", mo_default_plural, sizeof mo_default_plural);
	intl_install("fr/LC_MESSAGES/app.mo", mo_be_hash, sizeof mo_be_hash);
	intl_install("pt/LC_MESSAGES/app.mo", mo_plural_n, sizeof mo_plural_n);
	bindtextdomain("app", root);
	textdomain("app");

	const char *names[] = { "de_DE.UTF-8", "de_DE.utf8", "de_DE.UTF-8@euro", "de_DE", "de_AT.UTF-8" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		setlocale(LC_ALL, names[i]);
		printf("%s -> %s\n", names[i], gettext("hello"));
	}

	setlocale(LC_ALL, "de_DE");
	const char *languages[] = { "fr", "xx:fr:de", "xx", "pt:fr", "", ":de", "../fr" };
	for (size_t i = 0; i < sizeof languages / sizeof *languages; i++) {
		setenv("LANGUAGE", languages[i], 1);
		printf("LANGUAGE=%s -> %s\n", languages[i], gettext("hello"));
	}
	setenv("LANGUAGE", "fr", 1);
	setlocale(LC_ALL, "C");
	printf("C locale, LANGUAGE=fr -> %s\n", gettext("hello"));
	unsetenv("LANGUAGE");

	setlocale(LC_ALL, "pt");
	for (unsigned long n = 0; n < 5; n++)
		printf("plural=n, n=%lu -> %s\n", n, ngettext("file", "files", n));

	char *kept = textdomain("app");
	textdomain("other");
	printf("old textdomain result %s\n", kept);
	textdomain("app");

	setlocale(LC_ALL, "de");
	int translated = 0;
	for (size_t len = 0; len < sizeof mo_le_hash; len++) {
		char rel[64], dom[32], tdir[128];
		snprintf(dom, sizeof dom, "t%zu", len);
		snprintf(rel, sizeof rel, "trunc/de/LC_MESSAGES/%s.mo", dom);
		intl_install(rel, mo_le_hash, len);
		snprintf(tdir, sizeof tdir, "%s/trunc", root);
		bindtextdomain(dom, tdir);
		translated += strcmp(dgettext(dom, "hello"), "hello") != 0;
		translated += strcmp(dgettext(dom, "message 39"), "message 39") != 0;
	}
	printf("truncated catalogs translated %d\n", translated);

	errno = 0;
	char *r = bindtextdomain(NULL, "/x");
	printf("bindtextdomain(NULL) %s errno %s\n", r ? "?" : "null", errno == EINVAL ? "EINVAL" : "other");
	errno = 0;
	r = bind_textdomain_codeset(NULL, "UTF-8");
	printf("bind_textdomain_codeset(NULL) %s errno %s\n", r ? "?" : "null", errno == EINVAL ? "EINVAL" : "other");

	intl_cleanup();
	return 0;
}
