//! bench/results/latest.svg: limpet's time over musl's and over glibc's for every row, as
//! horizontal bars on a log scale around a 1.0 line, so faster and slower read at a glance.
use std::fmt::Write;

use super::report::{fmt_ratio, geomean, short};
use super::rows::{RATIOS, Variant};
use super::{Cell, Measured, Results};

const WIDTH: f64 = 980.0;
/// Labels end here; the plot starts a little to the right.
const LABEL_RIGHT: f64 = 250.0;
const PLOT_LEFT: f64 = 262.0;
const PLOT_RIGHT: f64 = WIDTH - 56.0;
const TOP: f64 = 132.0;
const ENTRY: f64 = 26.0;
const BAR: f64 = 9.0;
const GROUP_GAP: f64 = 22.0;
/// Room kept at each end of the axis for the value printed beyond a bar's end, in pixels.
const VALUE_ROOM: f64 = 46.0;
/// The average width of a character of 12-pixel text, to tell whether a note fits.
const TEXT_EM: f64 = 6.6;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";
/// One colour per charted ratio: the first two of [`RATIOS`].
const SERIES: [(usize, &str); 2] = [(0, "#2f6db5"), (1, "#e3882d")];

/// One horizontal slot of the chart.
struct Entry<'a> {
    label: String,
    bold: bool,
    /// The group heading printed above the entry, when a new group starts here.
    group: Option<&'a str>,
    /// Per series: the ratio, or the text shown instead.
    values: Vec<Result<f64, String>>,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Why a row has no ratio, shortly: the numerator's problem first (usually a function
/// limpet lacks; the table lists them all).
fn why_not(m: &Measured, num: Variant, den: Variant) -> String {
    for v in [num, den] {
        match m.cell(v) {
            Cell::Time { .. } => {}
            Cell::Missing(names) => {
                let more = if names.len() > 1 { format!(" +{}", names.len() - 1) } else { String::new() };
                return format!("{} lacks {}{more}", v.title(), names.first().map(String::as_str).unwrap_or("?"));
            }
            c => return format!("{}: {}", v.title(), short(c)),
        }
    }
    "–".into()
}

fn entries(r: &Results) -> Vec<Entry<'_>> {
    let mut out = Vec::new();
    let mut last_group = "";
    let series = |m: &Measured| -> Vec<Result<f64, String>> {
        SERIES
            .iter()
            .map(|(k, _)| {
                let (_, _, num, den) = RATIOS[*k];
                m.ratio(num, den).ok_or_else(|| why_not(m, num, den))
            })
            .collect()
    };
    for m in r.rows.iter().chain(r.sqlite.iter()) {
        let group = (m.group != last_group).then_some(m.group.as_str());
        last_group = &m.group;
        out.push(Entry { label: m.label.clone(), bold: false, group, values: series(m) });
    }
    let values = SERIES
        .iter()
        .map(|(k, _)| {
            let (_, _, num, den) = RATIOS[*k];
            geomean(&r.rows, num, den).map(|(g, _)| g).ok_or_else(|| "no row has both".to_string())
        })
        .collect();
    let counted: Vec<String> = SERIES
        .iter()
        .map(|(k, _)| {
            let (_, _, num, den) = RATIOS[*k];
            geomean(&r.rows, num, den).map(|(_, n)| n.to_string()).unwrap_or_else(|| "0".into())
        })
        .collect();
    out.push(Entry {
        label: if counted[0] == counted[1] {
            format!("geometric mean ({} rows)", counted[0])
        } else {
            format!("geometric mean ({} / {} rows)", counted[0], counted[1])
        },
        bold: true,
        group: Some("summary (benchmark rows, not SQLite)"),
        values,
    });
    out
}

/// The log2 range of the axis: it covers 0.5 to 2 and every ratio, with room for the values.
fn domain(entries: &[Entry]) -> (f64, f64) {
    let logs: Vec<f64> =
        entries.iter().flat_map(|e| e.values.iter().filter_map(|v| v.as_ref().ok())).map(|r| r.log2()).collect();
    let lo = logs.iter().copied().fold(-1.0, f64::min);
    let hi = logs.iter().copied().fold(1.0, f64::max);
    let plot = PLOT_RIGHT - PLOT_LEFT;
    // Widen both ends so that VALUE_ROOM pixels lie beyond the extreme ratios.
    let pad = (hi - lo) * VALUE_ROOM / (plot - 2.0 * VALUE_ROOM);
    (lo - pad, hi + pad)
}

