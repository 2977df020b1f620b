//! `cargo xtask dist`: builds the C library and its installation tree.
//!
//! The assemble crate compiles to one static archive, with the features the build chose
//! ([`crate::config`]). Before anything is linked, the archive is held to the entrypoint
//! table ([`crate::entrypoints::check`]) and the components' imports
//! ([`crate::graph::check`]). From it this command makes:
//! - `lib/libc.a`, the archive itself;
//! - `lib/libc.so` when the build has the dynamic linker, linked from the archive with the
//!   version script the entrypoint table gives (its names of the build's components that
//!   are in `assemble/musl-symbols.txt`), `_dlstart` as entry point, and a dynamic list
//!   that keeps data objects and the malloc family interposable;
//! - `lib/ld-musl-x86_64.so.1`, a symlink to libc.so;
//! - the crt objects, each compiled from `assemble/crt/*.rs`;
//! - musl's empty `libm.a`, `libpthread.a`, ... and `bin/limpet-gcc` with its specs file;
//! - `etc/ld-musl-x86_64.path`, the loader's search path: the installation's `lib`, then
//!   the directories the system's musl loader searches;
//! - what Rust programs need ([`crate::rustlink`]): the unwinders and `bin/limpet-cargo`;
//! - `bin/limpet-localedef`, the locale compiler (a host program, built with std).
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Options;
use crate::config::{Build, Table};
use crate::util::{Result, output, root, run};

pub const TARGET: &str = "x86_64-unknown-linux-gnu";
pub const LDSO_NAME: &str = "ld-musl-x86_64.so.1";
/// Archives musl ships empty because libc.a holds their contents.
const EMPTY_ARCHIVES: &[&str] = &["libm", "libpthread", "libdl", "librt", "libutil", "libxnet", "libcrypt", "libresolv"];
/// Functions a program may replace everywhere, including inside libc.
const INTERPOSABLE: &[&str] = &[
    "malloc", "free", "calloc", "realloc", "aligned_alloc", "posix_memalign", "memalign", "valloc", "pvalloc",
    "malloc_usable_size", "reallocarray",
];

/// What a dist build produced.
pub struct Dist {
    pub prefix: PathBuf,
    pub lib: PathBuf,
    pub gcc: PathBuf,
    pub build: Build,
    /// The components it contains.
    pub components: BTreeSet<String>,
    /// The C names libc.so exports (none without the dynamic linker).
    pub exports: BTreeSet<String>,
    /// Every C name libc.a defines for programs: the table's rows of the build's components.
    pub names: BTreeSet<String>,
}

impl Dist {
    pub fn libc_so(&self) -> PathBuf {
        self.lib.join("libc.so")
    }

    /// Whether libc.so (the dynamic linker) was built.
    pub fn dynamic(&self) -> bool {
        self.components.contains("ldso")
    }
}

fn profile_dir(profile: &str) -> &str {
    if profile == "dev" { "debug" } else { profile }
}

/// The build the options ask for.
pub fn resolve(opts: &Options) -> Result<Build> {
    let table = Table::load()?;
    Build::resolve(&table, &opts.profile, opts.features.as_deref(), opts.malloc.as_deref(), opts.entrypoints.as_deref())
}

