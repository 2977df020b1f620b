//! The benchmark rows: one C program in bench/c per row (with the program it starts and the
//! shared libraries it needs, if any), and the five ways each is built.

/// The rows whose programs need compiled locales (see `locales::compile`).
pub const NEEDS_LOCALES: &[&str] = &["strftime_locale"];

/// One benchmark row: `bench/c/{program}.c`, timed for `iters` operations per batch.
pub struct Row {
    pub id: &'static str,
    pub group: &'static str,
    pub label: &'static str,
    /// Operations per timed batch in a full run: about 20 ms on musl on the reference machine.
    pub iters: u64,
    /// Extra link flags (glibc needs `-lm`; musl's and limpet's libm.a are empty).
    pub libs: &'static [&'static str],
    /// The C program in bench/c, without `.c`: the id, unless the row reuses another row's.
    pub program: &'static str,
    /// The program the row starts (fork+exec+wait), built like the row and passed as ARG.
    pub child: Option<Child>,
    /// Shared libraries built, in this order, beside the row's programs. A row that has any
    /// is dynamic only: its static cells read `n/a`.
    pub dl_libs: &'static [DlLib],
    /// Extra link flags of the glibc build alone (`-lcrypt`: glibc's crypt is libxcrypt's).
    pub glibc_libs: &'static [&'static str],
    /// Debian's musl leaves the row's functions out (crypt: Debian bug 947193), so the musl
    /// static program is linked against rustup's self-contained musl (1.2.5) instead, the
    /// musl dynamic cell is `n/a`, and the limpet dynamic program is the musl-gcc build
    /// linked against limpet's libc.so.
    pub musl_lacks: bool,
}

impl Row {
    /// Whether the row has no static builds: a static program loads no shared libraries.
    pub fn dynamic_only(&self) -> bool {
        !self.dl_libs.is_empty()
    }
}

/// A program that a row starts: `bench/c/{name}.c`, linked with `libs`.
#[derive(Clone, Copy)]
pub struct Child {
    pub name: &'static str,
    pub libs: &'static [&'static str],
}

/// A shared library a row needs: `bench/c/{src}.c` compiled with `-shared -fPIC` and `flags`
/// (defines, and `-l` for the earlier libraries it needs) into `file`.
pub struct DlLib {
    pub file: &'static str,
    pub src: &'static str,
    pub flags: &'static [&'static str],
}

const fn row(id: &'static str, group: &'static str, label: &'static str, iters: u64) -> Row {
    Row { id, group, label, iters, libs: &[], program: id, child: None, dl_libs: &[], glibc_libs: &[], musl_lacks: false }
}

/// A row whose functions Debian's musl leaves out, with extra link flags for glibc.
const fn beyond_debian_musl(mut r: Row, glibc_libs: &'static [&'static str]) -> Row {
    r.glibc_libs = glibc_libs;
    r.musl_lacks = true;
    r
}

const fn with_libs(mut r: Row, libs: &'static [&'static str]) -> Row {
    r.libs = libs;
    r
}

const fn with_dl_libs(mut r: Row, dl_libs: &'static [DlLib]) -> Row {
    r.dl_libs = dl_libs;
    r
}

/// The minimal program the fork_exec row starts.
const EMPTY_MAIN: Child = Child { name: "empty_main", libs: &[] };

/// The program the dl_startup row starts, and the five libraries it links: 3 needs 1, 4 needs
/// 2 and 3, 5 needs 4. Linked last first, so the loader must order the constructors itself.
const CHAIN_CHILD: Child = Child {
    name: "dl_startup_child",
    libs: &["-lbench_chain5", "-lbench_chain4", "-lbench_chain3", "-lbench_chain2", "-lbench_chain1"],
};
const CHAIN: &[DlLib] = &[
    DlLib { file: "libbench_chain1.so", src: "dl_startup.lib", flags: &["-DPART=1"] },
    DlLib { file: "libbench_chain2.so", src: "dl_startup.lib", flags: &["-DPART=2"] },
    DlLib { file: "libbench_chain3.so", src: "dl_startup.lib", flags: &["-DPART=3", "-DDEP_A=1", "-lbench_chain1"] },
    DlLib {
        file: "libbench_chain4.so",
        src: "dl_startup.lib",
        flags: &["-DPART=4", "-DDEP_A=2", "-DDEP_B=3", "-lbench_chain2", "-lbench_chain3"],
    },
    DlLib { file: "libbench_chain5.so", src: "dl_startup.lib", flags: &["-DPART=5", "-DDEP_A=4", "-lbench_chain4"] },
];

