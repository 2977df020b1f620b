/* utmpx over files in /tmp (never the system's /var/run/utmp): pututxline appending and
 * replacing, getutxent, getutxid by type and by ut_id, getutxline, the getutxid-then-
 * pututxline idiom, the position rules, a partial record at the end, updwtmpx, a missing
 * file, and the record size on disk (glibc's 384 bytes, the format of Linux's utmp files).
 * musl's utmp functions do nothing (getutxent always returns NULL, utmpxname fails), so the
 * expected output (utmp_file.expected) is glibc's for this same program, built with gcc;
 * utmp_file.gen.sh regenerates it. The program prints only what it finds and exits 0: on
 * musl the output differs, and that is the verdict. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utmpx.h>

static char db[64], wtmp[64], missing[64];

static struct utmpx rec(short type, const char *id, const char *line, const char *user, long secs)
{
    struct utmpx u;
    memset(&u, 0, sizeof u);
    u.ut_type = type;
    u.ut_pid = 1000 + (int)secs % 1000;
    strncpy(u.ut_id, id, sizeof u.ut_id);
    strncpy(u.ut_line, line, sizeof u.ut_line);
    strncpy(u.ut_user, user, sizeof u.ut_user);
    strncpy(u.ut_host, "host.example", sizeof u.ut_host);
    u.ut_tv.tv_sec = secs;
    u.ut_tv.tv_usec = 250000;
    u.ut_session = 77;
    u.ut_exit.e_termination = 1;
    u.ut_exit.e_exit = 2;
    u.ut_addr_v6[0] = 0x0100007f;
    return u;
}

static const char *err(int e)
{
    switch (e) {
    case 0: return "0";
    case ENOENT: return "ENOENT";
    case ESRCH: return "ESRCH";
    case EINVAL: return "EINVAL";
    default: return "other";
    }
}

/* errno is shown for a failed search, not for getutxent at the end, where it is left as it
 * was (glibc's then holds what its own internal searches left). */
static void show_as(const char *what, const struct utmpx *u, int with_errno)
{
    if (!u) {
        printf("%s: NULL %s\n", what, with_errno ? err(errno) : "");
        return;
    }
    printf("%s: type %d pid %d id %.4s line %.32s user %.32s host %.256s tv %ld.%06ld session %d exit %d/%d addr %08x\n",
           what, u->ut_type, (int)u->ut_pid, u->ut_id, u->ut_line, u->ut_user, u->ut_host, (long)u->ut_tv.tv_sec,
           (long)u->ut_tv.tv_usec, (int)u->ut_session, u->ut_exit.e_termination, u->ut_exit.e_exit,
           (unsigned)u->ut_addr_v6[0]);
}

static void show(const char *what, const struct utmpx *u)
{
    show_as(what, u, 1);
}

static void next(const char *what)
{
    show_as(what, getutxent(), 0);
}

static void all(const char *what)
{
    struct utmpx *u;
    int n = 0;
    printf("%s:\n", what);
    setutxent();
    errno = 0;
    while ((u = getutxent())) {
        char label[16];
        snprintf(label, sizeof label, "  [%d]", n++);
        show(label, u);
    }
    printf("  end after %d\n", n);
}

static void size(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        printf("size %ld (%ld records)\n", (long)st.st_size, (long)st.st_size / 384);
}

static void put(struct utmpx u)
{
    errno = 0;
    struct utmpx *r = pututxline(&u);
    printf("put %.4s type %d: %s\n", u.ut_id, u.ut_type, r == &u ? "returns its argument" : r ? "other" : err(errno));
}

