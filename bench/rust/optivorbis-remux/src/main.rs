//! `optivorbis-remux [--repeat N] OUTDIR INPUT.ogg...`: optimises each Ogg Vorbis INPUT
//! with OptiVorbis's Ogg-to-Ogg remuxer (a lossless two-pass rewrite of the Vorbis setup
//! header's codebooks and of every audio packet) and writes the result to OUTDIR under the
//! input's file name.
//!
//! For each input it prints `NAME IN_BYTES OUT_BYTES FNV1A64` (the hash is of the bytes
//! written), then a `total` line with the sums and a hash over the per-file hashes. The
//! output depends only on the inputs: stream serials are not randomised (they start at 1,
//! so no getrandom call and no clock is involved) and the vendor string is copied as is
//! (it would otherwise carry OptiVorbis's version tag), so every libc must print the same.
//!
//! `--repeat N` remuxes each file N times (from the bytes read once; the output of every
//! round must be the same, which is checked) to make a run longer; only the last round's
//! output is written.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use optivorbis::remuxer::ogg_to_ogg::{OggToOgg, Settings};
use optivorbis::{Remuxer, VorbisOptimizerSettings, VorbisVendorStringAction};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a, continuing from `hash`.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(FNV_PRIME);
    }
    hash
}

fn remuxer() -> OggToOgg<optivorbis::remuxer::ogg_to_ogg::OggVorbisStreamPassthroughMangler> {
    let mut settings = Settings::default();
    settings.randomize_stream_serials = false;
    settings.first_stream_serial_offset = 1;
    let mut optimizer = VorbisOptimizerSettings::default();
    optimizer.vendor_string_action = VorbisVendorStringAction::Copy;
    OggToOgg::new(settings, optimizer)
}

fn remux_once(input: &[u8], capacity: usize) -> Result<Vec<u8>, String> {
    // A remuxer per file, as a program that optimises files one by one would make.
    remuxer()
        .remux(Cursor::new(input), Vec::with_capacity(capacity))
        .map_err(|e| e.to_string())
}

fn run(repeat: u32, outdir: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    std::fs::create_dir_all(outdir).map_err(|e| format!("{}: {e}", outdir.display()))?;
    let (mut total_in, mut total_out, mut total_hash) = (0u64, 0u64, FNV_OFFSET);
    for input in inputs {
        let data = std::fs::read(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let name = input
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", input.display()))?;
        let mut out = remux_once(&data, data.len())
            .map_err(|e| format!("{}: {e}", input.display()))?;
        for _ in 1..repeat {
            let again = remux_once(&data, out.len())
                .map_err(|e| format!("{}: {e}", input.display()))?;
            if again != out {
                return Err(format!("{}: two remuxes of the same input differ", input.display()));
            }
            out = again;
        }
        let target = outdir.join(name);
        std::fs::write(&target, &out).map_err(|e| format!("{}: {e}", target.display()))?;
        let hash = fnv1a(FNV_OFFSET, &out);
        println!("{} {} {} {hash:016x}", name.to_string_lossy(), data.len(), out.len());
        total_in += data.len() as u64;
        total_out += out.len() as u64;
        total_hash = fnv1a(total_hash, &hash.to_le_bytes());
    }
    println!("total {total_in} {total_out} {total_hash:016x}");
    Ok(())
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1).peekable();
    let mut repeat = 1u32;
    if args.peek().is_some_and(|a| a == "--repeat") {
        args.next();
        match args.next().and_then(|n| n.to_str()?.parse().ok()) {
            Some(n) if n >= 1 => repeat = n,
            _ => {
                eprintln!("optivorbis-remux: --repeat wants a number of at least 1");
                return ExitCode::from(2);
            }
        }
    }
    let Some(outdir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: optivorbis-remux [--repeat N] OUTDIR INPUT.ogg...");
        return ExitCode::from(2);
    };
    let inputs: Vec<PathBuf> = args.map(PathBuf::from).collect();
    if inputs.is_empty() {
        eprintln!("usage: optivorbis-remux [--repeat N] OUTDIR INPUT.ogg...");
        return ExitCode::from(2);
    }
    match run(repeat, &outdir, &inputs) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("optivorbis-remux: {e}");
            ExitCode::from(1)
        }
    }
}