pub fn build(opts: &Options) -> Result<Dist> {
    crate::prereq::ensure(crate::prereq::For::Dist)?;
    let root = root();
    let table = Table::load()?;
    let b = resolve(opts)?;
    let components = b.components(&table);
    let prefix = match &opts.prefix {
        Some(p) if p.is_absolute() => p.clone(),
        Some(p) => std::env::current_dir().map_err(|e| e.to_string())?.join(p),
        None if b.variant.is_empty() => root.join("target/dist"),
        None => root.join("target").join(format!("dist-{}", b.variant)),
    };
    let lib = prefix.join("lib");
    let bin = prefix.join("bin");
    fs::create_dir_all(&lib).map_err(|e| format!("{}: {e}", lib.display()))?;
    fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;

    // Two xtask runs at once (two terminals, or helpers) would unpack and link in the same
    // target/limpet-link: the second waits for the first to finish its dist.
    fs::create_dir_all(root.join("target")).map_err(|e| e.to_string())?;
    let lock = fs::File::create(root.join("target/limpet-link.lock")).map_err(|e| e.to_string())?;
    lock.lock().map_err(|e| format!("target/limpet-link.lock: {e}"))?;
    let archive = build_archive(&root, &b)?;
    let objects = prepare_objects(&root, &archive)?;
    let objs = crate::objects::read(&objects)?;
    let entries = crate::entrypoints::load()?;
    crate::entrypoints::check(&entries, &objs, &components)?;
    crate::graph::check(&objs)?;
    let musl = crate::entrypoints::musl_names()?;
    let names: BTreeSet<String> =
        entries.iter().filter(|e| components.contains(&e.component)).map(|e| e.name.clone()).collect();
    let libc_a = lib.join("libc.a");
    let _ = fs::remove_file(&libc_a);
    run(Command::new("ar").arg("rcs").arg(&libc_a).args(&objects))?;
    hide_rust_runtime(&root, &libc_a)?;
    let link = lib.join(LDSO_NAME);
    let _ = fs::remove_file(&link);
    let _ = fs::remove_file(lib.join("libc.so"));
    let exports = if components.contains("ldso") {
        let exports = crate::entrypoints::exports(&entries, &components, &musl, b.entrypoints.as_ref());
        link_libc_so(&root, &objects, &lib, &exports)?;
        std::os::unix::fs::symlink("libc.so", &link).map_err(|e| e.to_string())?;
        exports
    } else {
        BTreeSet::new()
    };
    build_crt(&root, &lib, &b.profile)?;
    for name in EMPTY_ARCHIVES {
        let a = lib.join(format!("{name}.a"));
        let _ = fs::remove_file(&a);
        run(Command::new("ar").arg("rc").arg(&a))?;
    }
    let gcc = write_wrapper(&prefix, &lib, &bin)?;
    install_localedef(&root, &bin)?;
    write_path_file(&prefix)?;
    crate::rustlink::install(&prefix, &gcc, &exports)?;
    let dist = Dist { prefix, lib, gcc, build: b, components, exports, names };
    run_example(&root, &dist)?;
    Ok(dist)
}

/// The component objects of `opts`' build, not checked against the entrypoint table (for
/// `cargo xtask entrypoints --missing`, which prints what the check would miss).
pub fn objects_of(opts: &Options) -> Result<std::collections::BTreeMap<String, crate::objects::Object>> {
    crate::prereq::ensure(crate::prereq::For::Dist)?;
    let root = root();
    let b = resolve(opts)?;
    fs::create_dir_all(root.join("target")).map_err(|e| e.to_string())?;
    let lock = fs::File::create(root.join("target/limpet-link.lock")).map_err(|e| e.to_string())?;
    lock.lock().map_err(|e| format!("target/limpet-link.lock: {e}"))?;
    let archive = build_archive(&root, &b)?;
    crate::objects::read(&prepare_objects(&root, &archive)?)
}

/// The allocator of `opts`' build: `fast` or `hardened`.
pub fn build_malloc(opts: &Options) -> Result<String> {
    let b = resolve(opts)?;
    Ok(b.features.iter().rev().find_map(|f| f.strip_prefix("malloc-")).unwrap_or("").to_string())
}

/// `cargo build -p limpet-assemble` alone (never with the whole workspace, which would
/// unify the `export` feature into the components' test builds), with exactly the build's
/// features. A build other than the profile's own uses a target directory of its own, so
/// neither undoes the other.
fn build_archive(root: &Path, b: &Build) -> Result<PathBuf> {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root).args(["build", "-p", "limpet-assemble", "--target", TARGET, "--profile", &b.profile]);
    cmd.args(["--no-default-features", "--features", &b.features.join(",")]);
    let mut target_dir = root.join("target");
    if !b.variant.is_empty() {
        target_dir.push(format!("build-{}", b.variant));
        cmd.arg("--target-dir").arg(&target_dir);
    }
    if !b.rustflags.is_empty() {
        let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
        flags.push(' ');
        flags.push_str(&b.rustflags.join(" "));
        cmd.env("RUSTFLAGS", flags.trim());
    }
    run(&mut cmd)?;
    Ok(target_dir.join(TARGET).join(profile_dir(&b.profile)).join("liblimpet_assemble.a"))
}

