/* iconv_open's names: which spellings of which charsets it accepts, in both directions,
 * and EINVAL for the rest. Compared with musl. Each accepted name also decodes the probe
 * A4 A2, which tells the East Asian charsets apart (hiragana A in EUC-JP and the GB
 * family, a jamo in EUC-KR, a hanzi in Big5, two halfwidth katakana in Shift_JIS, EILSEQ in
 * the 7-bit ISO-2022-JP), so a name reaching the wrong codec shows. UTF-7 (musl lacks it)
 * is checked by iconv_utf7. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

static const char *names[] = {
    "UTF-8", "utf8", "UTF8", "u-t-f-8", "UTF_8", "UTF 8", "UTF-8x", "xUTF-8", "UTF-8-", "ut:f8",
    "ut[f8", "ut{f8", ".UTF-8.", "-", "", "char", "CHAR", "C", "POSIX",
    "UTF-16", "UTF16", "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE",
    "UCS-2", "UCS-2BE", "UCS-2LE", "UCS-4", "UCS-4BE", "UCS-4LE", "UNICODE", "UCS-2-INTERNAL",
    "WCHAR_T", "wchar_t", "WCHART", "ASCII", "US-ASCII", "ISO646-US", "ISO646", "ANSI_X3.4-1968",
    "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "latin-1", "L1",
    "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
    "ISO-8859-8", "ISO-8859-9", "ISO-8859-10", "ISO-8859-11", "ISO-8859-12", "ISO-8859-13",
    "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "ISO-8859-17", "TIS-620", "LATIN9", "LATIN2",
    "CP1250", "CP1251", "CP1252", "CP1253", "CP1254", "CP1255", "CP1256", "CP1257", "CP1258",
    "WINDOWS-1250", "windows-1252", "WINDOWS1258", "CP1259",
    "KOI8-R", "KOI8-U", "KOI8-RU", "CP437", "IBM437", "CP850", "CP866", "IBM866",
    "IBM1047", "CP1047", "EBCDIC",
};

/* Only as sources: musl cannot write GB2312, GBK, GB18030, Big5 or EUC-KR and refuses them
 * as targets, where limpet accepts them (iconv_cjk_encode checks limpet's encoders). */
static const char *east_asian[] = {
    "SHIFT_JIS", "SJIS", "SHIFT-JIS", "shiftjis", "MS_KANJI", "CSSHIFTJIS", "CP932",
    "WINDOWS-31J", "EUC-JP", "EUCJP", "euc_jp", "EUC-JP-MS", "ISO-2022-JP", "ISO2022JP",
    "CSISO2022JP", "ISO-2022-JP-1", "ISO-2022-JP-2", "GB2312", "GB_2312-80", "EUC-CN",
    "CP936", "GBK", "GB18030", "GB-18030", "BIG5", "BIG-5", "BIGFIVE", "BIG-FIVE", "CP950",
    "BIG5-HKSCS", "BIG5HKSCS", "BIG5-HKSCS:2008", "EUC-KR", "EUCKR", "KSC5601", "KSC_5601",
    "KS_C_5601-1987", "KSX1001", "KS_X_1001", "CP949", "UHC", "ISO-2022-KR", "JOHAB",
    "EUC-TW",
};

/* Decodes A4 A2 with cd and prints what came out, in hex, and how the call ended. */
static void probe(iconv_t cd)
{
    char in[] = "\xa4\xa2", out[16];
    char *ip = in, *op = out;
    size_t il = 2, ol = sizeof out;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    printf("  A4 A2 ->");
    for (char *p = out; p < op; p++)
        printf(" %02x", (unsigned char)*p);
    printf(" (%s, %d read)\n", r == (size_t)-1 ? (errno == EILSEQ ? "EILSEQ" : errno == EINVAL ? "EINVAL" : "?") : "ok", (int)(ip - in));
}

int main(void)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        iconv_t a = iconv_open("UTF-8", names[i]);
        int ea = a == (iconv_t)-1 ? errno : 0;
        iconv_t b = iconv_open(names[i], "UTF-8");
        int eb = b == (iconv_t)-1 ? errno : 0;
        printf("\"%s\": from %s to %s\n", names[i], ea ? (ea == EINVAL ? "EINVAL" : "?") : "ok",
               eb ? (eb == EINVAL ? "EINVAL" : "?") : "ok");
        if ((ea && ea != EINVAL) || (eb && eb != EINVAL))
            bad++;
        if (!ea) {
            probe(a);
            iconv_close(a);
        }
        if (!eb)
            iconv_close(b);
    }
    for (size_t i = 0; i < sizeof east_asian / sizeof *east_asian; i++) {
        iconv_t a = iconv_open("UTF-8", east_asian[i]);
        int ea = a == (iconv_t)-1 ? errno : 0;
        printf("\"%s\": from %s\n", east_asian[i], ea ? (ea == EINVAL ? "EINVAL" : "?") : "ok");
        if (ea && ea != EINVAL)
            bad++;
        if (!ea) {
            probe(a);
            iconv_close(a);
        }
    }
    printf("bad %d\n", bad);
    return bad != 0;
}
