//! `gen-tree OUTDIR [FILES [MEGABYTES]]`: writes a generated source tree for the ripgrep
//! workload into OUTDIR (which must not exist yet): FILES files (2,000 unless told) of
//! MEGABYTES MiB in all (100 unless told) in nested directories.
//!
//! Everything comes from one xorshift64* with a fixed seed and integer arithmetic only (no
//! floating point, so no libm, no clock, no environment, no hash-map order): the same
//! arguments give the same tree byte for byte whatever libc this program was built on. It
//! prints the counts and an FNV-1a hash over every path and every file's bytes, to compare.
//!
//! What is in it:
//! - text files (`.rs`, `.c`, `.h`, `.py`, `.md`, `.txt`) of lines made of a language's
//!   keywords, identifiers (snake_case, CamelCase, UPPER_CASE, some with numeric
//!   suffixes), numbers, operators, string literals and comments; a few lines carry
//!   `TODO`/`FIXME`/`XXX` and about one line in 2,000 carries `frobnicate_widget` in one of
//!   four casings;
//! - binary files (`.bin`, `.dat`, about 2% of files): random bytes with NULs, some of them
//!   after a few lines of text;
//! - a `.git` directory (just `HEAD`), so that ripgrep treats the tree as a repository and
//!   honours its `.gitignore`, which ignores `/vendor/` (about an eighth of the files) and
//!   `*.tmp`;
//! - hidden files (names starting with `.`, about 3% of files) and a hidden `.cache/`
//!   directory, which ripgrep skips unless `--hidden`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// xorshift64* (Vigna): xorshift64 with a multiplicative output scramble.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in 0..n (n > 0); the slight modulo bias does not matter here.
    fn below(&mut self, n: u64) -> u64 {
        (self.next() >> 11) % n
    }

    /// True with probability num/den.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const SYLLABLES: &[&str] = &[
    "get", "set", "buf", "len", "node", "tree", "parse", "read", "write", "alloc", "free",
    "map", "key", "value", "index", "count", "state", "error", "handle", "lock", "queue",
    "event", "socket", "stream", "table", "row", "cell", "page", "cache", "hash", "list",
    "item", "file", "path", "name", "size", "offset", "block", "chunk", "frame", "packet",
    "header", "body", "token", "scan", "match", "find", "load", "store", "flush", "sync",
    "init", "drop", "open", "close", "send", "recv", "peer", "conn", "pool", "task", "job",
    "timer", "clock",
];

const WORDS: &[&str] = &[
    "the", "a", "of", "to", "and", "in", "is", "it", "that", "for", "this", "with", "when",
    "not", "be", "we", "must", "here", "if", "only", "once", "after", "before", "every",
    "buffer", "caller", "lock", "value", "returns", "keeps", "checks", "first", "last",
    "next", "empty", "full", "length", "pointer", "handle", "error", "ok", "fails", "reads",
    "writes", "counts", "table", "entry", "entries", "page", "state", "thread", "signal",
    "memory", "file", "line", "word", "byte", "bytes", "size", "order", "sorted", "naïve",
    "Größe", "déjà", "vu", "über",
];

const RS_KEYWORDS: &[&str] = &[
    "fn", "let", "mut", "pub", "struct", "impl", "match", "if", "else", "return", "use",
    "mod", "const", "enum", "for", "in", "while", "loop", "self", "Self", "where", "trait",
    "unsafe", "move", "ref", "as", "break", "continue", "Some", "None", "Ok", "Err",
];
const C_KEYWORDS: &[&str] = &[
    "int", "char", "void", "static", "struct", "return", "if", "else", "for", "while",
    "switch", "case", "const", "unsigned", "long", "sizeof", "typedef", "break", "goto",
    "extern", "size_t", "NULL", "default", "union", "volatile", "inline",
];
const PY_KEYWORDS: &[&str] = &[
    "def", "class", "return", "if", "elif", "else", "for", "in", "while", "import", "from",
    "lambda", "None", "True", "False", "self", "with", "as", "yield", "try", "except",
    "raise", "pass", "not", "and", "or",
];
const OPERATORS: &[&str] = &[
    "=", "==", "!=", "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "&&", "||", "->", "=>",
    "::", ".", ",", ";", "(", ")", "{", "}", "[", "]", "+=", "-=", "&", "|", "^", "<<", ">>",
];
const TYPE_SUFFIXES: &[&str] = &["Handle", "State", "Buffer", "Error", "Config", "Table", "Node"];
const MARKERS: &[&str] = &["TODO", "FIXME", "XXX"];
const NEEDLES: &[&str] =
    &["frobnicate_widget", "Frobnicate_Widget", "FROBNICATE_WIDGET", "frobnicate_Widget"];

