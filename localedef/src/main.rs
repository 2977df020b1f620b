//! `limpet-localedef [-i INPUT] [-f CHARMAP] [-I DIR]... [--path DIR] NAME`: compiles the
//! locale source INPUT into the file limpet reads for the locale NAME, as glibc's
//! `localedef -i de_DE -f UTF-8 de_DE.UTF-8` does for glibc.
//!
//! INPUT is a file name looked for in the `-I` directories, then /usr/share/i18n/locales
//! (or a path, when it holds a '/'); without `-i`, NAME up to its first '.' or '@'. The
//! charmap must be UTF-8 (limpet's `LC_CTYPE` is UTF-8 in every named locale); without
//! `-f` it is. The file is written to DIR/NAME, DIR being `--path`'s or limpet's default
//! directory (/usr/lib/limpet/locale); a NAME holding a '/' is the output path itself.
use std::path::PathBuf;
use std::process::ExitCode;

use limpet_locale::compiled::path::{DEFAULT_DIR, is_utf8};
use limpet_localedef::{SOURCE_DIR, compile_file};

const USAGE: &str = "usage: limpet-localedef [-i INPUT] [-f CHARMAP] [-I DIR]... [--path DIR] NAME";

/// The command line, parsed.
struct Args {
    input: Option<String>,
    charmap: Option<String>,
    include: Vec<PathBuf>,
    path: Option<PathBuf>,
    name: String,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let (mut input, mut charmap, mut include, mut path, mut name) = (None, None, Vec::new(), None, None);
    while let Some(a) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{what} needs a value\n{USAGE}"));
        match a.as_str() {
            "-i" | "--inputfile" => input = Some(value(&a)?),
            "-f" | "--charmap" => charmap = Some(value(&a)?),
            "-I" => include.push(PathBuf::from(value(&a)?)),
            "--path" => path = Some(PathBuf::from(value(&a)?)),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if a.starts_with("--path=") => path = Some(PathBuf::from(&a["--path=".len()..])),
            _ if a.starts_with("--inputfile=") => input = Some(a["--inputfile=".len()..].to_string()),
            _ if a.starts_with("--charmap=") => charmap = Some(a["--charmap=".len()..].to_string()),
            _ if a.starts_with('-') && a.len() > 1 => return Err(format!("unknown option {a}\n{USAGE}")),
            _ if name.is_none() => name = Some(a),
            _ => return Err(format!("one locale name only\n{USAGE}")),
        }
    }
    let name = name.ok_or_else(|| USAGE.to_string())?;
    Ok(Args { input, charmap, include, path, name })
}

fn run() -> Result<PathBuf, String> {
    let args = parse_args()?;
    if let Some(cm) = &args.charmap {
        let base = cm.rsplit('/').next().unwrap_or(cm);
        let base = base.strip_suffix(".gz").unwrap_or(base);
        if !is_utf8(base.as_bytes()) {
            return Err(format!("charmap {cm}: only UTF-8 is supported (limpet's LC_CTYPE is UTF-8 in every named locale)"));
        }
    }
    let input = args.input.clone().unwrap_or_else(|| args.name.split(['.', '@']).next().unwrap_or("").to_string());
    let mut dirs = args.include.clone();
    dirs.push(PathBuf::from(SOURCE_DIR));
    let reader = limpet_localedef::parse::Reader { dirs: dirs.clone() };
    let source = reader.find(&input).ok_or_else(|| format!("{input}: no such locale source (looked in {})", reader.dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")))?;
    let bytes = compile_file(&source, &dirs).map_err(|e| e.to_string())?;
    let out = if args.name.contains('/') {
        PathBuf::from(&args.name)
    } else {
        let dir = args.path.clone().unwrap_or_else(|| PathBuf::from(String::from_utf8_lossy(DEFAULT_DIR).into_owned()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        dir.join(&args.name)
    };
    // Written beside and renamed, so a process never maps a half-written file.
    let tmp = out.with_file_name(format!(".{}.tmp", out.file_name().and_then(|n| n.to_str()).unwrap_or("locale")));
    std::fs::write(&tmp, &bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &out).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(out)
}

fn main() -> ExitCode {
    match run() {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("limpet-localedef: {e}");
            ExitCode::FAILURE
        }
    }
}
