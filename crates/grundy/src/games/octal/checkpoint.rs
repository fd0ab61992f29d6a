//! Checkpoints of long runs: the values computed so far, from which everything else (the
//! split, the rare positions, the period search) is rebuilt on load.
//!
//! Layout (little-endian): the magic line `grundy octal checkpoint\n`, a version `u32`, the game
//! (`u32` length and its canonical spec, e.g. `octal:0.1777`), the value width in bytes (`u8`:
//! 1, 2 or 4), the number of values (`u64`), the values, and a 64-bit checksum of everything
//! before it. Loading checks every field: the magic, the version, the game, the width, the
//! length against the limit and against the file's size (before anything is allocated), the
//! checksum, and the values themselves as far as it can afford: the first [`CHECK_HEAD`] are
//! recomputed from the rules, the last [`CHECK_TAIL`] from the ones before them.
//!
//! Saving writes a temporary file next to the checkpoint, named after the whole checkpoint name
//! plus the process id and a time stamp (two runs, or `ck.a` and `ck.b`, never share one), then
//! renames it over the checkpoint. [`check_writable`] tries this once before a run starts.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::code::Rules;
use super::engine::{Engine, MAX_LEN};
use super::values::Table;
use crate::{Error, Result};

const MAGIC: &[u8] = b"grundy octal checkpoint\n";
const VERSION: u32 = 1;
/// Leading values recomputed from the rules on load.
pub const CHECK_HEAD: usize = 2048;
/// Trailing values recomputed from the values before them on load.
pub const CHECK_TAIL: usize = 256;

/// A 64-bit checksum over a byte stream, fed in pieces of any size.
pub(super) struct Checksum {
    state: u64,
    pending: [u8; 8],
    filled: usize,
}

impl Checksum {
    pub(super) fn new() -> Self {
        Checksum {
            state: 0x9E37_79B9_7F4A_7C15,
            pending: [0; 8],
            filled: 0,
        }
    }

    fn word(&mut self, w: u64) {
        self.state = (self.state.rotate_left(23) ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
        while self.filled > 0 && !bytes.is_empty() {
            self.pending[self.filled] = bytes[0];
            self.filled = (self.filled + 1) % 8;
            bytes = &bytes[1..];
            if self.filled == 0 {
                self.word(u64::from_le_bytes(self.pending));
            }
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.pending[self.filled] = b;
            self.filled += 1;
        }
    }

    pub(super) fn finish(mut self) -> u64 {
        let filled = self.filled as u64;
        if self.filled > 0 {
            self.pending[self.filled..].fill(0);
            self.word(u64::from_le_bytes(self.pending));
        }
        self.word(filled);
        self.state ^ (self.state >> 29)
    }
}

/// The temporary file a save of `path` writes first.
pub(super) fn temporary(path: &Path) -> PathBuf {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}-{stamp}.tmp", std::process::id()));
    path.with_file_name(name)
}

pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::Invalid(format!("checkpoint {}: {e}", path.display()))
}

/// Checks that a checkpoint can be written at `path` (its directory exists and takes a file),
/// before a long run starts.
pub fn check_writable(path: &Path) -> Result<()> {
    let probe = temporary(path);
    File::create(&probe)
        .and_then(|mut f| f.write_all(b"probe"))
        .map_err(|e| {
            Error::Invalid(format!(
                "cannot write the checkpoint {}: {e}",
                path.display()
            ))
        })?;
    std::fs::remove_file(&probe).map_err(io(path))
}