pub const ROWS: &[Row] = &[
    row("memcpy_64", "string", "memcpy 64B", 4_000_000),
    row("memcpy_4k", "string", "memcpy 4KB", 600_000),
    row("memcpy_64k", "string", "memcpy 64KB", 10_000),
    row("memset_4k", "string", "memset 4KB", 500_000),
    row("memcmp_4k", "string", "memcmp 4KB", 15_000),
    row("strlen_4k", "string", "strlen 4KB", 120_000),
    row("strcmp_short", "string", "strcmp (short)", 4_000_000),
    row("strchr_4k", "string", "strchr 4KB", 120_000),
    row("strstr", "string", "strstr (1KB haystack)", 100_000),
    row("fnmatch", "pattern", "fnmatch *.[ch], 1,000 names in turn", 600_000),
    row("regex_literal", "pattern", "regexec hello[0-9]+ world, 4KB of text, nmatch=1", 2_000),
    row("regex_class", "pattern", "regexec [[:alpha:]_][[:alnum:]_]*=[0-9]+, 4KB, nmatch=1", 2_000),
    row("regex_comp", "pattern", "regcomp+regfree, a 50-character ERE", 20_000),
    row("regex_all", "pattern", "regexec, every match of [a-z]+=[0-9]+ along 64KB", 20),
    row("glob", "pattern", "glob DIR/*.c+globfree, 1,000 files (500 match)", 15),
    row("snprintf", "stdio", "snprintf (%d %s %f)", 60_000),
    row("fprintf_devnull", "stdio", "fprintf → /dev/null", 120_000),
    row("fwrite_fread", "stdio", "fwrite+fread 64B (buffered)", 400_000),
    row("getline", "stdio", "getline (40B lines)", 400_000),
    row("wcstod", "stdlib", "wcstod (decimal and hex mix)", 20_000),
    row("wcswidth", "text", "wcswidth, 48 characters of Latin, CJK and emoji", 200_000),
    row("wcsftime", "text", "wcsftime %Y-%m-%d %H:%M:%S %a %b %j", 20_000),
    row("strfmon", "text", "strfmon of 3 amounts (%n, %#6.2n, %12i)", 40_000),
    row("strftime_locale", "text", "strftime %A %B, %x, %c in de_DE.UTF-8", 40_000),
    row("malloc_16", "malloc", "malloc/free 16B", 250_000),
    row("malloc_256", "malloc", "malloc/free 256B", 300_000),
    row("calloc_1k", "malloc", "calloc 1KB", 200_000),
    row("realloc_grow", "malloc", "realloc (grow)", 150_000),
    with_libs(row("malloc_2thread", "malloc", "malloc/free mixed sizes, 2 threads", 300_000), &["-pthread"]),
    with_libs(row("sin", "math", "sin", 4_000_000), &["-lm"]),
    with_libs(row("exp", "math", "exp", 8_000_000), &["-lm"]),
    with_libs(row("log", "math", "log", 4_000_000), &["-lm"]),
    with_libs(row("pow", "math", "pow", 2_000_000), &["-lm"]),
    with_libs(row("sqrt", "math", "sqrt", 8_000_000), &["-lm"]),
    with_libs(row("sinf", "math", "sinf", 4_000_000), &["-lm"]),
    with_libs(row("expf", "math", "expf", 8_000_000), &["-lm"]),
    with_libs(row("logf", "math", "logf", 8_000_000), &["-lm"]),
    with_libs(row("exp2", "math", "exp2", 8_000_000), &["-lm"]),
    with_libs(row("log2", "math", "log2", 4_000_000), &["-lm"]),
    with_libs(row("cbrt", "math", "cbrt", 4_000_000), &["-lm"]),
    with_libs(row("lround", "math", "lround", 8_000_000), &["-lm"]),
    with_libs(row("sinl", "math", "sinl", 1_000_000), &["-lm"]),
    with_libs(row("expl", "math", "expl", 1_000_000), &["-lm"]),
    with_libs(row("logl", "math", "logl", 2_000_000), &["-lm"]),
    with_libs(row("powf", "math", "powf", 4_000_000), &["-lm"]),
    with_libs(row("atan2", "math", "atan2", 4_000_000), &["-lm"]),
    with_libs(row("hypot", "math", "hypot", 4_000_000), &["-lm"]),
    with_libs(row("powl", "math", "powl", 500_000), &["-lm"]),
    with_libs(row("fma", "math", "fma", 8_000_000), &["-lm"]),
    // Debian's musl has no crypt: the musl column is rustup's musl 1.2.5, statically.
    beyond_debian_musl(row("crypt_sha512", "crypt", "crypt $6$, default 5,000 rounds", 8), &["-lcrypt"]),
    beyond_debian_musl(row("crypt_sha256", "crypt", "crypt $5$, default 5,000 rounds", 8), &["-lcrypt"]),
    beyond_debian_musl(row("crypt_md5", "crypt", "crypt $1$", 60), &["-lcrypt"]),
    beyond_debian_musl(row("crypt_des", "crypt", "crypt traditional DES", 5_000), &["-lcrypt"]),
    beyond_debian_musl(row("crypt_bcrypt", "crypt", "crypt $2b$, cost 6", 8), &["-lcrypt"]),
    row("tsearch", "search", "tdelete+tsearch, 100,000-key tree", 80_000),
    row("hsearch", "search", "hsearch FIND, 100,000-key table", 500_000),
    row("gettext", "intl", "gettext, 1,000-message catalog", 200_000),
    // Both bind their own /etc files in a private mount namespace (bench/c/users_files.h),
    // so they need root.
    row("getpwnam_1000", "users", "getpwnam over a 1,000-line /etc/passwd", 250),
    row("getgrouplist", "users", "getgrouplist, 500 groups (the user in 25)", 60),
    // Debian's musl has no crypt: its cell reads missing. glibc's crypt is libxcrypt's.
    with_libs(
        with_dl_libs(
            row("crypt_yescrypt", "crypt", "crypt $y$ at Debian's default cost ($y$j9T$)", 4),
            &[DlLib { file: "libbench_crypt.so", src: "crypt_yescrypt.lib", flags: &[] }],
        ),
        &["-lbench_crypt", "-Wl,--allow-shlib-undefined"],
    ),
    row("iconv_utf8_utf16", "iconv", "iconv UTF-8 to UTF-16LE, 64 KB", 2_000),
    row("iconv_utf8_latin1", "iconv", "iconv UTF-8 to ISO-8859-1, 64 KB", 2_000),
    // musl scans a table for each four-byte sequence (about 37 ms a call), so a batch
    // holds few calls (limpet and glibc take about 0.5 ms).
    row("iconv_gb18030", "iconv", "iconv GB18030 to UTF-8, 64 KB", 4),
    row("getpid", "syscall", "getpid", 200_000),
    row("clock_gettime", "syscall", "clock_gettime", 1_000_000),
    row("open_close", "syscall", "open+close", 10_000),
    row("stat", "syscall", "stat", 30_000),
    row("getenv", "syscall", "getenv", 2_000_000),
    row("poll_64", "io", "poll, 64 pipes (one ready)", 5_000),
    row("poll_pingpong", "io", "pipe ping-pong through poll", 1_700),
    row("epoll_wait", "io", "epoll_wait, 64 pipes (one ready)", 100_000),
    row("inet_pton", "net", "inet_pton (IPv4 and IPv6 mix)", 450_000),
    row("inet_ntop", "net", "inet_ntop (IPv4 and IPv6 mix)", 50_000),
    row("udp_pair", "net", "UDP sendto+recvfrom 64B, loopback", 5_500),
    row("tcp_roundtrip", "net", "TCP round trip 64B, loopback", 1_200),
    row("gai_hosts", "net", "getaddrinfo, /etc/hosts", 5_000),
    row("gai_dns", "net", "getaddrinfo, loopback DNS server", 230),
    with_libs(row("mutex", "threads", "pthread_mutex lock/unlock", 2_000_000), &["-pthread"]),
    with_libs(row("pthread_create", "threads", "pthread_create+join", 600), &["-pthread"]),
    with_libs(row("mutex_contended", "threads", "pthread_mutex, 2 threads contending", 800_000), &["-pthread"]),
    with_libs(row("cond_pingpong", "threads", "pthread_cond signal/wait round trip", 1_500), &["-pthread"]),
    Row { child: Some(EMPTY_MAIN), ..row("fork_exec", "process", "fork+exec+wait", 60) },
    Row { child: Some(EMPTY_MAIN), ..row("posix_spawn", "process", "posix_spawn+wait, 64 MiB heap", 60) },
    // musl's dlclose unloads nothing, so its batch is short; the count suits the two that unload.
    with_dl_libs(
        row("dl_open_close", "ldso", "dlopen+dlclose, small library (musl never unloads)", 1_500),
        &[DlLib { file: "libbench_small.so", src: "dl_open_close.lib", flags: &[] }],
    ),
    with_dl_libs(
        row("dl_open_loaded", "ldso", "dlopen+dlclose, library kept loaded by another handle", 200_000),
        &[DlLib { file: "libbench_small.so", src: "dl_open_close.lib", flags: &[] }],
    ),
    with_dl_libs(
        row("dl_sym", "ldso", "dlsym, 1,000-symbol library", 600_000),
        &[DlLib { file: "libbench_syms.so", src: "dl_sym.lib", flags: &[] }],
    ),
    with_dl_libs(
        row("dl_tls", "ldso", "__tls_get_addr, dlopen'd library", 5_000_000),
        &[DlLib { file: "libbench_tls.so", src: "dl_tls.lib", flags: &[] }],
    ),
    Row {
        program: "fork_exec",
        child: Some(CHAIN_CHILD),
        ..with_dl_libs(row("dl_startup", "ldso", "start-up, 5 libraries (fork+exec+wait)", 40), CHAIN)
    },
];

