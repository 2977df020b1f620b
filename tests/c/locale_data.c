/* Compiled locales (limpet only: musl has no locale data, every name gives the C locale's
 * strings there). de_DE, fr_FR, ja_JP, ru_RU and en_US (UTF-8) are compiled by the harness
 * with limpet-localedef from Debian's sources into target/<work>/locale, which
 * locale_data.env names in LIMPET_LOCPATH. locale_data.expected is glibc's output for the
 * same program and the same sources: tests/c/locale_data.gen.sh regenerates it (gcc against
 * glibc, with glibc's localedef and LOCPATH). The program prints every nl_langinfo item
 * limpet compiles (the first three strings of the ERA and ALT_DIGITS lists) and every
 * localeconv member in each locale, through setlocale and through nl_langinfo_l; then a
 * locale whose LC_TIME alone is de_DE's, and uselocale in a thread. It returns 0 on every
 * libc (the output is the verdict). */
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* YESSTR and NOSTR: musl's headers have them, glibc's only under _GNU_SOURCE, with the
 * same values. */
#define ITEM_YESSTR 0x50002
#define ITEM_NOSTR 0x50003

static const char *const locales[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "ru_RU.UTF-8", "en_US.UTF-8"};

struct item { nl_item item; const char *name; };
static const struct item items[] = {
	{CODESET, "CODESET"}, {RADIXCHAR, "RADIXCHAR"}, {THOUSEP, "THOUSEP"}, {CRNCYSTR, "CRNCYSTR"},
	{D_T_FMT, "D_T_FMT"}, {D_FMT, "D_FMT"}, {T_FMT, "T_FMT"}, {T_FMT_AMPM, "T_FMT_AMPM"},
	{AM_STR, "AM_STR"}, {PM_STR, "PM_STR"}, {ERA_D_FMT, "ERA_D_FMT"}, {ERA_T_FMT, "ERA_T_FMT"},
	{ERA_D_T_FMT, "ERA_D_T_FMT"}, {YESEXPR, "YESEXPR"}, {NOEXPR, "NOEXPR"},
	{ITEM_YESSTR, "YESSTR"}, {ITEM_NOSTR, "NOSTR"},
};

/* The first strings of a list (ERA, ALT_DIGITS): strings one after another, an empty one
 * ending it. */
static void list(const char *name, const char *s)
{
	printf("  %s:", name);
	for (int i = 0; i < 3 && *s; i++) {
		printf(" [%s]", s);
		s += strlen(s) + 1;
	}
	printf("\n");
}

static void group(const char *name, const char *g)
{
	printf("  %s:", name);
	for (; *g; g++)
		printf(" %d", *g);
	printf("\n");
}

/* nl_langinfo_l in `l`, or nl_langinfo when `l` is null. */
static const char *info(nl_item item, locale_t l)
{
	return l ? nl_langinfo_l(item, l) : nl_langinfo(item);
}

static void langinfo(locale_t l)
{
	for (size_t i = 0; i < sizeof items / sizeof *items; i++)
		printf("  %s: [%s]\n", items[i].name, info(items[i].item, l));
	for (int i = 0; i < 7; i++)
		printf("  day %d: [%s] [%s]\n", i, info(ABDAY_1 + i, l), info(DAY_1 + i, l));
	for (int i = 0; i < 12; i++)
		printf("  mon %d: [%s] [%s]\n", i, info(ABMON_1 + i, l), info(MON_1 + i, l));
	list("ERA", info(ERA, l));
	list("ALT_DIGITS", info(ALT_DIGITS, l));
}

static void conv(void)
{
	struct lconv *c = localeconv();
	printf("  decimal_point [%s] thousands_sep [%s]\n", c->decimal_point, c->thousands_sep);
	group("grouping", c->grouping);
	printf("  int_curr_symbol [%s] currency_symbol [%s]\n", c->int_curr_symbol, c->currency_symbol);
	printf("  mon_decimal_point [%s] mon_thousands_sep [%s]\n", c->mon_decimal_point, c->mon_thousands_sep);
	group("mon_grouping", c->mon_grouping);
	printf("  positive_sign [%s] negative_sign [%s]\n", c->positive_sign, c->negative_sign);
	printf("  digits %d %d precedes/space/posn %d %d %d %d %d %d int %d %d %d %d %d %d\n",
	       c->int_frac_digits, c->frac_digits, c->p_cs_precedes, c->p_sep_by_space, c->n_cs_precedes,
	       c->n_sep_by_space, c->p_sign_posn, c->n_sign_posn, c->int_p_cs_precedes, c->int_p_sep_by_space,
	       c->int_n_cs_precedes, c->int_n_sep_by_space, c->int_p_sign_posn, c->int_n_sign_posn);
}

static void *in_thread(void *arg)
{
	uselocale(arg);
	printf("thread: RADIXCHAR [%s] MON_1 [%s] decimal_point [%s]\n", nl_langinfo(RADIXCHAR),
	       nl_langinfo(MON_1), localeconv()->decimal_point);
	return 0;
}

int main(void)
{
	for (size_t i = 0; i < sizeof locales / sizeof *locales; i++) {
		if (!setlocale(LC_ALL, locales[i])) {
			printf("%s: not installed\n", locales[i]);
			continue;
		}
		printf("%s:\n", locales[i]);
		langinfo(0);
		conv();
	}
	setlocale(LC_ALL, "C");

	/* nl_langinfo_l, with the global locale C. */
	locale_t ru = newlocale(LC_ALL_MASK, "ru_RU.UTF-8", 0);
	if (ru) {
		printf("nl_langinfo_l ru_RU.UTF-8:\n");
		langinfo(ru);
	}

	/* LC_TIME alone: German times, C numbers and messages. */
	locale_t t = newlocale(LC_TIME_MASK, "de_DE.UTF-8", newlocale(LC_ALL_MASK, "C", 0));
	if (t) {
		locale_t old = uselocale(t);
		printf("LC_TIME only: MON_1 [%s] RADIXCHAR [%s] YESEXPR [%s] decimal_point [%s]\n",
		       nl_langinfo(MON_1), nl_langinfo(RADIXCHAR), nl_langinfo(YESEXPR), localeconv()->decimal_point);
		uselocale(old);
	}
	/* LC_NUMERIC from one locale and LC_MONETARY from another. */
	setlocale(LC_NUMERIC, "fr_FR.UTF-8");
	setlocale(LC_MONETARY, "ja_JP.UTF-8");
	struct lconv *c = localeconv();
	printf("mixed: decimal_point [%s] thousands_sep [%s] currency_symbol [%s] frac_digits %d\n",
	       c->decimal_point, c->thousands_sep, c->currency_symbol, c->frac_digits);
	setlocale(LC_ALL, "C");

	/* uselocale in another thread leaves this one's locale alone. */
	pthread_t th;
	if (ru && !pthread_create(&th, 0, in_thread, ru)) {
		pthread_join(th, 0);
		printf("main: RADIXCHAR [%s] MON_1 [%s]\n", nl_langinfo(RADIXCHAR), nl_langinfo(MON_1));
	}
	if (ru)
		freelocale(ru);
	if (t)
		freelocale(t);
	return 0;
}
