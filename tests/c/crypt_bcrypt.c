/* crypt with bcrypt: $2a$ $2b$ $2x$ $2y$. Limpet and glibc only: Debian's musl 1.2.3 has no
 * crypt at all, so crypt_bcrypt.expected is the output of the host's libxcrypt (whose
 * bcrypt, like musl's upstream, is Openwall's crypt_blowfish), made by crypt_bcrypt.gen.sh.
 * crypt_bcrypt.flags lets musl's reference build link with crypt undefined (and exported,
 * so the loader is asked for it): that run then fails to load, and crypt_bcrypt.status
 * says what limpet's runs return instead.
 *
 * Checked: the published vectors, high-bit keys in each version ($2x$'s sign-extension
 * bug, $2a$'s safety flip), the 72-byte key limit, the salt's last character (only its
 * top 2 bits count; the result writes the canonical one), a whole hash as the setting,
 * invalid settings (*0 with EINVAL), and 1,000
 * generated keys and salts at cost 4, printed every 100th and summed by a checksum.
 * Costs above limpet's bound (18) are not run here: libxcrypt accepts up to 31 and would
 * take hours; limpet-crypt's Rust tests check they fail. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

char *crypt(const char *key, const char *setting);

static int bad;

static void show(const char *key, const char *setting)
{
	errno = 0;
	const char *r = crypt(key, setting);
	printf("%s -> %s%s\n", setting, r ? r : "(null)",
	       r && r[0] == '*' ? (errno == EINVAL ? " EINVAL" : " (errno not EINVAL)") : "");
}

static void expect(const char *key, const char *want)
{
	const char *r = crypt(key, want);
	int ok = r && strcmp(r, want) == 0;
	printf("%s: %s\n", want, ok ? "ok" : "MISMATCH");
	if (!ok) {
		printf("  got %s\n", r ? r : "(null)");
		bad++;
	}
}

/* A fixed generator, so every libc sees the same cases. */
static unsigned long long seed = 0x9e3779b97f4a7c15ull;
static unsigned next(unsigned n)
{
	seed = seed * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(seed >> 33) % n;
}

static const char alphabet[] = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static void generated(void)
{
	enum { CASES = 1000, EVERY = 100, KEY_MAX = 100 };
	unsigned long long sum = 0xcbf29ce484222325ull; /* FNV-1a 64 */
	int failed = 0;
	for (int i = 0; i < CASES; i++) {
		char key[KEY_MAX + 1], setting[32];
		unsigned len = next(KEY_MAX + 1);
		for (unsigned j = 0; j < len; j++) {
			switch (i % 3) {
			case 0: key[j] = (char)(32 + next(95)); break;
			case 1: key[j] = (char)(1 + next(255)); break;
			/* Mostly \xff with other high bytes: where $2x$ and $2a$ differ from $2b$. */
			default: key[j] = (char)(next(4) ? 0xff : 0x80 + next(128)); break;
			}
		}
		key[len] = 0;
		snprintf(setting, sizeof setting, "$2%c$04$", "abxy"[next(4)]);
		for (int j = 7; j < 29; j++)
			setting[j] = alphabet[next(64)];
		setting[29] = 0;
		const char *r = crypt(key, setting);
		if (!r || r[0] == '*')
			failed++;
		for (const char *p = r ? r : ""; ; p++) {
			sum = (sum ^ (unsigned char)*p) * 0x100000001b3ull;
			if (!*p)
				break;
		}
		if (i % EVERY == 0)
			printf("case %d: %s\n", i, r ? r : "(null)");
	}
	printf("generated %d failed %d checksum %016llx\n", CASES, failed, sum);
	bad += failed;
}

