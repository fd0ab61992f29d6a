//! Output written as it is computed: a sequence in text, CSV, b-file or JSON form, a block of
//! values at a time, in memory independent of its length.
//!
//! Numbers are formatted by hand: the position `n` is a decimal counter incremented in place
//! (one digit changes most of the time), and values below 100 come from a table; larger values
//! go through `itoa`. The bytes collect in a buffer that is handed to the output a mebibyte at
//! a time, so a request refused early (by far the most common error) leaves stdout empty, as
//! the contract says; an error after the first mebibyte ends the output where it stands.
//!
//! On Ctrl-C (see [`watch_interrupt`]) the writer ends at a block boundary and closes what it
//! wrote: whole lines, and for JSON a complete document with `"complete": false`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::cli::Format;

/// Bytes kept before they are handed to the output.
const FLUSH_AT: usize = 1 << 20;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// From now on, Ctrl-C asks the running sequence to stop at its next block instead of killing
/// the process (for commands whose output must stay valid when interrupted).
pub fn watch_interrupt() {
    // A second call (none is made) would fail harmlessly: the first handler stays.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
}

/// Whether Ctrl-C was pressed since [`watch_interrupt`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Bytes on their way to the output: kept until there is a mebibyte of them (so an error
/// before that leaves the output empty), then handed on.
pub struct Pending<'a> {
    out: &'a mut dyn Write,
    /// What is not written yet.
    pub buffer: Vec<u8>,
}

impl<'a> Pending<'a> {
    /// Nothing pending yet.
    pub fn new(out: &'a mut dyn Write) -> Self {
        Pending {
            out,
            buffer: Vec::with_capacity(FLUSH_AT + 4096),
        }
    }

    /// Hands the bytes on once there is a mebibyte of them.
    pub fn maybe_flush(&mut self) -> std::io::Result<()> {
        if self.buffer.len() >= FLUSH_AT {
            self.out.write_all(&self.buffer)?;
            self.buffer.clear();
        }
        Ok(())
    }

    /// Hands every pending byte on.
    pub fn finish(&mut self) -> std::io::Result<()> {
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        Ok(())
    }
}

/// The decimal digits of a number that counts up by one.
struct Counter {
    digits: [u8; 20],
    start: usize,
}

impl Counter {
    fn new(n: u64) -> Self {
        let mut buffer = itoa::Buffer::new();
        let text = buffer.format(n).as_bytes();
        let mut digits = [b'0'; 20];
        let start = 20 - text.len();
        digits[start..].copy_from_slice(text);
        Counter { digits, start }
    }

    fn bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    fn increment(&mut self) {
        let mut i = 20;
        loop {
            i -= 1;
            if self.digits[i] == b'9' {
                self.digits[i] = b'0';
                if i == self.start {
                    // 99...9 + 1: one more digit (u64 has at most 20).
                    self.start -= 1;
                    self.digits[self.start] = b'1';
                    return;
                }
            } else {
                self.digits[i] += 1;
                return;
            }
        }
    }
}

/// Appends the decimal form of `v`.
#[inline]
fn put_value(out: &mut Vec<u8>, v: u64) {
    if v < 10 {
        out.push(b'0' + v as u8);
    } else if v < 100 {
        out.extend_from_slice(&[b'0' + (v / 10) as u8, b'0' + (v % 10) as u8]);
    } else {
        out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }
}

/// A sequence `a(from), a(from + 1), ...` written in one of the output formats as its values
/// arrive.
pub struct SequenceWriter<'a> {
    pending: Pending<'a>,
    format: Format,
    n: Counter,
    written: u64,
    /// Text: the width of the row labels.
    width: usize,
}

/// What a JSON sequence says before its values.
pub struct JsonHead<'a> {
    /// The game's spec.
    pub game: &'a str,
    /// The template, as the game writes its positions (`None` for a sequence the game singles
    /// out).
    pub position: Option<&'a grundy::ruleset::TemplateJson>,
    /// The name of a sequence the game singles out.
    pub sequence: Option<&'a str>,
    /// The first and last index asked for.
    pub from: u64,
    /// The last index asked for.
    pub to: u64,
}

/// `,"play":"misere"` for a game under misère play (its spec has the `misere-` prefix), else
/// nothing: the JSON of normal play is unchanged.
pub fn play_key(game: &str) -> &'static str {
    if game.starts_with(grundy::misere::play::PREFIX) {
        ",\"play\":\"misere\""
    } else {
        ""
    }
}

