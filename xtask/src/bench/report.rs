//! The report: bench/results/latest.md for people, latest.json for tools.
use std::fmt::Write;

use super::rows::{RATIOS, Variant};
use super::{Cell, Measured, Results, alloc};

/// The geometric mean of `ratio` over the rows where both times exist, and how many those are.
pub fn geomean(rows: &[Measured], num: Variant, den: Variant) -> Option<(f64, usize)> {
    let logs: Vec<f64> = rows.iter().filter_map(|r| r.ratio(num, den)).map(f64::ln).collect();
    if logs.is_empty() {
        return None;
    }
    Some(((logs.iter().sum::<f64>() / logs.len() as f64).exp(), logs.len()))
}

/// Three significant figures, at least one decimal below 100.
pub fn fmt_ns(ns: f64) -> String {
    if ns < 10.0 {
        format!("{ns:.2}")
    } else if ns < 100.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

/// Digits in groups of three: 1,000,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn fmt_ratio(r: f64) -> String {
    format!("{r:.2}")
}

/// What a table cell shows for a variant that has no time.
pub fn short(c: &Cell) -> String {
    match c {
        Cell::Time { median, .. } => fmt_ns(*median),
        Cell::Missing(names) => {
            let shown: Vec<&str> = names.iter().take(2).map(String::as_str).collect();
            let more = if names.len() > 2 { format!(" +{}", names.len() - 2) } else { String::new() };
            format!("missing: {}{more}", shown.join(", "))
        }
        Cell::Crash(_) => "crash".into(),
        Cell::BuildFailed(_) => "build failed".into(),
        Cell::NotApplicable(_) => "n/a".into(),
    }
}

/// One line per measured row while the run goes on.
pub fn progress_line(m: &Measured) -> String {
    let cells: Vec<String> = Variant::ALL.iter().map(|v| format!("{} {}", v.key(), short(m.cell(*v)))).collect();
    format!("{:<36} {}", format!("{}/{}", m.group, m.label), cells.join(" | "))
}

fn ratio_cell(m: &Measured, num: Variant, den: Variant) -> String {
    m.ratio(num, den).map(fmt_ratio).unwrap_or_else(|| "–".into())
}

pub fn markdown(r: &Results) -> String {
    let i = &r.info;
    let mut s = String::new();
    let _ = writeln!(s, "# limpet benchmarks\n");
    let versions: Vec<String> = i.versions.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(
        s,
        "{} · {} · {} run: {} rounds, median · {} · pinned to CPU {} · Linux {}  ",
        i.date,
        format_args!("commit {}", i.commit),
        if i.quick { "quick" } else { "full" },
        i.rounds,
        i.cpu_model,
        i.pinned_cpu,
        i.kernel
    );
    let _ = writeln!(s, "{} · load average before {}, after {}", versions.join(" · "), i.load_before, i.load_after);
    if let Some(f) = &i.filter {
        let _ = writeln!(s, "\nOnly the benchmarks matching `{f}`.");
    }
    let _ = writeln!(
        s,
        "\nNanoseconds per operation, lower is better. *musl* and *limpet* are the same musl-gcc binary, \
         limpet's with its PT_INTERP set to limpet's libc.so; *glibc* is the gcc build of the same source; \
         the static columns link musl's and limpet's libc.a. A ratio is limpet's time over the other's: \
         below 1.00 limpet is faster. `missing` names the function limpet lacks.\n"
    );
    let mut header = String::from("| group | benchmark |");
    let mut rule = String::from("|---|---|");
    for v in Variant::ALL {
        let _ = write!(header, " {} |", v.title());
        rule.push_str("--:|");
    }
    for (title, ..) in RATIOS {
        let _ = write!(header, " {title} |");
        rule.push_str("--:|");
    }
    let _ = writeln!(s, "{header}\n{rule}");
    for m in &r.rows {
        let _ = write!(s, "| {} | {} |", m.group, m.label);
        for v in Variant::ALL {
            let _ = write!(s, " {} |", short(m.cell(v)));
        }
        for (_, _, num, den) in RATIOS {
            let _ = write!(s, " {} |", ratio_cell(m, num, den));
        }
        s.push('\n');
    }
    let _ = write!(s, "| | **geometric mean** (rows with both times) |{}", " |".repeat(Variant::ALL.len()));
    for (_, _, num, den) in RATIOS {
        match geomean(&r.rows, num, den) {
            Some((g, n)) => {
                let _ = write!(s, " **{}** ({n}) |", fmt_ratio(g));
            }
            None => s.push_str(" – |"),
        }
    }
    s.push('\n');
    notes(&mut s, r.rows.iter().chain(r.sqlite.iter()));

    if let Some(q) = &r.sqlite {
        let version = i.versions.iter().find(|(k, _)| k == "SQLite").map(|(_, v)| v.as_str()).unwrap_or("");
        let _ = writeln!(
            s,
            "\n## SQLite insert\n\n{} rows in one transaction through one prepared statement, into an in-memory \
             database; the row count is checked. SQLite {} (libsqlite3-sys's amalgamation), compiled with -O2 -DSQLITE_THREADSAFE=0 \
             -DSQLITE_OMIT_LOAD_EXTENSION. Rows per second, higher is better; the ratios are of times, \
             as above.\n",
            grouped(q.ops),
            version
        );
        let mut header = String::from("|");
        let mut rule = String::from("|---|");
        for v in Variant::ALL {
            let _ = write!(header, " {} |", v.title());
            rule.push_str("--:|");
        }
        for (title, ..) in RATIOS {
            let _ = write!(header, " {title} |");
            rule.push_str("--:|");
        }
        let _ = writeln!(s, "| {header}\n{rule}");
        let _ = write!(s, "| rows/s |");
        for v in Variant::ALL {
            let cell = match q.cell(v) {
                Cell::Time { median, .. } => grouped((1e9 / median).round() as u64),
                other => short(other),
            };
            let _ = write!(s, " {cell} |");
        }
        for (_, _, num, den) in RATIOS {
            let _ = write!(s, " {} |", ratio_cell(q, num, den));
        }
        s.push('\n');
    }

    if let Some(e) = &r.sqlite_error {
        let _ = writeln!(s, "\n## SQLite insert\n\nNot run: {e}");
    }
    allocators(&mut s, r);

    let _ = writeln!(
        s,
        "\n## Sizes\n\nBytes. The static hello is examples/hello.c linked with -static and --gc-sections.\n"
    );
    let musl_version = i.versions.iter().find(|(k, _)| k == "musl").map(|(_, v)| v.as_str()).unwrap_or("");
    let _ = writeln!(s, "| | limpet (release) | limpet (release-size) | musl {musl_version} |\n|---|--:|--:|--:|");
    for z in &r.sizes {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            z.what,
            grouped(z.limpet_release),
            grouped(z.limpet_size),
            grouped(z.musl)
        );
    }
    s
}