#[derive(Clone, Copy)]
enum Lang {
    Rust,
    C,
    Python,
    Prose,
}

impl Lang {
    fn keywords(self) -> &'static [&'static str] {
        match self {
            Lang::Rust => RS_KEYWORDS,
            Lang::C => C_KEYWORDS,
            Lang::Python => PY_KEYWORDS,
            Lang::Prose => &[],
        }
    }

    fn comment(self) -> &'static str {
        match self {
            Lang::Rust | Lang::C => "// ",
            Lang::Python => "# ",
            Lang::Prose => "",
        }
    }
}

fn push_ident(rng: &mut Rng, out: &mut Vec<u8>) {
    let parts = 1 + rng.below(3) as usize;
    match rng.below(10) {
        // snake_case
        0..=5 => {
            for i in 0..parts {
                if i > 0 {
                    out.push(b'_');
                }
                out.extend_from_slice(rng.pick(SYLLABLES).as_bytes());
            }
        }
        // CamelCase, sometimes ending in a type-ish suffix
        6..=8 => {
            for _ in 0..parts {
                let s = rng.pick(SYLLABLES).as_bytes();
                out.push(s[0].to_ascii_uppercase());
                out.extend_from_slice(&s[1..]);
            }
            if rng.chance(1, 3) {
                out.extend_from_slice(rng.pick(TYPE_SUFFIXES).as_bytes());
            }
        }
        // UPPER_CASE
        _ => {
            for i in 0..parts {
                if i > 0 {
                    out.push(b'_');
                }
                out.extend(rng.pick(SYLLABLES).bytes().map(|b| b.to_ascii_uppercase()));
            }
        }
    }
    if rng.chance(1, 8) {
        let _ = write!(out, "_{}", rng.below(10_000));
    }
}

fn push_number(rng: &mut Rng, out: &mut Vec<u8>) {
    let _ = match rng.below(4) {
        0 => write!(out, "0x{:x}", rng.next() >> (rng.below(56) + 8)),
        1 => write!(out, "{}", rng.below(10)),
        _ => write!(out, "{}", rng.below(1_000_000)),
    };
}

fn push_words(rng: &mut Rng, out: &mut Vec<u8>, n: u64) {
    for i in 0..n {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(rng.pick(WORDS).as_bytes());
    }
}