pub fn chart(r: &Results) -> String {
    let entries = entries(r);
    let (lo, hi) = domain(&entries);
    let x = |ratio: f64| PLOT_LEFT + (ratio.log2() - lo) / (hi - lo) * (PLOT_RIGHT - PLOT_LEFT);
    let groups = entries.iter().filter(|e| e.group.is_some()).count() as f64;
    let bottom = TOP + entries.len() as f64 * ENTRY + groups * GROUP_GAP;
    let height = bottom + 64.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let i = &r.info;
    let _ = writeln!(
        s,
        r#"<text x="16" y="28" font-size="18" font-weight="bold">limpet's time per operation, relative to musl and glibc</text>"#
    );
    let versions: Vec<String> = i.versions.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(
        s,
        r##"<text x="16" y="48" fill="#555">{} · {} run, median of {} rounds · {} · {}</text>"##,
        esc(&i.date),
        if i.quick { "quick" } else { "full" },
        i.rounds,
        esc(&versions.join(", ")),
        esc(&i.cpu_model)
    );
    // Legend.
    let mut lx = 16.0;
    for (k, colour) in SERIES {
        let (title, ..) = RATIOS[k];
        let what = if k == 0 { "same musl-gcc binary, dynamic" } else { "gcc build of the same source" };
        let _ = writeln!(s, r#"<rect x="{lx}" y="62" width="14" height="14" fill="{colour}"/>"#);
        let text = format!("{title} ({what})");
        let _ = writeln!(s, r#"<text x="{}" y="74">{}</text>"#, lx + 20.0, esc(&text));
        lx += 30.0 + text.chars().count() as f64 * TEXT_EM;
    }
    let _ = writeln!(s, r##"<text x="{lx}" y="74" fill="#555">log scale</text>"##);

    // Axis: gridlines at powers of two, labelled above and below the plot.
    let one = x(1.0);
    let _ = writeln!(
        s,
        r##"<text x="{}" y="100" text-anchor="end" fill="#2a7d2a" font-weight="bold">◀ limpet faster</text>"##,
        one - 10.0
    );
    let _ =
        writeln!(s, r##"<text x="{}" y="100" fill="#b03030" font-weight="bold">limpet slower ▶</text>"##, one + 10.0);
    for e in lo.ceil() as i32..=hi.floor() as i32 {
        let ratio = 2f64.powi(e);
        let gx = x(ratio);
        let label = if e >= 0 { format!("{ratio}×") } else { format!("1/{}×", 2f64.powi(-e)) };
        if e != 0 {
            let _ =
                writeln!(s, r##"<line x1="{gx:.1}" y1="{}" x2="{gx:.1}" y2="{bottom}" stroke="#ddd"/>"##, TOP - 8.0);
        }
        for y in [TOP - 12.0, bottom + 16.0] {
            let _ = writeln!(s, r##"<text x="{gx:.1}" y="{y}" text-anchor="middle" fill="#555">{label}</text>"##);
        }
    }

    let mut y = TOP;
    for e in &entries {
        if let Some(g) = e.group {
            y += GROUP_GAP;
            let _ = writeln!(
                s,
                r##"<text x="16" y="{:.1}" font-size="11" font-weight="bold" fill="#777" letter-spacing="1">{}</text>"##,
                y - 6.0,
                esc(&g.to_uppercase())
            );
            let _ = writeln!(
                s,
                r##"<line x1="16" y1="{:.1}" x2="{PLOT_RIGHT}" y2="{:.1}" stroke="#eee"/>"##,
                y - 2.0,
                y - 2.0
            );
        }
        let weight = if e.bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            s,
            r#"<text x="{LABEL_RIGHT}" y="{:.1}" text-anchor="end"{weight}>{}</text>"#,
            y + ENTRY / 2.0 + 4.0,
            esc(&e.label)
        );
        let all_missing = e.values.iter().all(|v| v.is_err());
        let mut by = y + ENTRY / 2.0 - BAR - 1.0;
        for ((_, colour), value) in SERIES.iter().zip(&e.values) {
            match value {
                Ok(ratio) => {
                    let (x0, x1) = if *ratio >= 1.0 { (one, x(*ratio)) } else { (x(*ratio), one) };
                    let _ = writeln!(
                        s,
                        r#"<rect x="{x0:.1}" y="{by:.1}" width="{:.1}" height="{BAR}" fill="{colour}"/>"#,
                        (x1 - x0).max(1.0)
                    );
                    let (tx, anchor) = if *ratio >= 1.0 { (x1 + 4.0, "start") } else { (x0 - 4.0, "end") };
                    let _ = writeln!(
                        s,
                        r#"<text x="{tx:.1}" y="{:.1}" font-size="10" text-anchor="{anchor}"{weight}>{}</text>"#,
                        by + BAR - 1.0,
                        fmt_ratio(*ratio)
                    );
                }
                Err(why) if !all_missing => {
                    let _ = writeln!(
                        s,
                        r##"<text x="{:.1}" y="{:.1}" font-size="10" font-style="italic" fill="#888">{}</text>"##,
                        one + 6.0,
                        by + BAR - 1.0,
                        esc(why)
                    );
                }
                Err(_) => {}
            }
            by += BAR + 2.0;
        }
        if all_missing {
            let why = e.values[0].as_ref().err().cloned().unwrap_or_default();
            // Left of the 1.0 line where it fits, else right of it: one side for every note.
            let fits_left = one - 8.0 - why.chars().count() as f64 * TEXT_EM >= PLOT_LEFT;
            let (tx, anchor) = if fits_left { (one - 8.0, "end") } else { (one + 8.0, "start") };
            let _ = writeln!(
                s,
                r##"<text x="{tx:.1}" y="{:.1}" text-anchor="{anchor}" font-style="italic" fill="#888">{}</text>"##,
                y + ENTRY / 2.0 + 4.0,
                esc(&why)
            );
        }
        y += ENTRY;
    }
    // The 1.0 line goes over the bars' roots.
    let _ = writeln!(
        s,
        r##"<line x1="{one:.1}" y1="{}" x2="{one:.1}" y2="{bottom}" stroke="#222" stroke-width="1.5"/>"##,
        TOP - 8.0
    );
    let _ = writeln!(
        s,
        r##"<text x="16" y="{:.1}" fill="#555">Bars start at 1.0 (same time). A ratio is limpet's time over the other libc's: 0.50 = limpet takes half the time, 2.00 = twice.</text>"##,
        bottom + 40.0
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped() {
        assert_eq!(esc("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