/// Unpacks the archive into its objects, ready for both libraries:
/// - debug info is stripped (the precompiled core and compiler_builtins carry it, and it
///   only bloats programs);
/// - compiler_builtins' weak, hidden fallbacks for names limpet defines itself (`fabs`,
///   `sqrt`, ...) are made local. Left global, the hidden one would make the linker hide
///   limpet's exported definition too, since ELF takes the strictest visibility it sees.
fn prepare_objects(root: &Path, archive: &Path) -> Result<Vec<PathBuf>> {
    let dir = root.join("target/limpet-link/objects");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let listing = output(Command::new("ar").arg("t").arg(archive))?;
    let names: Vec<String> = String::from_utf8_lossy(&listing.stdout).lines().map(str::to_string).collect();
    run(Command::new("ar").current_dir(&dir).arg("x").arg(archive))?;
    let objects: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    let is_builtins = |p: &Path| p.file_name().is_some_and(|n| n.to_string_lossy().contains("compiler_builtins"));
    let ours: Vec<&PathBuf> = objects.iter().filter(|p| !is_builtins(p)).collect();
    let mut own_names = BTreeSet::new();
    for o in &ours {
        own_names.extend(defined_symbols(o)?.into_iter().map(|(n, _)| n));
    }
    let list = dir.join("localize.txt");
    fs::write(&list, own_names.iter().map(|n| format!("{n}\n")).collect::<String>()).map_err(|e| e.to_string())?;
    for o in &objects {
        let mut cmd = Command::new("objcopy");
        // Embedded LLVM bitcode makes binutils treat the object as an LTO input it cannot
        // read, so nm, ar and ld would see no symbols in it.
        cmd.args(["--strip-debug", "--remove-section=.llvmbc", "--remove-section=.llvmcmd"]);
        if is_builtins(o) {
            cmd.arg(format!("--localize-symbols={}", list.display()));
        }
        run(cmd.arg(o))?;
    }
    Ok(objects)
}

/// Renames, in libc.a, every symbol of the Rust runtime the archive carries (core's and
/// compiler_builtins' mangled names, the panic handler, `rust_eh_personality`) to one with
/// a `__limpet` prefix. A Rust program linked against libc.a brings its own copies of these,
/// under the same names, since both come from the same toolchain: with LTO its core is
/// internalised, libc.a's is pulled in, and the two panic handlers and personalities would
/// be defined twice. Renamed, libc.a's Rust stays private to libc.a, as it is in libc.so
/// (whose version script hides it). The C names, and compiler_builtins' weak intrinsics,
/// keep theirs.
fn hide_rust_runtime(root: &Path, libc_a: &Path) -> Result {
    let out = output(Command::new("nm").args(["--format=posix", "--no-sort"]).arg(libc_a))?;
    let mut rust = BTreeSet::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(name) = line.split_whitespace().next() else { continue };
        let bare = name.strip_prefix("DW.ref.").unwrap_or(name);
        if !name.ends_with(']') && (bare.starts_with("_R") || bare.starts_with("_ZN") || bare == "rust_eh_personality") {
            rust.insert(name.to_string());
        }
    }
    let map = root.join("target/limpet-link/rust-runtime.map");
    let text: String = rust
        .iter()
        .map(|n| match n.strip_prefix("DW.ref.") {
            Some(bare) => format!("{n} DW.ref.__limpet{bare}\n"),
            None => format!("{n} __limpet{n}\n"),
        })
        .collect();
    fs::write(&map, text).map_err(|e| e.to_string())?;
    run(Command::new("objcopy").arg(format!("--redefine-syms={}", map.display())).arg(libc_a))?;
    run(Command::new("ranlib").arg(libc_a))
}

