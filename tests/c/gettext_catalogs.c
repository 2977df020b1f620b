/* <libintl.h> over real .mo catalogs (made by msgfmt, embedded by intl_catalogs.h and
 * installed under /tmp at run time): both byte orders, with and without a hash table, a
 * three-form plural rule (Russian's) at many counts, the default rule of a catalog without
 * Plural-Forms, contexts (GNU's pgettext is a lookup of "context\004msgid"), categories,
 * locale names whose less specific variants hold the catalog, the C locale, the domain
 * functions' answers and limits, errno across lookups, and truncated catalogs (every third
 * length: none may crash).
 *
 * Not checked here (gettext_gnu.c has them): LANGUAGE, which musl ignores; catalogs under a
 * name with a codeset, which musl never tries; plural rules whose value passes nplurals;
 * what a truncated catalog translates (musl reads the strings that survive, limpet refuses
 * the file); whether textdomain's old result stays valid (musl reuses its buffer); errno
 * for null arguments (EINVAL on limpet; musl leaves it). */
#include <libintl.h>
#include <locale.h>

#include "intl_catalogs.h"
#include "intl_files.h"

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

static int russian(unsigned long n)
{
	if (n % 10 == 1 && n % 100 != 11)
		return 0;
	if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20))
		return 1;
	return 2;
}

/* One catalog's answers in locale LANG, whose translations carry TAG. */
static void layout(const char *lang, const char *tag)
{
	char want[64], what[64];
	setlocale(LC_ALL, lang);
	printf("%s: %s | %s | %s | %s\n", lang, gettext("hello"), gettext("Open"), gettext("menu\004Open"),
	       gettext("missing"));
	int bad = 0;
	for (unsigned long n = 0; n < 250; n++) {
		snprintf(want, sizeof want, "file%d-%s", russian(n), tag);
		bad += strcmp(ngettext("file", "files", n), want) != 0;
	}
	unsigned long big[] = { 1000001, 4294967295UL, 4294967296UL + 22, (unsigned long)-1 };
	for (int i = 0; i < 4; i++) {
		snprintf(want, sizeof want, "file%d-%s", russian(big[i]), tag);
		bad += strcmp(ngettext("file", "files", big[i]), want) != 0;
	}
	for (int i = 0; i < 40; i++) {
		char id[32];
		snprintf(id, sizeof id, "message %d", i);
		snprintf(want, sizeof want, "message %d-%s", i, tag);
		bad += strcmp(gettext(id), want) != 0;
	}
	snprintf(what, sizeof what, "%s plurals and 40 messages", lang);
	check(what, bad == 0);
	printf("%s untranslated: %s %s %s\n", lang, ngettext("cat", "cats", 0), ngettext("cat", "cats", 1),
	       ngettext("cat", "cats", 2));
}