/// The malloc rows with both of limpet's allocators side by side, and the peak-RSS table.
fn allocators(s: &mut String, r: &Results) {
    let rows: Vec<&Measured> = r.rows.iter().filter(|m| m.group == alloc::GROUP).collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "\n## Allocators\n\nThe malloc rows again, with limpet's two allocators: *limpet fast* is the table above's \
         limpet (malloc-fast, the speed profile's), *limpet hardened* the same build with malloc-hardened \
         (`cargo xtask dist --malloc hardened`), measured in the same interleaved rounds. Nanoseconds per \
         operation.\n"
    );
    if let Some(e) = &r.other_error {
        let _ = writeln!(s, "limpet hardened was not built: {e}\n");
    }
    let _ = writeln!(
        s,
        "| benchmark | musl | glibc | limpet fast | {} | fast/glibc | hardened/musl | musl static | {} | hardened static/musl static |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
        alloc::TITLES[0],
        alloc::TITLES[1]
    );
    for m in rows {
        let other = |i: usize| m.other.get(i).and_then(Cell::time);
        let shown = |i: usize| m.other.get(i).map(short).unwrap_or_else(|| "–".into());
        let over = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => fmt_ratio(a / b),
            _ => "–".into(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            m.label,
            short(m.cell(Variant::Musl)),
            short(m.cell(Variant::Glibc)),
            short(m.cell(Variant::Limpet)),
            shown(0),
            ratio_cell(m, Variant::Limpet, Variant::Glibc),
            over(other(0), m.cell(Variant::Musl).time()),
            short(m.cell(Variant::MuslStatic)),
            shown(1),
            over(other(1), m.cell(Variant::MuslStatic).time()),
        );
    }
    if let Some(t) = &r.rss {
        let live = t.live_bytes.map(|b| format!(" The program holds {} KiB live at its peak.", grouped(b / 1024))).unwrap_or_default();
        let _ = writeln!(
            s,
            "\nPeak resident set (getrusage `ru_maxrss`, KiB, median of 3 runs) of the fragmentation workload \
             bench/c/malloc_frag.c, dynamically linked; lower is better.{live}\n"
        );
        let _ = writeln!(s, "| libc | peak RSS (KiB) | over musl |\n|---|--:|--:|");
        let musl = t.rows.iter().find(|x| x.title == "musl").and_then(|x| x.peak_kib.as_ref().ok().copied());
        for x in &t.rows {
            let (kib, ratio) = match (&x.peak_kib, musl) {
                (Ok(k), Some(m)) => (grouped(*k), fmt_ratio(*k as f64 / m as f64)),
                (Ok(k), None) => (grouped(*k), "–".into()),
                (Err(e), _) => (e.clone(), "–".into()),
            };
            let _ = writeln!(s, "| {} | {kib} | {ratio} |", x.title);
        }
    }
}