/// How a row's program is built and run; `Limpet` is the `Musl` binary with its PT_INTERP
/// pointed at limpet's libc.so, so the two differ only in the libc.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    Musl,
    Limpet,
    Glibc,
    MuslStatic,
    LimpetStatic,
}

impl Variant {
    pub const ALL: [Variant; 5] =
        [Variant::Musl, Variant::Limpet, Variant::Glibc, Variant::MuslStatic, Variant::LimpetStatic];

    /// The name used for directories and JSON keys.
    pub fn key(self) -> &'static str {
        match self {
            Variant::Musl => "musl",
            Variant::Limpet => "limpet",
            Variant::Glibc => "glibc",
            Variant::MuslStatic => "musl-static",
            Variant::LimpetStatic => "limpet-static",
        }
    }

    /// The column title in the report.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Musl => "musl",
            Variant::Limpet => "limpet",
            Variant::Glibc => "glibc",
            Variant::MuslStatic => "musl static",
            Variant::LimpetStatic => "limpet static",
        }
    }

    pub fn index(self) -> usize {
        Variant::ALL.iter().position(|v| *v == self).expect("every variant is in ALL")
    }
}

/// The ratios the report shows: (title, JSON key, numerator, denominator).
pub const RATIOS: [(&str, &str, Variant, Variant); 3] = [
    ("limpet/musl", "limpet_musl", Variant::Limpet, Variant::Musl),
    ("limpet/glibc", "limpet_glibc", Variant::Limpet, Variant::Glibc),
    ("static limpet/musl", "static_limpet_musl", Variant::LimpetStatic, Variant::MuslStatic),
];

/// Whether `--filter NAME` selects a row (by id, group or label).
pub fn selected(filter: Option<&str>, id: &str, group: &str, label: &str) -> bool {
    filter.is_none_or(|f| id.contains(f) || group.contains(f) || label.contains(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_sources_that_exist() {
        let dir = crate::util::root().join("bench/c");
        let exists = |name: &str| dir.join(format!("{name}.c")).is_file();
        for r in ROWS {
            assert!(exists(r.program), "{}: no bench/c/{}.c", r.id, r.program);
            assert!(r.child.is_none_or(|c| exists(c.name)), "{}: its child has no source", r.id);
            for lib in r.dl_libs {
                assert!(exists(lib.src), "{}: no bench/c/{}.c", r.id, lib.src);
            }
        }
    }

    #[test]
    fn row_ids_are_unique() {
        for (i, r) in ROWS.iter().enumerate() {
            assert!(ROWS[..i].iter().all(|o| o.id != r.id), "{} twice", r.id);
        }
    }
}