/// Saves the values of `engine` (game `game`, its canonical spec) to `path`.
pub fn save(path: &Path, game: &str, engine: &Engine) -> Result<()> {
    let tmp = temporary(path);
    let result = write(&tmp, game, engine.table())
        .and_then(|()| std::fs::rename(&tmp, path).map_err(io(path)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn write(tmp: &Path, game: &str, table: &Table) -> Result<()> {
    let file = File::create(tmp).map_err(io(tmp))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut sum = Checksum::new();
    let mut put = |out: &mut BufWriter<File>, bytes: &[u8]| -> Result<()> {
        sum.update(bytes);
        out.write_all(bytes).map_err(io(tmp))
    };
    put(&mut out, MAGIC)?;
    put(&mut out, &VERSION.to_le_bytes())?;
    put(&mut out, &(game.len() as u32).to_le_bytes())?;
    put(&mut out, game.as_bytes())?;
    put(&mut out, &[table.width() as u8])?;
    put(&mut out, &(table.len() as u64).to_le_bytes())?;
    const PIECE: usize = 1 << 16;
    match table {
        Table::U8(v) => {
            for piece in v.chunks(PIECE) {
                put(&mut out, piece)?;
            }
        }
        Table::U16(v) => {
            for piece in v.chunks(PIECE) {
                let bytes: Vec<u8> = piece.iter().flat_map(|x| x.to_le_bytes()).collect();
                put(&mut out, &bytes)?;
            }
        }
        Table::U32(v) => {
            for piece in v.chunks(PIECE) {
                let bytes: Vec<u8> = piece.iter().flat_map(|x| x.to_le_bytes()).collect();
                put(&mut out, &bytes)?;
            }
        }
    }
    out.write_all(&sum.finish().to_le_bytes())
        .map_err(io(tmp))?;
    let file = out.into_inner().map_err(|e| io(tmp)(e.into_error()))?;
    file.sync_all().map_err(io(tmp))
}

/// Loads the checkpoint at `path` for the game with `rules` and canonical spec `game`; `None`
/// when there is no file. Every field is checked (see the module documentation).
pub fn load(path: &Path, rules: &Rules, game: &str) -> Result<Option<Engine>> {
    // A fifo would block the open until a writer comes: only a regular file is opened.
    let file = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => crate::files::open_regular(path, "checkpoint")?,
    };
    let size = file.metadata().map_err(io(path))?.len();
    let bad = |why: &str| Error::Invalid(format!("checkpoint {}: {why}", path.display()));
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut sum = Checksum::new();
    let mut take = |input: &mut BufReader<File>, n: usize| -> Result<Vec<u8>> {
        let mut buf = vec![0u8; n];
        input
            .read_exact(&mut buf)
            .map_err(|_| bad("too short: it ends inside its header"))?;
        sum.update(&buf);
        Ok(buf)
    };
    if take(&mut input, MAGIC.len())? != MAGIC {
        return Err(bad("not a grundy octal checkpoint"));
    }
    let version = u32::from_le_bytes(take(&mut input, 4)?.try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(bad(&format!(
            "version {version}, this program reads version {VERSION}"
        )));
    }
    let name_len = u32::from_le_bytes(take(&mut input, 4)?.try_into().expect("4 bytes"));
    if name_len as u64 > size.min(1 << 16) {
        return Err(bad("damaged (the game's name is longer than the file)"));
    }
    let name = take(&mut input, name_len as usize)?;
    if name != game.as_bytes() {
        return Err(bad(&format!(
            "it was made for {}, not {game}",
            String::from_utf8_lossy(&name)
        )));
    }
    let width = take(&mut input, 1)?[0];
    if ![1, 2, 4].contains(&width) {
        return Err(bad(&format!("value width {width} is not 1, 2 or 4")));
    }
    let len = u64::from_le_bytes(take(&mut input, 8)?.try_into().expect("8 bytes"));
    if len > MAX_LEN {
        return Err(bad(&format!("{len} values is beyond the limit {MAX_LEN}")));
    }
    let header = (MAGIC.len() + 4 + 4 + game.len() + 1 + 8) as u64;
    let expected = header + len * u64::from(width) + 8;
    if size != expected {
        return Err(bad(&format!(
            "its size is {size} bytes, but {len} values of {width} byte(s) make {expected}"
        )));
    }
    let len = len as usize;
    let mut bytes = vec![0u8; 1 << 16];
    let mut read_values = |input: &mut BufReader<File>, out: &mut dyn FnMut(&[u8])| -> Result<()> {
        let mut left = len * width as usize;
        while left > 0 {
            let n = left.min(bytes.len());
            input
                .read_exact(&mut bytes[..n])
                .map_err(|_| bad("too short"))?;
            sum.update(&bytes[..n]);
            out(&bytes[..n]);
            left -= n;
        }
        Ok(())
    };
    let table = match width {
        1 => {
            let mut v: Vec<u8> = Vec::new();
            v.try_reserve_exact(len)
                .map_err(|_| bad("not enough memory for its values"))?;
            read_values(&mut input, &mut |b| v.extend_from_slice(b))?;
            Table::U8(v)
        }
        2 => {
            let mut v: Vec<u16> = Vec::new();
            v.try_reserve_exact(len)
                .map_err(|_| bad("not enough memory for its values"))?;
            read_values(&mut input, &mut |b| {
                v.extend(b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
            })?;
            Table::U16(v)
        }
        _ => {
            let mut v: Vec<u32> = Vec::new();
            v.try_reserve_exact(len)
                .map_err(|_| bad("not enough memory for its values"))?;
            read_values(&mut input, &mut |b| {
                v.extend(
                    b.chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
                )
            })?;
            Table::U32(v)
        }
    };
    let mut stored = [0u8; 8];
    input
        .read_exact(&mut stored)
        .map_err(|_| bad("too short: the checksum is missing"))?;
    if u64::from_le_bytes(stored) != sum.finish() {
        return Err(bad("damaged (checksum mismatch)"));
    }
    check_values(rules, &table).map_err(|why| bad(&why))?;
    Engine::from_table(rules.clone(), table).map(Some)
}

/// Recomputes the first [`CHECK_HEAD`] values from the rules and the last [`CHECK_TAIL`] from
/// the values before them.
fn check_values(rules: &Rules, table: &Table) -> std::result::Result<(), String> {
    let len = table.len();
    let head = len.min(CHECK_HEAD);
    let mut fresh = Engine::new(rules.clone());
    fresh
        .extend(head as u64, &Default::default(), &mut |_| {})
        .map_err(|e| e.to_string())?;
    if let Some(n) = (0..head).find(|&n| fresh.get(n as u64) != table.get(n)) {
        return Err(format!(
            "its value at n = {n} is {}, but the game's is {}",
            table.get(n),
            fresh.get(n as u64)
        ));
    }
    if len > head {
        let start = len - CHECK_TAIL.min(len - head);
        let mut prefix = table.clone();
        prefix.truncate(start);
        let mut engine = Engine::from_table(rules.clone(), prefix).map_err(|e| e.to_string())?;
        engine
            .extend(len as u64, &Default::default(), &mut |_| {})
            .map_err(|e| e.to_string())?;
        if let Some(n) = (start..len).find(|&n| engine.get(n as u64) != table.get(n)) {
            return Err(format!(
                "its value at n = {n} is {}, but the values before it give {}",
                table.get(n),
                engine.get(n as u64)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::code::Base;
    use super::*;
    use crate::games::octal::engine::Run;

    /// A fresh scratch directory, removed when dropped.
    fn dir(_name: &str) -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn save_and_load_round_trip_and_resume_exactly() {
        let scratch = dir("roundtrip");
        let dir = scratch.path();
        let path = dir.join("ck.bin");
        let rules = Rules::parse("0.1777", Base::Octal).unwrap();
        let mut engine = Engine::new(rules.clone());
        engine.extend(5000, &Run::default(), &mut |_| {}).unwrap();
        check_writable(&path).unwrap();
        save(&path, "octal:0.1777", &engine).unwrap();
        let mut loaded = load(&path, &rules, "octal:0.1777").unwrap().unwrap();
        assert_eq!(loaded.table(), engine.table());
        loaded.extend(9000, &Run::default(), &mut |_| {}).unwrap();
        engine.extend(9000, &Run::default(), &mut |_| {}).unwrap();
        assert_eq!(loaded.table(), engine.table());
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn every_field_is_checked() {
        let scratch = dir("fields");
        let dir = scratch.path();
        let path = dir.join("ck");
        let rules = Rules::parse("0.77", Base::Octal).unwrap();
        let mut engine = Engine::new(rules.clone());
        engine.extend(3000, &Run::default(), &mut |_| {}).unwrap();
        save(&path, "kayles", &engine).unwrap();
        let good = std::fs::read(&path).unwrap();
        let err = |bytes: &[u8], game: &str| {
            std::fs::write(&path, bytes).unwrap();
            load(&path, &rules, game).err().unwrap().to_string()
        };
        assert!(err(&good, "octal:0.77").contains("made for kayles, not octal:0.77"));
        let mut bytes = good.clone();
        bytes[0] = b'G';
        assert!(err(&bytes, "kayles").contains("not a grundy octal checkpoint"));
        let mut bytes = good.clone();
        bytes[MAGIC.len()] = 9;
        assert!(err(&bytes, "kayles").contains("version 9"));
        let at = MAGIC.len() + 8 + "kayles".len();
        let mut bytes = good.clone();
        bytes[at] = 3;
        assert!(err(&bytes, "kayles").contains("width 3"));
        let mut bytes = good.clone();
        bytes[at + 1] = 0xFF;
        assert!(err(&bytes, "kayles").contains("size"));
        let mut bytes = good.clone();
        bytes[at + 9 + 100] ^= 1;
        assert!(err(&bytes, "kayles").contains("checksum"));
        assert!(err(&good[..good.len() - 3], "kayles").contains("size"));
        // A value changed and the checksum recomputed: the recomputation catches it.
        let mut bytes = good[..good.len() - 8].to_vec();
        bytes[at + 9 + 2990] ^= 1;
        let mut sum = Checksum::new();
        sum.update(&bytes);
        bytes.extend(sum.finish().to_le_bytes());
        assert!(err(&bytes, "kayles").contains("n = 2990"));
        let mut bytes = good[..good.len() - 8].to_vec();
        bytes[at + 9 + 10] ^= 1;
        let mut sum = Checksum::new();
        sum.update(&bytes);
        bytes.extend(sum.finish().to_le_bytes());
        assert!(err(&bytes, "kayles").contains("n = 10"));
        std::fs::write(&path, &good).unwrap();
        assert!(load(&path, &rules, "kayles").unwrap().is_some());
        assert!(load(&dir.join("absent"), &rules, "kayles")
            .unwrap()
            .is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn temporary_names_keep_the_whole_name() {
        let a = temporary(Path::new("runs/ck.a"));
        let b = temporary(Path::new("runs/ck.b"));
        let a_name = a.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            a_name.starts_with("ck.a.") && a_name.ends_with(".tmp"),
            "{a_name}"
        );
        assert_ne!(a.file_name(), b.file_name());
        assert!(check_writable(Path::new("/nonexistent-dir/ck")).is_err());
    }

    #[test]
    fn the_checksum_does_not_depend_on_how_the_bytes_are_cut() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut whole = Checksum::new();
        whole.update(&bytes);
        let mut pieces = Checksum::new();
        for piece in bytes.chunks(13) {
            pieces.update(piece);
        }
        assert_eq!(whole.finish(), pieces.finish());
    }
}