/// One line, newline included.
fn push_line(rng: &mut Rng, lang: Lang, out: &mut Vec<u8>) {
    if let Lang::Prose = lang {
        if rng.chance(1, 12) {
            out.extend_from_slice(b"## ");
        }
        let n = 4 + rng.below(14);
        push_words(rng, out, n);
        if rng.chance(1, 6) {
            out.extend_from_slice(b" `");
            push_ident(rng, out);
            out.push(b'`');
        }
        if rng.chance(1, 400) {
            let _ = write!(out, " {}: {}", rng.pick(MARKERS), rng.pick(WORDS));
        }
        if rng.chance(1, 2000) {
            let _ = write!(out, " see {}", rng.pick(NEEDLES));
        }
        out.push(b'\n');
        return;
    }
    if rng.chance(1, 10) {
        out.push(b'\n');
        return;
    }
    for _ in 0..rng.below(4) {
        out.extend_from_slice(b"    ");
    }
    if rng.chance(1, 6) {
        out.extend_from_slice(lang.comment().as_bytes());
        if rng.chance(1, 25) {
            let _ = write!(out, "{}: ", rng.pick(MARKERS));
        }
        let n = 3 + rng.below(10);
        push_words(rng, out, n);
        out.push(b'\n');
        return;
    }
    let n = 3 + rng.below(10);
    for i in 0..n {
        if i > 0 {
            out.push(b' ');
        }
        match rng.below(20) {
            0..=4 => out.extend_from_slice(rng.pick(lang.keywords()).as_bytes()),
            5..=13 => push_ident(rng, out),
            14..=15 => push_number(rng, out),
            16..=18 => out.extend_from_slice(rng.pick(OPERATORS).as_bytes()),
            _ => {
                out.push(b'"');
                let n = 1 + rng.below(5);
                push_words(rng, out, n);
                out.push(b'"');
            }
        }
    }
    if rng.chance(1, 2000) {
        let _ = write!(out, " {}({})", rng.pick(NEEDLES), rng.below(100));
    }
    out.push(b'\n');
}

fn text_file(rng: &mut Rng, lang: Lang, size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size + 256);
    while out.len() < size {
        push_line(rng, lang, &mut out);
    }
    out
}

fn binary_file(rng: &mut Rng, size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size + 256);
    // Half of them start like text (and may even match), then turn binary.
    if rng.chance(1, 2) {
        for _ in 0..4 + rng.below(20) {
            push_line(rng, Lang::Rust, &mut out);
        }
    }
    while out.len() < size {
        let r = rng.next();
        for b in r.to_le_bytes() {
            // About one byte in eight is NUL.
            out.push(if b & 7 == 0 { 0 } else { b });
        }
    }
    out.truncate(size.max(1));
    out
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

struct Tree {
    root: PathBuf,
    hash: u64,
    bytes: u64,
    files: u64,
    dirs: u64,
}

impl Tree {
    fn mkdir(&mut self, rel: &str) -> Result<(), String> {
        let path = self.root.join(rel);
        fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        self.hash = fnv1a(self.hash, rel.as_bytes());
        self.hash = fnv1a(self.hash, b"/\n");
        self.dirs += 1;
        Ok(())
    }

    fn write(&mut self, rel: &str, data: &[u8]) -> Result<(), String> {
        let path = self.root.join(rel);
        fs::write(&path, data).map_err(|e| format!("{}: {e}", path.display()))?;
        self.hash = fnv1a(self.hash, rel.as_bytes());
        self.hash = fnv1a(self.hash, b"\n");
        self.hash = fnv1a(self.hash, data);
        self.bytes += data.len() as u64;
        self.files += 1;
        Ok(())
    }
}

/// Adds `dir`'s subdirectories, recursively, to `dirs` (parents before children).
fn grow(rng: &mut Rng, dir: &str, depth: u32, dirs: &mut Vec<String>) {
    let children = match depth {
        1 => 3 + rng.below(5),
        2 => 1 + rng.below(4),
        3 => rng.below(3),
        4 => rng.below(2),
        _ => 0,
    };
    for i in 0..children {
        let mut name = Vec::new();
        push_ident(rng, &mut name);
        let name = String::from_utf8(name).unwrap().to_ascii_lowercase();
        let sub = format!("{dir}/{name}_{i}");
        dirs.push(sub.clone());
        grow(rng, &sub, depth + 1, dirs);
    }
}