int main(void)
{
    snprintf(db, sizeof db, "/tmp/limpet-utmp-%d", (int)getpid());
    snprintf(wtmp, sizeof wtmp, "/tmp/limpet-wtmp-%d", (int)getpid());
    snprintf(missing, sizeof missing, "/tmp/limpet-utmp-missing-%d", (int)getpid());
    unlink(missing);
    close(open(db, O_CREAT | O_TRUNC | O_WRONLY, 0644));

    printf("utmpxname %d\n", utmpxname(db));
    put(rec(BOOT_TIME, "~~", "~", "reboot", 1700000000));
    put(rec(RUN_LVL, "~~", "~", "runlevel", 1700000001));
    put(rec(LOGIN_PROCESS, "tty1", "tty1", "LOGIN", 1700000002));
    put(rec(USER_PROCESS, "ts/1", "pts/1", "alice", 1700000003));
    put(rec(USER_PROCESS, "ts/2", "pts/2", "bob", 1700000004));
    put(rec(INIT_PROCESS, "x", "", "", 1700000005));
    all("written");
    size(db);

    struct utmpx q;
    setutxent();
    q = rec(USER_PROCESS, "ts/2", "", "", 0);
    show("getutxid user ts/2", getutxid(&q));
    show("again (the search goes on from there)", getutxid(&q));
    setutxent();
    q = rec(DEAD_PROCESS, "tty1", "", "", 0);
    show("getutxid dead tty1 (any process type)", getutxid(&q));
    setutxent();
    q = rec(RUN_LVL, "zz", "", "", 0);
    show("getutxid run level (by type)", getutxid(&q));
    setutxent();
    q = rec(NEW_TIME, "~~", "", "", 0);
    show("getutxid new time", getutxid(&q));
    setutxent();
    q = rec(USER_PROCESS, "~~", "", "", 0);
    show("getutxid user ~~ (time entries do not count)", getutxid(&q));
    q = rec(EMPTY, "ts/1", "", "", 0);
    setutxent();
    errno = 0;
    show("getutxid empty type", getutxid(&q));
    setutxent();
    q = rec(0, "", "pts/1", "", 0);
    show("getutxline pts/1", getutxline(&q));
    setutxent();
    q = rec(0, "", "~", "", 0);
    show("getutxline ~ (not a login entry)", getutxline(&q));
    setutxent();
    q = rec(0, "", "tty1", "", 0);
    show("getutxline tty1 (login)", getutxline(&q));

    /* The idiom: find an entry, change it, put it back in place. */
    setutxent();
    q = rec(USER_PROCESS, "ts/1", "", "", 0);
    struct utmpx *found = getutxid(&q);
    if (found) {
        found->ut_type = DEAD_PROCESS;
        memset(found->ut_user, 0, sizeof found->ut_user);
        found->ut_tv.tv_sec = 1700000100;
        errno = 0;
        struct utmpx *r = pututxline(found);
        printf("put back the static record: %s\n", r ? "ok" : err(errno));
        next("next after it");
    }
    /* Replacing while positioned past the entry: a search on from there, then an append. */
    setutxent();
    getutxent(), getutxent(), getutxent(), getutxent(), getutxent();
    put(rec(LOGIN_PROCESS, "tty1", "tty1", "LOGIN2", 1700000200));
    next("next after an append");
    /* From the start: found and replaced. */
    setutxent();
    put(rec(USER_PROCESS, "tty1", "tty1", "carol", 1700000300));
    next("next after a replacement");
    /* The record just read is replaced when it matches. */
    setutxent();
    getutxent();
    put(rec(BOOT_TIME, "~~", "~", "reboot2", 1700000400));
    next("next");
    /* An entry of no searchable type is appended. */
    put(rec(EMPTY, "e", "", "empty", 1700000500));
    all("after the changes");
    size(db);

    /* endutxent closes; the next call reads from the start again. */
    getutxent();
    endutxent();
    next("first after endutxent");

    /* A partial record at the end (a writer that died) is not an entry, and an append
     * replaces it. */
    int fd = open(db, O_WRONLY | O_APPEND);
    if (write(fd, "partial", 7) != 7)
        printf("write failed\n");
    close(fd);
    size(db);
    all("with a partial record");
    put(rec(USER_PROCESS, "ts/9", "pts/9", "dave", 1700000600));
    size(db);

    /* updwtmpx appends, always. */
    close(open(wtmp, O_CREAT | O_TRUNC | O_WRONLY, 0644));
    struct utmpx w = rec(USER_PROCESS, "ts/1", "pts/1", "alice", 1700001000);
    updwtmpx(wtmp, &w);
    updwtmpx(wtmp, &w);
    w.ut_type = DEAD_PROCESS;
    updwtmpx(wtmp, &w);
    utmpxname(wtmp);
    all("wtmp");
    size(wtmp);

    /* A missing file: not created. */
    errno = 0;
    updwtmpx(missing, &w);
    printf("updwtmpx to a missing file: %s\n", err(errno));
    utmpxname(missing);
    errno = 0;
    show("getutxent of a missing file", getutxent());
    errno = 0;
    show("pututxline to a missing file", pututxline(&w));
    printf("created: %s\n", access(missing, F_OK) == 0 ? "yes" : "no");
    endutxent();

    unlink(db);
    unlink(wtmp);
    return 0;
}