int main(void)
{
	/* Openwall's crypt_blowfish and John the Ripper's published vectors. */
	expect("U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW");
	expect("U*U*", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK");
	expect("U*U*U", "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a");
	expect("", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy");
	expect("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored",
	       "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui");
	expect("\xa3", "$2x$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e");
	expect("\xff\xff\xa3", "$2y$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e");
	expect("\xff\xff\xa3", "$2b$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e");
	expect("\xff\xff\xa3", "$2a$05$/OK.fbVrR/bpIqNJ5ianF.nqd1wy.pTMdcvrRWxyiGL2eMz.2a85.");
	expect("\xa3", "$2y$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq");
	expect("\xa3", "$2a$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq");

	/* High-bit keys in each version. */
	const char *versions[] = { "$2a$04$", "$2b$04$", "$2x$04$", "$2y$04$" };
	const char *keys[] = { "\x80", "a\x80", "\xff\x80", "\xff\xff\xff\xff", "\xd1\x91\xd0\xb6", "ab\xff\xa3xyz" };
	for (int v = 0; v < 4; v++)
		for (unsigned k = 0; k < sizeof keys / sizeof *keys; k++) {
			char s[64];
			snprintf(s, sizeof s, "%sabcdefghijklmnopqrstuu", versions[v]);
			printf("key %u ", k);
			show(keys[k], s);
		}

	/* Only 72 bytes count: a 72-byte key equals itself with more appended; 71 bytes
	 * (and the NUL) do not equal 71 plus one. */
	char k72[80], k73[80], k71[80];
	memset(k72, 'k', 72); k72[72] = 0;
	memset(k73, 'k', 73); k73[73] = 0;
	memset(k71, 'k', 71); k71[71] = 0;
	char h72[64], h73[64], h71[64];
	strcpy(h72, crypt(k72, "$2b$04$abcdefghijklmnopqrstuu"));
	strcpy(h73, crypt(k73, "$2b$04$abcdefghijklmnopqrstuu"));
	strcpy(h71, crypt(k71, "$2b$04$abcdefghijklmnopqrstuu"));
	printf("72 == 73: %s, 71 == 72: %s\n", strcmp(h72, h73) ? "no" : "yes", strcmp(h71, h72) ? "no" : "yes");

	/* The salt's last character: only its top 2 bits count. */
	const char *tails = "./CNOPeftu9z";
	for (const char *t = tails; *t; t++) {
		char s[64];
		snprintf(s, sizeof s, "$2b$04$CCCCCCCCCCCCCCCCCCCCC%c", *t);
		show("U*U", s);
	}
	/* A whole hash, or anything after the salt, is a setting. */
	show("U*U", "$2b$04$CCCCCCCCCCCCCCCCCCCCC.extra");
	show("U*U", "$2b$04$CCCCCCCCCCCCCCCCCCCCC.$");

	/* Invalid settings. */
	const char *invalid[] = {
		"$2b$", "$2b$04", "$2b$04$", "$2b$04$CCCCCCCCCCCCCCCCCCCCC", "$2b$4$CCCCCCCCCCCCCCCCCCCCC.",
		"$2b$00$CCCCCCCCCCCCCCCCCCCCC.", "$2b$03$CCCCCCCCCCCCCCCCCCCCC.", "$2b$32$CCCCCCCCCCCCCCCCCCCCC.",
		"$2b$99$CCCCCCCCCCCCCCCCCCCCC.", "$2b$0a$CCCCCCCCCCCCCCCCCCCCC.", "$2b$-4$CCCCCCCCCCCCCCCCCCCCC.",
		"$2b$04CCCCCCCCCCCCCCCCCCCCC.", "$2c$04$CCCCCCCCCCCCCCCCCCCCC.", "$2B$04$CCCCCCCCCCCCCCCCCCCCC.",
		"$2$04$CCCCCCCCCCCCCCCCCCCCC.", "$2bb$04$CCCCCCCCCCCCCCCCCCCCC.", "$2b$04$CCCCCCCCCCCCCCCCCCCC!.",
		"$2b$04$CCCCCCCCCCCCCCCCCCCC\x80.", "$2b$04$CCCCCCCCCCCC CCCCCCCC.",
	};
	for (unsigned i = 0; i < sizeof invalid / sizeof *invalid; i++)
		show("U*U", invalid[i]);

	generated();
	printf("bad %d\n", bad);
	return bad != 0;
}