fn generate(root: &Path, files: u64, total: u64) -> Result<Tree, String> {
    if root.exists() {
        return Err(format!("{}: already exists; remove it first", root.display()));
    }
    let mut rng = Rng(0x5DEE_CE66_D1CE_F00D);
    let mut tree = Tree { root: root.to_path_buf(), hash: FNV_OFFSET, bytes: 0, files: 0, dirs: 0 };
    fs::create_dir_all(root).map_err(|e| format!("{}: {e}", root.display()))?;

    // The repository markers and the ignore file.
    tree.mkdir(".git")?;
    tree.write(".git/HEAD", b"ref: refs/heads/main\n")?;
    tree.write(".gitignore", b"# generated by gen-tree\n/vendor/\n*.tmp\n")?;

    // Directories: top-level ones, each grown into a random subtree.
    let top = ["src", "lib", "tests", "docs", "tools", "examples", "bench", "vendor", ".cache"];
    let mut dirs: Vec<String> = Vec::new();
    for t in top {
        dirs.push(t.to_string());
        if t != ".cache" {
            grow(&mut rng, t, 1, &mut dirs);
        }
    }
    for d in dirs.clone() {
        tree.mkdir(&d)?;
    }

    // File sizes: a power-of-two class from 512 B to 512 KiB plus jitter within it, then
    // all scaled so they add up to `total`.
    let mut sizes: Vec<u64> = (0..files)
        .map(|_| {
            let base = 512u64 << rng.below(11);
            base + rng.below(base)
        })
        .collect();
    let sum: u64 = sizes.iter().sum();
    for s in &mut sizes {
        *s = ((*s as u128 * total as u128 / sum as u128) as u64).max(16);
    }

    let vendor: Vec<&String> = dirs.iter().filter(|d| d.starts_with("vendor")).collect();
    let hidden = dirs.iter().position(|d| d == ".cache").unwrap();
    for (i, &size) in sizes.iter().enumerate() {
        // An eighth of the files go under vendor/ (ignored), one in 60 under .cache/
        // (hidden), the rest anywhere else.
        let dir = match rng.below(120) {
            0..=14 => rng.pick(&vendor).as_str(),
            15..=16 => dirs[hidden].as_str(),
            _ => loop {
                let d = rng.pick(&dirs);
                if !d.starts_with("vendor") && !d.starts_with(".cache") {
                    break d.as_str();
                }
            },
        };
        let mut stem = Vec::new();
        push_ident(&mut rng, &mut stem);
        let stem = String::from_utf8(stem).unwrap().to_ascii_lowercase();
        let dot = if rng.chance(1, 33) { "." } else { "" };
        let kind = rng.below(100);
        let (ext, data) = match kind {
            0..=1 => {
                let ext = if kind == 0 { "bin" } else { "dat" };
                (ext, binary_file(&mut rng, size as usize))
            }
            2..=31 => ("rs", text_file(&mut rng, Lang::Rust, size as usize)),
            32..=51 => ("c", text_file(&mut rng, Lang::C, size as usize)),
            52..=61 => ("h", text_file(&mut rng, Lang::C, size as usize)),
            62..=81 => ("py", text_file(&mut rng, Lang::Python, size as usize)),
            82..=90 => ("md", text_file(&mut rng, Lang::Prose, size as usize)),
            91..=98 => ("txt", text_file(&mut rng, Lang::Prose, size as usize)),
            _ => ("tmp", text_file(&mut rng, Lang::Rust, size as usize)),
        };
        tree.write(&format!("{dir}/{dot}{stem}_{i}.{ext}"), &data)?;
    }
    Ok(tree)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!("usage: gen-tree OUTDIR [FILES [MEGABYTES]]");
        ExitCode::from(2)
    };
    if args.is_empty() || args.len() > 3 {
        return usage();
    }
    let files = match args.get(1).map(|s| s.parse::<u64>()) {
        None => 2000,
        Some(Ok(n)) if n > 0 => n,
        _ => return usage(),
    };
    let megabytes = match args.get(2).map(|s| s.parse::<u64>()) {
        None => 100,
        Some(Ok(n)) if n > 0 => n,
        _ => return usage(),
    };
    match generate(Path::new(&args[0]), files, megabytes << 20) {
        Ok(t) => {
            println!(
                "gen-tree: {} files, {} dirs, {} bytes, fnv1a {:016x}",
                t.files, t.dirs, t.bytes, t.hash
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-tree: {e}");
            ExitCode::from(1)
        }
    }
}