impl<'a> SequenceWriter<'a> {
    /// Starts a sequence from `from` to `to` (for the text layout's widths and the JSON head).
    pub fn new(out: &'a mut dyn Write, format: Format, head: &JsonHead) -> Self {
        let mut pending = Pending::new(out);
        let buffer = &mut pending.buffer;
        match format {
            Format::Json => {
                let position = serde_json::to_string(&head.position).expect("numbers");
                let game = serde_json::to_string(head.game).expect("a string");
                buffer.extend_from_slice(
                    format!("{{\"game\":{game},\"position\":{position}").as_bytes(),
                );
                buffer.extend_from_slice(play_key(head.game).as_bytes());
                if let Some(name) = head.sequence {
                    let name = serde_json::to_string(name).expect("a string");
                    buffer.extend_from_slice(format!(",\"sequence\":{name}").as_bytes());
                }
                buffer.extend_from_slice(
                    format!(",\"from\":{},\"to\":{},\"values\":[", head.from, head.to).as_bytes(),
                );
            }
            Format::Csv => buffer.extend_from_slice(b"n,value\n"),
            Format::Text => {
                if let Some(name) = head.sequence {
                    buffer.extend_from_slice(format!("{name}:\n").as_bytes());
                }
            }
            Format::Bfile => {}
        }
        SequenceWriter {
            pending,
            format,
            n: Counter::new(head.from),
            written: 0,
            width: itoa::Buffer::new().format(head.to).len(),
        }
    }

    /// The next values, in order.
    pub fn push(&mut self, values: &[u64]) -> std::io::Result<()> {
        let buffer = &mut self.pending.buffer;
        for &v in values {
            match self.format {
                Format::Bfile => {
                    buffer.extend_from_slice(self.n.bytes());
                    buffer.push(b' ');
                    put_value(buffer, v);
                    buffer.push(b'\n');
                }
                Format::Csv => {
                    buffer.extend_from_slice(self.n.bytes());
                    buffer.push(b',');
                    put_value(buffer, v);
                    buffer.push(b'\n');
                }
                Format::Json => {
                    if self.written > 0 {
                        buffer.push(b',');
                    }
                    put_value(buffer, v);
                }
                Format::Text => {
                    if self.written.is_multiple_of(10) {
                        if self.written > 0 {
                            buffer.push(b'\n');
                        }
                        let label = self.n.bytes();
                        buffer.extend(std::iter::repeat_n(
                            b' ',
                            self.width.saturating_sub(label.len()),
                        ));
                        buffer.extend_from_slice(label);
                        buffer.push(b':');
                    }
                    buffer.push(b' ');
                    put_value(buffer, v);
                }
            }
            self.n.increment();
            self.written += 1;
        }
        self.pending.maybe_flush()
    }

    /// How many values were pushed.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Ends the output: the text's last line; JSON's closing, with `extra` members (e.g. the
    /// analysis) and `"complete"` (false when interrupted).
    pub fn finish(
        mut self,
        complete: bool,
        extra: &[(&str, serde_json::Value)],
    ) -> std::io::Result<()> {
        let buffer = &mut self.pending.buffer;
        match self.format {
            Format::Json => {
                buffer.push(b']');
                for (key, value) in extra {
                    let text = serde_json::to_string(value).expect("JSON");
                    buffer.extend_from_slice(format!(",\"{key}\":{text}").as_bytes());
                }
                buffer.extend_from_slice(format!(",\"complete\":{complete}}}\n").as_bytes());
            }
            Format::Text if self.written > 0 => buffer.push(b'\n'),
            _ => {}
        }
        self.pending.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_counts_like_to_string() {
        for start in [0u64, 7, 9, 98, 999, 12_345, u64::MAX - 3] {
            let mut counter = Counter::new(start);
            for n in start..start.saturating_add(1200) {
                assert_eq!(counter.bytes(), n.to_string().as_bytes());
                counter.increment();
            }
        }
    }

    fn written(format: Format, from: u64, values: &[u64], blocks: usize) -> String {
        let mut out = Vec::new();
        let head = JsonHead {
            game: "g",
            position: Some(&grundy::ruleset::TemplateJson::Numbers(vec![None])),
            sequence: None,
            from,
            to: from + values.len() as u64 - 1,
        };
        let mut writer = SequenceWriter::new(&mut out, format, &head);
        for chunk in values.chunks(values.len().div_ceil(blocks)) {
            writer.push(chunk).unwrap();
        }
        writer.finish(true, &[]).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_format_reads_the_same_values_in_any_blocks() {
        let values: Vec<u64> = (0..123u64).map(|n| (n * n * 7919) % 1000).collect();
        for blocks in [1, 5, 123] {
            let bfile = written(Format::Bfile, 95, &values, blocks);
            let lines: Vec<String> = values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{} {v}", 95 + i))
                .collect();
            assert_eq!(bfile, lines.join("\n") + "\n");
            let csv = written(Format::Csv, 95, &values, blocks);
            assert_eq!(
                csv,
                format!(
                    "n,value\n{}\n",
                    lines
                        .iter()
                        .map(|l| l.replace(' ', ","))
                        .collect::<Vec<_>>()
                        .join("\n")
                )
            );
            let json: serde_json::Value =
                serde_json::from_str(&written(Format::Json, 95, &values, blocks)).unwrap();
            assert_eq!(json["values"], serde_json::json!(values));
            assert_eq!(
                (
                    json["from"].as_u64(),
                    json["to"].as_u64(),
                    json["complete"].as_bool()
                ),
                (Some(95), Some(217), Some(true))
            );
            let text = written(Format::Text, 95, &values, blocks);
            let first = text.lines().next().unwrap();
            let expected: Vec<String> = values[..10].iter().map(u64::to_string).collect();
            assert_eq!(first, format!(" 95: {}", expected.join(" ")));
            assert_eq!(text.lines().count(), 13);
        }
    }
}