/// Why each crash or failed build happened, every missing name that the table cut short, and
/// why some cells are `n/a` (once per reason).
fn notes<'a>(s: &mut String, rows: impl Iterator<Item = &'a Measured>) {
    let mut lines = Vec::new();
    let mut not_applicable: Vec<&str> = Vec::new();
    for m in rows {
        for v in Variant::ALL {
            match m.cell(v) {
                Cell::NotApplicable(why) if !not_applicable.contains(why) => not_applicable.push(why),
                Cell::Crash(why) => lines.push(format!("- {}, {}: crash ({why})", m.label, v.title())),
                Cell::BuildFailed(why) => lines.push(format!("- {}, {}: build failed ({why})", m.label, v.title())),
                Cell::Missing(names) if names.len() > 2 => {
                    lines.push(format!("- {}, {}: missing {}", m.label, v.title(), names.join(", ")))
                }
                _ => {}
            }
        }
    }
    lines.extend(not_applicable.iter().map(|why| format!("- n/a: {why}.")));
    if !lines.is_empty() {
        let _ = writeln!(s, "\n{}", lines.join("\n"));
    }
}

/// A JSON string literal.
fn js(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number, or null where there is none.
fn jn(x: Option<f64>) -> String {
    match x {
        Some(v) if v.is_finite() => format!("{v:.4}"),
        _ => "null".into(),
    }
}

fn json_cell(c: &Cell, per_row: bool) -> String {
    match c {
        Cell::Time { median, samples } => {
            let s: Vec<String> = samples.iter().map(|x| jn(Some(*x))).collect();
            let rate = if per_row { format!(", \"rows_per_s\": {}", jn(Some(1e9 / median))) } else { String::new() };
            format!("{{\"ns_per_op\": {}{rate}, \"samples\": [{}]}}", jn(Some(*median)), s.join(", "))
        }
        Cell::Missing(names) => {
            let n: Vec<String> = names.iter().map(|n| js(n)).collect();
            format!("{{\"missing\": [{}]}}", n.join(", "))
        }
        Cell::Crash(why) => format!("{{\"crash\": {}}}", js(why)),
        Cell::BuildFailed(why) => format!("{{\"build_failed\": {}}}", js(why)),
        Cell::NotApplicable(why) => format!("{{\"not_applicable\": {}}}", js(why)),
    }
}

fn json_measured(m: &Measured, per_row: bool) -> String {
    let results: Vec<String> =
        Variant::ALL.iter().map(|v| format!("{}: {}", js(v.key()), json_cell(m.cell(*v), per_row))).collect();
    let results: Vec<String> = results
        .into_iter()
        .chain(m.other.iter().zip(alloc::KEYS).map(|(c, k)| format!("{}: {}", js(k), json_cell(c, per_row))))
        .collect();
    let ratios: Vec<String> =
        RATIOS.iter().map(|(_, key, num, den)| format!("{}: {}", js(key), jn(m.ratio(*num, *den)))).collect();
    format!(
        "{{\"id\": {}, \"group\": {}, \"label\": {}, \"ops_per_batch\": {},\n     \"results\": {{{}}},\n     \"ratios\": {{{}}}}}",
        js(&m.id),
        js(&m.group),
        js(&m.label),
        m.ops,
        results.join(", "),
        ratios.join(", ")
    )
}

pub fn json(r: &Results) -> String {
    let i = &r.info;
    let mut s = String::from("{\n");
    let _ = writeln!(s, "  \"date\": {},\n  \"commit\": {},\n  \"quick\": {},", js(&i.date), js(&i.commit), i.quick);
    let _ = writeln!(s, "  \"filter\": {},", i.filter.as_deref().map(js).unwrap_or_else(|| "null".into()));
    let _ = writeln!(
        s,
        "  \"rounds\": {},\n  \"cpu\": {},\n  \"pinned_cpu\": {},",
        i.rounds,
        js(&i.cpu_model),
        js(&i.pinned_cpu)
    );
    let _ = writeln!(s, "  \"kernel\": {},", js(&i.kernel));
    let versions: Vec<String> = i.versions.iter().map(|(k, v)| format!("{}: {}", js(k), js(v))).collect();
    let _ = writeln!(s, "  \"versions\": {{{}}},", versions.join(", "));
    let _ = writeln!(
        s,
        "  \"load_average_before\": {},\n  \"load_average_after\": {},",
        js(&i.load_before),
        js(&i.load_after)
    );
    let variants: Vec<String> = Variant::ALL.iter().map(|v| js(v.key())).collect();
    let _ = writeln!(s, "  \"variants\": [{}],\n  \"unit\": \"ns_per_op\",", variants.join(", "));
    let rows: Vec<String> = r.rows.iter().map(|m| format!("    {}", json_measured(m, false))).collect();
    let _ = writeln!(s, "  \"rows\": [\n{}\n  ],", rows.join(",\n"));
    let geo: Vec<String> = RATIOS
        .iter()
        .map(|(_, key, num, den)| match geomean(&r.rows, *num, *den) {
            Some((g, n)) => format!("{}: {{\"value\": {}, \"rows\": {n}}}", js(key), jn(Some(g))),
            None => format!("{}: null", js(key)),
        })
        .collect();
    let _ = writeln!(s, "  \"geomean\": {{{}}},", geo.join(", "));
    let sqlite = r.sqlite.as_ref().map(|q| json_measured(q, true)).unwrap_or_else(|| "null".into());
    let _ = writeln!(s, "  \"sqlite\": {sqlite},");
    if let Some(e) = &r.sqlite_error {
        let _ = writeln!(s, "  \"sqlite_error\": {},", js(e));
    }
    let sizes: Vec<String> = r
        .sizes
        .iter()
        .map(|z| {
            format!(
                "    {{\"what\": {}, \"limpet_release\": {}, \"limpet_release_size\": {}, \"musl\": {}}}",
                js(z.what),
                z.limpet_release,
                z.limpet_size,
                z.musl
            )
        })
        .collect();
    let _ = writeln!(s, "  \"sizes\": [\n{}\n  ],", sizes.join(",\n"));
    let rss: Vec<String> = r
        .rss
        .iter()
        .flat_map(|t| &t.rows)
        .map(|x| match &x.peak_kib {
            Ok(k) => format!("    {{\"libc\": {}, \"peak_kib\": {k}}}", js(x.title)),
            Err(e) => format!("    {{\"libc\": {}, \"error\": {}}}", js(x.title), js(e)),
        })
        .collect();
    let live = r.rss.as_ref().and_then(|t| t.live_bytes).map(|b| b.to_string()).unwrap_or_else(|| "null".into());
    let _ = writeln!(s, "  \"fragmentation_live_bytes\": {live},\n  \"fragmentation_peak_rss\": [\n{}\n  ]", rss.join(",\n"));
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(times: [Option<f64>; 5]) -> Measured {
        Measured {
            id: "x".into(),
            group: "g".into(),
            label: "x".into(),
            ops: 1,
            other: Vec::new(),
            cells: times
                .iter()
                .map(|t| match t {
                    Some(v) => Cell::Time { median: *v, samples: vec![*v] },
                    None => Cell::Missing(vec!["f".into()]),
                })
                .collect(),
        }
    }

    #[test]
    fn geomean_skips_rows_without_both_times() {
        let rows = [
            measured([Some(1.0), Some(2.0), Some(1.0), None, None]),
            measured([Some(4.0), Some(2.0), Some(1.0), None, None]),
            measured([Some(4.0), None, Some(1.0), None, None]),
        ];
        let (g, n) = geomean(&rows, Variant::Limpet, Variant::Musl).unwrap();
        assert_eq!(n, 2);
        assert!((g - 1.0).abs() < 1e-12);
        assert!(geomean(&rows, Variant::LimpetStatic, Variant::MuslStatic).is_none());
    }

    #[test]
    fn not_applicable_cells_are_neither_failures_nor_ratios() {
        let mut m = measured([Some(1.0), Some(2.0), Some(1.0), None, None]);
        m.cells[Variant::MuslStatic.index()] = Cell::NotApplicable("no loader");
        m.cells[Variant::LimpetStatic.index()] = Cell::NotApplicable("no loader");
        assert_eq!(short(m.cell(Variant::MuslStatic)), "n/a");
        assert_eq!(json_cell(m.cell(Variant::LimpetStatic), false), "{\"not_applicable\": \"no loader\"}");
        let rows = [m, measured([Some(1.0), Some(1.0), Some(1.0), Some(1.0), Some(3.0)])];
        let (g, n) = geomean(&rows, Variant::LimpetStatic, Variant::MuslStatic).unwrap();
        assert!((g - 3.0).abs() < 1e-12 && n == 1);
        let mut notes_text = String::new();
        notes(&mut notes_text, rows.iter());
        assert_eq!(notes_text, "\n- n/a: no loader.\n");
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(js("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
        assert_eq!(jn(Some(f64::NAN)), "null");
    }

    #[test]
    fn missing_cells_name_the_function_never_a_number() {
        assert_eq!(short(&Cell::Missing(vec!["strstr".into()])), "missing: strstr");
        assert_eq!(short(&Cell::Missing(vec!["a".into(), "b".into(), "c".into()])), "missing: a, b +1");
        assert_eq!(fmt_ns(1.234), "1.23");
        assert_eq!(fmt_ns(123.4), "123");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(999), "999");
    }
}