int main(void)
{
	const char *root = intl_setup("limpet-gettext");
	intl_install("de/LC_MESSAGES/app.mo", mo_le_hash, sizeof mo_le_hash);
	intl_install("fr/LC_MESSAGES/app.mo", mo_be_hash, sizeof mo_be_hash);
	intl_install("it/LC_MESSAGES/app.mo", mo_le_nohash, sizeof mo_le_nohash);
	intl_install("es/LC_MESSAGES/app.mo", mo_be_nohash, sizeof mo_be_nohash);
	intl_install("pt/LC_MESSAGES/app.mo", mo_default_plural, sizeof mo_default_plural);
	intl_install("de/LC_TIME/app.mo", mo_be_nohash, sizeof mo_be_nohash);
	intl_install("de_CH/LC_MESSAGES/app.mo", mo_default_plural, sizeof mo_default_plural);

	printf("textdomain(NULL) %s\n", textdomain(NULL));
	printf("unbound %s\n", bindtextdomain("app", NULL) ? "bound" : "null");
	printf("bind %s\n", strcmp(bindtextdomain("app", root), root) == 0 ? "ok" : "FAIL");
	printf("bound again %s\n", strcmp(bindtextdomain("app", NULL), root) == 0 ? "ok" : "FAIL");
	printf("textdomain %s\n", textdomain("app"));
	printf("textdomain(NULL) %s\n", textdomain(NULL));

	layout("de", "le_hash");
	layout("fr", "be_hash");
	layout("it", "le_nohash");
	layout("es", "be_nohash");

	/* Without Plural-Forms: n != 1 chooses. */
	setlocale(LC_ALL, "pt");
	printf("pt: %s %s %s %s\n", gettext("hello"), ngettext("file", "files", 0), ngettext("file", "files", 1),
	       ngettext("file", "files", 2));

	/* Less specific names hold the catalogs. */
	const char *names[] = { "de_DE", "de_DE.UTF-8", "de_DE@euro", "de_DE.UTF-8@euro", "de_CH", "de_CH.UTF-8",
				"fr_FR.UTF-8", "xx_YY", "C", "POSIX" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		setlocale(LC_ALL, names[i]);
		printf("%s -> %s\n", names[i], gettext("hello"));
	}

	/* Categories, domains. */
	setlocale(LC_ALL, "de");
	printf("LC_TIME %s\n", dcgettext("app", "hello", LC_TIME));
	printf("LC_CTYPE %s\n", dcgettext("app", "hello", LC_CTYPE));
	printf("LC_ALL %s\n", dcgettext("app", "hello", LC_ALL));
	printf("dcngettext LC_TIME %s\n", dcngettext("app", "file", "files", 3, LC_TIME));
	printf("dgettext NULL %s\n", dgettext(NULL, "hello"));
	printf("dngettext %s\n", dngettext("app", "file", "files", 22));
	printf("other domain %s\n", dgettext("nowhere", "hello"));
	setlocale(LC_MESSAGES, "fr");
	printf("LC_MESSAGES fr, LC_TIME de: %s %s\n", gettext("hello"), dcgettext(NULL, "hello", LC_TIME));
	setlocale(LC_ALL, "de");
	check("same string twice", gettext("hello") == gettext("hello"));
	/* The empty msgid finds the header entry; a null one gives null. */
	printf("gettext(\"\") [%s]\n", gettext(""));
	printf("gettext(NULL) %s\n", gettext(NULL) ? "?" : "null");
	errno = 1234;
	gettext("hello");
	dgettext("nowhere", "x");
	check("errno kept", errno == 1234);

	/* The domain functions. */
	printf("textdomain(\"\") [%s]\n", textdomain(""));
	printf("textdomain(NULL) [%s]\n", textdomain(NULL));
	char name[300];
	memset(name, 'd', sizeof name - 1);
	name[sizeof name - 1] = 0;
	name[255] = 0;
	check("255-byte domain", textdomain(name) != NULL);
	name[255] = 'd';
	name[256] = 0;
	errno = 0;
	check("256-byte domain refused", textdomain(name) == NULL && errno == EINVAL);
	errno = 0;
	check("256-byte domain not bound", bindtextdomain(name, "/x") == NULL && errno == EINVAL);
	static char dir[4200];
	memset(dir, '/', 4095);
	check("4095-byte directory", bindtextdomain("long", dir) != NULL);
	dir[4095] = '/';
	errno = 0;
	check("4096-byte directory refused", bindtextdomain("long", dir) == NULL && errno == EINVAL);
	check("bindtextdomain keeps an old copy", bindtextdomain("x", "/a") != bindtextdomain("x", "/b"));
	printf("bindtextdomain(\"\", dir) %s\n", bindtextdomain("", "/tmp"));
	textdomain("app");

	/* Truncated catalogs: none crashes. */
	int translated = 0;
	for (size_t len = 0; len < sizeof mo_le_hash; len += 3) {
		char rel[64], dom[32];
		snprintf(dom, sizeof dom, "t%zu", len);
		snprintf(rel, sizeof rel, "trunc/de/LC_MESSAGES/%s.mo", dom);
		intl_install(rel, mo_le_hash, len);
		char tdir[128];
		snprintf(tdir, sizeof tdir, "%s/trunc", root);
		bindtextdomain(dom, tdir);
		translated += strcmp(dgettext(dom, "hello"), "hello") != 0;
		translated += strcmp(dngettext(dom, "file", "files", 5), "files") != 0;
	}
	printf("truncated catalogs read, %s\n", translated >= 0 ? "no crash" : "?");

	intl_cleanup();
	return fails != 0;
}
