//! Survey rows as CSV (RFC 4180: fields with a comma, a quote or a line break are quoted, quotes
//! doubled), written for output and checkpoints, read back for resuming and merging shards.
//! Columns: the CLI's contract first (`game`, `period`, `preperiod`, `last_exception`,
//! `proven`, `max`, `computed`, `seconds`), then the rest of [`super::Row`] ([`COLUMNS`]). An
//! absent value is an empty field.

use super::Row;
use crate::{Error, Result};

/// The columns, in order.
pub const COLUMNS: [&str; 23] = [
    "game",
    "period",
    "preperiod",
    "last_exception",
    "proven",
    "max",
    "computed",
    "seconds",
    "status",
    "saltus",
    "max_at",
    "same_as",
    "why",
    "published",
    "published_detail",
    "theorem",
    "split",
    "rare_count",
    "rare",
    "note",
    "to",
    "member",
    "version",
];

/// The row format's version (the last column), so that rows of another layout are refused.
pub const VERSION: &str = "1";

/// Appends the header line.
pub fn write_header(out: &mut String) {
    out.push_str(&COLUMNS.join(","));
    out.push('\n');
}

fn field(out: &mut String, text: &str) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or(String::new(), T::to_string)
}

/// The row's cells, as [`COLUMNS`] lists them.
pub fn cells(row: &Row) -> Vec<String> {
    vec![
        row.game.clone(),
        opt(&row.period),
        opt(&row.preperiod),
        opt(&row.last_exception),
        row.proven.to_string(),
        row.max.to_string(),
        row.computed.to_string(),
        format!("{:.3}", row.seconds),
        row.status.clone(),
        opt(&row.saltus),
        row.max_at.to_string(),
        opt(&row.same_as),
        opt(&row.why),
        row.published.clone(),
        row.published_detail.clone(),
        opt(&row.theorem),
        opt(&row.split),
        opt(&row.rare_count),
        opt(&row.rare),
        opt(&row.note),
        row.to.to_string(),
        row.member.to_string(),
        VERSION.to_string(),
    ]
}

/// Appends one row as a CSV line.
pub fn write_row(out: &mut String, row: &Row) {
    for (i, cell) in cells(row).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(out, cell);
    }
    out.push('\n');
}

/// Splits CSV text into records of fields.
fn records(text: &str) -> Result<Vec<Vec<String>>> {
    let mut records = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => quoted = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                at_start = true;
                continue;
            }
            c => field.push(c),
        }
        at_start = false;
    }
    if quoted {
        return Err(Error::Invalid("a CSV field's quote is not closed".into()));
    }
    if !at_start {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// Reads rows written by [`write_header`] and [`write_row`] (a header line, then rows).
pub fn read(text: &str) -> Result<Vec<Row>> {
    let records = records(text)?;
    let Some((header, rows)) = records.split_first() else {
        return Ok(Vec::new());
    };
    if header
        .iter()
        .map(String::as_str)
        .ne(COLUMNS.iter().copied())
    {
        return Err(Error::Invalid(format!(
            "the CSV header is not a survey's of this version ({})",
            COLUMNS.join(",")
        )));
    }
    rows.iter()
        .enumerate()
        .map(|(i, r)| parse_row(r).map_err(|e| Error::Invalid(format!("CSV line {}: {e}", i + 2))))
        .collect()
}

fn parse_row(r: &[String]) -> std::result::Result<Row, String> {
    if r.len() != COLUMNS.len() {
        return Err(format!("{} fields, not {}", r.len(), COLUMNS.len()));
    }
    let number = |i: usize| -> std::result::Result<u64, String> {
        r[i].parse()
            .map_err(|_| format!("{} '{}' is not a number", COLUMNS[i], r[i]))
    };
    let optional = |i: usize| -> std::result::Result<Option<u64>, String> {
        if r[i].is_empty() {
            Ok(None)
        } else {
            number(i).map(Some)
        }
    };
    let text = |i: usize| (!r[i].is_empty()).then(|| r[i].clone());
    if r[22] != VERSION {
        return Err(format!("row version '{}', not {VERSION}", r[22]));
    }
    Ok(Row {
        game: r[0].clone(),
        period: optional(1)?,
        preperiod: optional(2)?,
        last_exception: optional(3)?,
        proven: match r[4].as_str() {
            "true" => true,
            "false" => false,
            other => return Err(format!("proven '{other}' is not true or false")),
        },
        max: number(5)?,
        computed: number(6)?,
        seconds: r[7]
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| format!("seconds '{}' is not a time", r[7]))?,
        status: r[8].clone(),
        saltus: if r[9].is_empty() {
            None
        } else {
            Some(r[9].parse().map_err(|_| format!("saltus '{}'", r[9]))?)
        },
        max_at: number(10)?,
        same_as: text(11),
        why: text(12),
        published: r[13].clone(),
        published_detail: r[14].clone(),
        theorem: text(15),
        split: text(16),
        rare_count: optional(17)?,
        rare: text(18),
        note: text(19),
        to: number(20)?,
        member: number(21)? as usize,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample(detail: String, seconds: f64) -> Row {
        Row {
            game: "octal:0.56".into(),
            period: Some(144),
            preperiod: Some(326640),
            last_exception: Some(326639),
            proven: true,
            max: 64,
            computed: 653571,
            seconds,
            status: "proven".into(),
            saltus: None,
            max_at: 22778,
            same_as: None,
            why: Some("a, \"b\"\nc".into()),
            published: "disagrees".into(),
            published_detail: detail,
            theorem: Some("octal periodicity theorem".into()),
            split: Some("mask 1011011; n is rare when parity(G(n) & mask) = 0".into()),
            rare_count: Some(46),
            rare: Some("1@1 2@3".into()),
            note: None,
            to: 1 << 20,
            member: 46,
        }
    }

    proptest! {
        /// Any text in the text columns and any time to the millisecond come back as written.
        #[test]
        fn rows_round_trip(detail in ".*", millis in 0u32..10_000_000) {
            let row = sample(detail, f64::from(millis) / 1000.0);
            let mut text = String::new();
            write_header(&mut text);
            write_row(&mut text, &row);
            write_row(&mut text, &row);
            let back = read(&text).unwrap();
            prop_assert_eq!(back.len(), 2);
            prop_assert_eq!(&back[0], &row);
        }

        /// Damaged text is refused or read, never a panic.
        #[test]
        fn damaged_csv_never_panics(cut in 0usize..600, junk in ".{0,5}") {
            let mut text = String::new();
            write_header(&mut text);
            write_row(&mut text, &sample("x".into(), 1.5));
            let mut bytes: Vec<char> = text.chars().collect();
            let at = cut.min(bytes.len());
            bytes.splice(at..at, junk.chars());
            let _ = read(&bytes.into_iter().collect::<String>());
        }
    }

    #[test]
    fn other_layouts_are_refused() {
        assert!(read("game,period\nx,1\n")
            .unwrap_err()
            .to_string()
            .contains("header"));
        let mut text = String::new();
        write_header(&mut text);
        text.push_str("octal:0.1,,,\n");
        assert!(read(&text).unwrap_err().to_string().contains("line 2"));
    }
}
