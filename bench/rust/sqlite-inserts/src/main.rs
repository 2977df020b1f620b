//! `sqlite-inserts VARIANT ROWS DBPATH`: inserts ROWS generated rows into a fresh SQLite
//! database at DBPATH through rusqlite (SQLite bundled, compiled from C with the target's C
//! compiler), in one transaction, the way VARIANT says:
//!
//! - `basic`: one statement per row through `Transaction::execute`, which prepares, runs
//!   and finalizes the INSERT every time;
//! - `basic_prep`: one prepared single-row INSERT, bound and run again for every row;
//! - `basic_batched`: one prepared INSERT of 50 rows, run ROWS / 50 times; the rows left
//!   over go through a prepared single-row INSERT.
//!
//! Then it reads the table back and prints two lines: `VARIANT ROWS` and
//! `count=.. sum_age=.. sum_active=.. sum_area=..`. Those depend only on ROWS (the rows come
//! from a fixed-seed xorshift64), so the output of every libc, and every variant, must match.
//! It also checks them against the sums of what it generated and exits 1 when they differ.
//! It prints no time: the caller times the whole process.

use std::process::ExitCode;

use rusqlite::{Connection, Statement, Transaction, params};

const BATCH: usize = 50;

const PRAGMAS: &str = "PRAGMA journal_mode = OFF;
PRAGMA synchronous = 0;
PRAGMA cache_size = 1000000;
PRAGMA locking_mode = EXCLUSIVE;
PRAGMA temp_store = MEMORY;";

const CREATE: &str = "CREATE TABLE IF NOT EXISTS user (
    id INTEGER NOT NULL PRIMARY KEY,
    area CHAR(6),
    age INTEGER NOT NULL,
    active INTEGER NOT NULL
)";

const INSERT_ONE: &str = "INSERT INTO user VALUES (NULL, ?, ?, ?)";

/// xorshift64 (Marsaglia's 13/7/17 triple) with a fixed seed: the same rows on every run.
struct XorShift64(u64);

impl XorShift64 {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// One generated row; `area` holds six ASCII digits.
struct Row {
    area: [u8; 6],
    age: i64,
    active: i64,
}

impl Row {
    fn area(&self) -> &str {
        // Six ASCII digits are always UTF-8.
        std::str::from_utf8(&self.area).unwrap()
    }
}

/// Makes the rows and keeps the sums the table must have afterwards.
struct Rows {
    rng: XorShift64,
    sum_age: i64,
    sum_active: i64,
    sum_area: i64,
}

impl Rows {
    fn new() -> Rows {
        Rows { rng: XorShift64(0x9E37_79B9_7F4A_7C15), sum_age: 0, sum_active: 0, sum_area: 0 }
    }

    fn next(&mut self) -> Row {
        let r = self.rng.next();
        // A six-digit code, 100000 to 999999, from the high bits.
        let code = 100_000 + (r >> 20) % 900_000;
        let mut area = [b'0'; 6];
        let mut c = code;
        for d in area.iter_mut().rev() {
            *d = b'0' + (c % 10) as u8;
            c /= 10;
        }
        let age = [5, 10, 15][(r % 3) as usize];
        let active = ((r >> 8) & 1) as i64;
        self.sum_age += age;
        self.sum_active += active;
        self.sum_area += code as i64;
        Row { area, age, active }
    }
}

fn basic(tx: &Transaction, rows: &mut Rows, n: u64) -> rusqlite::Result<()> {
    for _ in 0..n {
        let row = rows.next();
        tx.execute(INSERT_ONE, params![row.area(), row.age, row.active])?;
    }
    Ok(())
}

fn insert_prepared(stmt: &mut Statement, rows: &mut Rows, n: u64) -> rusqlite::Result<()> {
    for _ in 0..n {
        let row = rows.next();
        stmt.execute(params![row.area(), row.age, row.active])?;
    }
    Ok(())
}

fn basic_prep(tx: &Transaction, rows: &mut Rows, n: u64) -> rusqlite::Result<()> {
    let mut stmt = tx.prepare(INSERT_ONE)?;
    insert_prepared(&mut stmt, rows, n)
}

fn basic_batched(tx: &Transaction, rows: &mut Rows, n: u64) -> rusqlite::Result<()> {
    let mut sql = String::from("INSERT INTO user VALUES ");
    for i in 0..BATCH {
        sql.push_str(if i == 0 { "(NULL, ?, ?, ?)" } else { ", (NULL, ?, ?, ?)" });
    }
    let mut stmt = tx.prepare(&sql)?;
    for _ in 0..n / BATCH as u64 {
        for i in 0..BATCH {
            let row = rows.next();
            stmt.raw_bind_parameter(3 * i + 1, row.area())?;
            stmt.raw_bind_parameter(3 * i + 2, row.age)?;
            stmt.raw_bind_parameter(3 * i + 3, row.active)?;
        }
        let changed = stmt.raw_execute()?;
        assert_eq!(changed, BATCH);
    }
    let mut one = tx.prepare(INSERT_ONE)?;
    insert_prepared(&mut one, rows, n % BATCH as u64)
}

fn run(variant: &str, n: u64, path: &str) -> Result<bool, rusqlite::Error> {
    let insert: fn(&Transaction, &mut Rows, u64) -> rusqlite::Result<()> = match variant {
        "basic" => basic,
        "basic_prep" => basic_prep,
        "basic_batched" => basic_batched,
        _ => unreachable!(),
    };
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => {
            eprintln!("sqlite-inserts: removing {path}: {e}");
            std::process::exit(2);
        }
    }
    let mut conn = Connection::open(path)?;
    conn.execute_batch(PRAGMAS)?;
    conn.execute_batch(CREATE)?;

    let mut rows = Rows::new();
    let tx = conn.transaction()?;
    insert(&tx, &mut rows, n)?;
    tx.commit()?;

    let (count, age, active, area): (i64, i64, i64, i64) = conn.query_row(
        "SELECT count(*), coalesce(sum(age), 0), coalesce(sum(active), 0), \
         coalesce(sum(CAST(area AS INTEGER)), 0) FROM user",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    println!("{variant} {n}");
    println!("count={count} sum_age={age} sum_active={active} sum_area={area}");
    let ok = count == n as i64
        && age == rows.sum_age
        && active == rows.sum_active
        && area == rows.sum_area;
    if !ok {
        eprintln!(
            "sqlite-inserts: table differs from the rows generated: want count={n} \
             sum_age={} sum_active={} sum_area={}",
            rows.sum_age, rows.sum_active, rows.sum_area
        );
    }
    Ok(ok)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let usage = || {
        eprintln!("usage: sqlite-inserts basic|basic_prep|basic_batched ROWS DBPATH");
        ExitCode::from(2)
    };
    if args.len() != 4 || !matches!(args[1].as_str(), "basic" | "basic_prep" | "basic_batched") {
        return usage();
    }
    let Ok(n) = args[2].parse::<u64>() else {
        return usage();
    };
    match run(&args[1], n, &args[3]) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("sqlite-inserts: {e}");
            ExitCode::from(2)
        }
    }
}