/// The C names an object or archive defines globally.
fn defined_symbols(archive: &Path) -> Result<Vec<(String, char)>> {
    let out = output(Command::new("nm").args(["-g", "--defined-only", "--format=posix"]).arg(archive))?;
    let mut v = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut f = line.split_whitespace();
        if let (Some(name), Some(kind)) = (f.next(), f.next())
            && kind.len() == 1
            && !name.ends_with(':')
        {
            v.push((name.to_string(), kind.chars().next().unwrap()));
        }
    }
    Ok(v)
}

fn link_libc_so(root: &Path, objects: &[PathBuf], lib: &Path, exports: &BTreeSet<String>) -> Result {
    let mut defined = Vec::new();
    for o in objects {
        defined.extend(defined_symbols(o)?);
    }
    let exports: BTreeSet<&str> = exports.iter().map(String::as_str).collect();
    // Data objects stay preemptible so a program's copy relocation is what libc sees too.
    let data: BTreeSet<&str> = defined
        .iter()
        .filter(|(n, k)| exports.contains(n.as_str()) && matches!(k, 'D' | 'B' | 'R' | 'V'))
        .map(|(n, _)| n.as_str())
        .collect();
    let build = root.join("target/limpet-link");
    fs::create_dir_all(&build).map_err(|e| e.to_string())?;
    let vs = build.join("libc.map");
    let mut text = String::from("{\n  global:\n");
    for e in &exports {
        text.push_str(&format!("    {e};\n"));
    }
    text.push_str("  local: *;\n};\n");
    fs::write(&vs, text).map_err(|e| e.to_string())?;
    let dl = build.join("dynamic.list");
    let mut text = String::from("{\n");
    for e in data.iter().chain(INTERPOSABLE.iter().filter(|n| exports.contains(*n))) {
        text.push_str(&format!("  {e};\n"));
    }
    text.push_str("};\n");
    fs::write(&dl, text).map_err(|e| e.to_string())?;
    run(Command::new("gcc")
        .args(["-shared", "-nostdlib", "-nostartfiles", "-Wl,-z,defs", "-Wl,-z,now", "-Wl,-z,relro", "-Wl,-z,pack-relative-relocs"])
        .args(["-Wl,-e,_dlstart", "-Wl,-soname,libc.so", "-Wl,--hash-style=both", "-Wl,--gc-sections", "-Wl,--strip-debug"])
        .arg(format!("-Wl,--version-script={}", vs.display()))
        .arg(format!("-Wl,--dynamic-list={}", dl.display()))
        .arg("-o")
        .arg(lib.join("libc.so"))
        .args(start_up_first(objects))
        .arg("-lgcc"))
}

/// Components whose code and data every start-up touches, in the order they run.
const START_UP: &[&str] = &["limpet_ldso", "limpet_syscall", "limpet_start", "limpet_string"];

/// `objects` with the start-up components first. The linker lays out sections in input
/// order, so this packs what a start-up touches (the loader, the thread descriptor, the
/// environment) into as few pages as it can: each page a process touches costs it a
/// page fault, and the loader's data no longer sits beyond large tables that nothing
/// touches at start-up (the time zone state, the stdio buffers).
fn start_up_first(objects: &[PathBuf]) -> Vec<&PathBuf> {
    let rank = |p: &PathBuf| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        START_UP.iter().position(|c| name.starts_with(&format!("{c}-"))).unwrap_or(START_UP.len())
    };
    let mut v: Vec<&PathBuf> = objects.iter().collect();
    v.sort_by_key(|p| rank(p));
    v
}

