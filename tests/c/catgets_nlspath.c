/* <nl_types.h>: catopen, catgets, catclose over catalogs in NetBSD's format (the one musl
 * reads; intl_netbsd_cat.h writes them at run time under /tmp), found by path or through
 * NLSPATH: %L %l %t %c %N %% and a final lone %, LANG or with NL_CAT_LOCALE the LC_MESSAGES
 * locale, an empty template (the name itself), missing and invalid files skipped, no
 * default search without NLSPATH; catgets' hits, misses (ENOMSG, the default string) in
 * sets and messages with gaps; truncated catalogs.
 *
 * Not checked here: glibc's catalog format, which musl cannot read (catgets_gencat.c); a
 * template with an escape X/Open does not define (musl tries the bare name, limpet skips
 * the template); errno for a null name or an invalid handle (musl crashes). */
#include <locale.h>
#include <nl_types.h>

#include "intl_files.h"
#include "intl_netbsd_cat.h"

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

/* Installs at REL a catalog whose message (1,1) is WHERE. */
static void install_tagged(const char *rel, const char *where)
{
	struct cat_msg m[] = { { 1, 1, where }, { 1, 2, "two" }, { 1, 7, "seven" }, { 3, 5, "three-five" },
			       { 200, 30000, "far" } };
	unsigned char buf[512];
	size_t len = cat_build(m, sizeof m / sizeof *m, buf, sizeof buf);
	intl_install(rel, buf, len);
}

/* Opens NAME with NLSPATH (NULL: unset), LANG (NULL: unset) and OFLAG; prints which
 * catalog came, or the error. */
static void try_open(const char *label, const char *nlspath, const char *lang, const char *name, int oflag)
{
	if (nlspath)
		setenv("NLSPATH", nlspath, 1);
	else
		unsetenv("NLSPATH");
	if (lang)
		setenv("LANG", lang, 1);
	else
		unsetenv("LANG");
	errno = 0;
	nl_catd c = catopen(name, oflag);
	if (c == (nl_catd)-1) {
		printf("%s: failed, %s\n", label, errno == ENOENT ? "ENOENT" : "other errno");
		return;
	}
	printf("%s: %s\n", label, catgets(c, 1, 1, "(none)"));
	check("catclose", catclose(c) == 0);
}

int main(void)
{
	const char *root = intl_setup("limpet-catgets");
	char path[512], spec[1024];
	install_tagged("de_DE.UTF-8/app.cat", "L");
	install_tagged("de/DE/UTF-8/app", "l-t-c");
	install_tagged("fr_FR/app.cat", "fr_FR");
	install_tagged("plain/app.cat", "plain");
	install_tagged("plain/100%app.cat", "percent");
	intl_install("plain/junk.cat", "not a catalog", 13);

	/* By path: every lookup. */
	snprintf(path, sizeof path, "%s/plain/app.cat", root);
	nl_catd c = catopen(path, 0);
	check("open by path", c != (nl_catd)-1);
	int q[][2] = { { 1, 1 }, { 1, 2 }, { 1, 7 }, { 3, 5 }, { 200, 30000 }, { 1, 3 }, { 1, 8 }, { 2, 1 },
		       { 3, 4 }, { 0, 0 }, { -1, 1 }, { 1, -1 }, { 201, 30000 }, { 200, 29999 } };
	for (size_t i = 0; i < sizeof q / sizeof *q; i++) {
		errno = 0;
		const char *dflt = "dflt";
		char *r = catgets(c, q[i][0], q[i][1], dflt);
		printf("catgets %d,%d: %s errno %s\n", q[i][0], q[i][1], r == dflt ? "default" : r,
		       errno == 0 ? "0" : errno == ENOMSG ? "ENOMSG" : "other");
	}
	check("catclose", catclose(c) == 0);
	snprintf(path, sizeof path, "%s/plain/junk.cat", root);
	errno = 0;
	c = catopen(path, 0);
	printf("junk by path: %s %s\n", c == (nl_catd)-1 ? "failed" : "opened", errno == ENOENT ? "ENOENT" : "");
	snprintf(path, sizeof path, "%s/plain/none.cat", root);
	c = catopen(path, 0);
	printf("missing by path: %s\n", c == (nl_catd)-1 ? "failed" : "opened");

	/* Through NLSPATH. */
	try_open("no NLSPATH", NULL, "de_DE.UTF-8", "app", 0);
	snprintf(spec, sizeof spec, "%s/%%L/%%N.cat", root);
	try_open("%L/%N.cat", spec, "de_DE.UTF-8", "app", 0);
	try_open("%L/%N.cat, LANG unset", spec, NULL, "app", 0);
	snprintf(spec, sizeof spec, "%s/%%l/%%t/%%c/%%N", root);
	try_open("%l/%t/%c/%N", spec, "de_DE.ISO-8859-1", "app", 0);
	try_open("%l/%t/%c/%N, modifier", spec, "de_DE@euro", "app", 0);
	snprintf(spec, sizeof spec, "%s/missing/%%N:%s/plain/junk.cat:%s/plain/%%N.cat", root, root, root);
	try_open("missing, junk, plain", spec, NULL, "app", 0);
	snprintf(spec, sizeof spec, "%s/plain/100%%%%%%N.cat", root);
	try_open("%%", spec, NULL, "app", 0);
	snprintf(spec, sizeof spec, "%s/plain/%%N.cat%%", root);
	try_open("final %", spec, NULL, "app", 0);
	snprintf(spec, sizeof spec, "%s/%%L/%%N.cat", root);
	setlocale(LC_ALL, "fr_FR");
	try_open("NL_CAT_LOCALE", spec, "xx", "app", NL_CAT_LOCALE);
	try_open("oflag 0", spec, "xx", "app", 0);
	setlocale(LC_ALL, "C");
	snprintf(path, sizeof path, "%s/plain", root);
	if (chdir(path) != 0)
		printf("chdir failed\n");
	try_open("empty template", ":/nonexistent", NULL, "app.cat", 0);
	try_open("relative name", NULL, NULL, "app.cat", 0);
	try_open("relative path", NULL, NULL, "./app.cat", 0);
	if (chdir("/") != 0)
		printf("chdir failed\n");

	/* Truncated catalogs: which lengths open, and nothing crashes. */
	struct cat_msg m[] = { { 1, 1, "one" }, { 1, 2, "two" }, { 2, 5, "five" } };
	unsigned char whole[256];
	size_t len = cat_build(m, 3, whole, sizeof whole);
	int opened = 0, answered = 0;
	for (size_t l = 0; l < len; l++) {
		snprintf(path, sizeof path, "trunc/%zu.cat", l);
		intl_install(path, whole, l);
		snprintf(path, sizeof path, "%s/trunc/%zu.cat", root, l);
		c = catopen(path, 0);
		if (c == (nl_catd)-1)
			continue;
		opened++;
		answered += strcmp(catgets(c, 1, 1, "x"), "one") == 0;
		catclose(c);
	}
	printf("truncated: %d of %zu opened, %d answered\n", opened, len, answered);

	intl_cleanup();
	return fails != 0;
}