/// Compiles each crt source with rustc into an object file.
fn build_crt(root: &Path, lib: &Path, profile: &str) -> Result {
    let opt = if profile == "release-size" { "opt-level=s" } else { "opt-level=2" };
    for (src, outs) in [
        ("crt1.rs", &["crt1.o", "Scrt1.o"][..]),
        ("rcrt1.rs", &["rcrt1.o"][..]),
        ("crti.rs", &["crti.o"][..]),
        ("crtn.rs", &["crtn.o"][..]),
    ] {
        let first = lib.join(outs[0]);
        run(Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .current_dir(root)
            .args(["--edition", "2024", "--crate-type", "lib", "--emit", "obj", "--target", TARGET])
            .args(["-C", "panic=abort", "-C", opt, "-C", "relocation-model=pic", "-C", "debuginfo=0"])
            .args(["-C", "force-unwind-tables=no"])
            .arg("--crate-name")
            .arg(src.trim_end_matches(".rs"))
            .arg("-o")
            .arg(&first)
            .arg(root.join("assemble/crt").join(src)))?;
        for extra in &outs[1..] {
            fs::copy(&first, lib.join(extra)).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Builds `limpet-localedef` (a host std program, in release: it compiles every locale of a
/// test run) and copies it into `bin`. Built alone: with assemble, features would unify.
fn install_localedef(root: &Path, bin: &Path) -> Result {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo).current_dir(root).args(["build", "-q", "-p", "limpet-localedef", "--release"]))?;
    let dest = bin.join("limpet-localedef");
    let _ = fs::remove_file(&dest);
    fs::copy(root.join("target/release/limpet-localedef"), &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(())
}

/// Writes the gcc specs file and the `limpet-gcc` wrapper.
fn write_wrapper(prefix: &Path, lib: &Path, bin: &Path) -> Result<PathBuf> {
    let l = lib.display();
    let inc = "/usr/include/x86_64-linux-musl";
    // The startfile picks the crt for the kind of program: static PIE, position-dependent
    // (static or -no-pie), or PIE. Static links collect unused sections: libc.a holds one
    // large object per component, and without --gc-sections a program would carry all of it.
    // -z start-stop-gc lets them collect the fork hooks of components the program does not
    // use, which the section's __start_/__stop_ symbols would otherwise keep (see
    // limpet_pthread::hooks). --eh-frame-hdr goes where gcc's own link spec, which this one
    // replaces, puts it (musl-gcc's lacks it): every link but a static non-PIE one, whose
    // unwinder may find frames registered by crtbegin instead. Unwinders such as LLVM's
    // libunwind find a frame's unwind table only through PT_GNU_EH_FRAME (rustc asks for it
    // in every link it makes).
    let specs = format!(
        "%rename cpp_options old_cpp_options\n\n\
         *cpp_options:\n-nostdinc -isystem {inc} -isystem include%s %(old_cpp_options)\n\n\
         *cc1:\n%(cc1_cpu) -nostdinc -isystem {inc} -isystem include%s\n\n\
         *link_libgcc:\n-L{l} -L .%s\n\n\
         *libgcc:\nlibgcc.a%s %:if-exists(libgcc_eh.a%s)\n\n\
         *startfile:\n%{{shared:;static-pie:{l}/rcrt1.o;static|no-pie:{l}/crt1.o;:{l}/Scrt1.o}} {l}/crti.o crtbeginS.o%s\n\n\
         *endfile:\ncrtendS.o%s {l}/crtn.o\n\n\
         *link:\n-dynamic-linker {l}/{LDSO_NAME} -nostdlib %{{!static|static-pie:--eh-frame-hdr}} %{{shared:-shared}} %{{static:-static}} \
         %{{static-pie:-static -pie --no-dynamic-linker -z text}} %{{static|static-pie:--gc-sections -z start-stop-gc}} \
         %{{rdynamic:-export-dynamic}}\n\n"
    );
    let specs_path = lib.join("limpet-gcc.specs");
    fs::write(&specs_path, specs).map_err(|e| e.to_string())?;
    let gcc = bin.join("limpet-gcc");
    fs::write(
        &gcc,
        format!(
            "#!/bin/sh\n# Compiles against musl's headers and links limpet from {}.\n\
             exec \"${{REALGCC:-gcc}}\" \"$@\" -specs \"{}\"\n",
            prefix.display(),
            specs_path.display()
        ),
    )
    .map_err(|e| e.to_string())?;
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&gcc, fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
    Ok(gcc)
}

/// The system's musl loader's path file, and its search path when there is none.
const SYSTEM_PATH_FILE: &str = "/etc/ld-musl-x86_64.path";
const SYSTEM_DEFAULT_PATH: &str = "/lib\n/usr/local/lib\n/usr/lib\n";

/// Writes `etc/ld-musl-x86_64.path` under `prefix`. The loader reads the path file under
/// its own prefix, as musl's does (limpet_ldso::search), so an installation outside `/lib`
/// finds the libraries it ships (the shared unwinder), then whatever the system's musl
/// loader would find.
fn write_path_file(prefix: &Path) -> Result {
    let etc = prefix.join("etc");
    fs::create_dir_all(&etc).map_err(|e| format!("{}: {e}", etc.display()))?;
    let system = fs::read_to_string(SYSTEM_PATH_FILE).unwrap_or_else(|_| SYSTEM_DEFAULT_PATH.into());
    let text = format!("{}\n{}", prefix.join("lib").display(), system);
    let file = etc.join(Path::new(SYSTEM_PATH_FILE).file_name().unwrap_or_default());
    fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))
}

/// What examples/hello.c calls.
const HELLO_NEEDS: &[&str] = &["printf", "strdup", "free", "atexit"];

/// Builds examples/hello.c with limpet-gcc, statically and (with the dynamic linker)
/// dynamically, and runs both; a build without what it calls skips it, saying so.
fn run_example(root: &Path, d: &Dist) -> Result {
    let ex = d.prefix.join("examples");
    fs::create_dir_all(&ex).map_err(|e| e.to_string())?;
    let src = root.join("examples/hello.c");
    let dynamic = ex.join("hello");
    let fixed = ex.join("hello-static");
    let _ = fs::remove_file(&dynamic);
    let _ = fs::remove_file(&fixed);
    let lacks = |have: &BTreeSet<String>| HELLO_NEEDS.iter().filter(|n| !have.contains(**n)).copied().collect::<Vec<_>>();
    let mut progs = Vec::new();
    let mut report = String::new();
    match lacks(&d.names) {
        l if l.is_empty() => {
            run(Command::new(&d.gcc).args(["-O2", "-static", "-o"]).arg(&fixed).arg(&src))?;
            progs.push(("static", &fixed));
        }
        l => report.push_str(&format!("--- examples/hello.c needs {}, which this build leaves out: not run
", l.join(", "))),
    }
    if d.dynamic() && lacks(&d.exports).is_empty() {
        run(Command::new(&d.gcc).args(["-O2", "-o"]).arg(&dynamic).arg(&src))?;
        progs.insert(0, ("dynamic", &dynamic));
    }
    for (what, prog) in &progs {
        let out = output(Command::new(prog).arg("world"))?;
        report.push_str(&format!("--- {what}: {} world\n{}", prog.display(), String::from_utf8_lossy(&out.stdout)));
    }
    let size = |p: &Path| fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    println!("{report}");
    println!("limpet dist in {} ({} profile; features {}):", d.prefix.display(), d.build.profile, d.build.features.join(","));
    println!("  components: {}", d.components.iter().cloned().collect::<Vec<_>>().join(" "));
    if d.dynamic() {
        println!("  lib/libc.so         {:>9} bytes, {} C names exported", size(&d.libc_so()), d.exports.len());
        println!("  lib/{LDSO_NAME} -> libc.so (the dynamic linker)");
    } else {
        println!("  lib/libc.so: not built (no dynamic linker in this build)");
    }
    for f in ["lib/libc.a", "lib/crt1.o", "lib/Scrt1.o", "lib/rcrt1.o", "lib/crti.o", "lib/crtn.o", "bin/limpet-gcc"] {
        println!("  {:<16} {:>9} bytes", f, size(&d.prefix.join(f)));
    }
    for (what, prog) in &progs {
        println!("  examples/{} ({what}): {} bytes, ran", prog.file_name().unwrap_or_default().to_string_lossy(), size(prog));
    }
    Ok(())
}
