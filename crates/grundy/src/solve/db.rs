//! The database of solved parts (`--db FILE`): what the board search proves, kept on disk
//! across runs and machines.
//!
//! Each entry is a part in the bytes of its checkpoint ([`super::search::Splittable::write_part`])
//! with what is known of its value: the exact value, or the values below 64 it was shown not to
//! have, and the work (1 + log2 of the search nodes) it cost. Facts about a part only grow: a
//! value, once proven, never changes, and "not `k`" stays true. So two databases of the same
//! game merge by taking, per part, the exact value of either and the union of the "not" sets;
//! entries that contradict each other (two values, or a value also excluded) can only come
//! from a damaged file and are refused.
//!
//! **The store** is [redb](https://docs.rs/redb): one file of copy-on-write B-trees with
//! checksums, each commit atomic and durable, so a run killed at any moment loses at most its
//! last transaction and never the file (a killed run's file is repaired when next opened). A
//! file is tagged with its format ([`FORMAT`]) and the game whose parts it holds (the search's
//! identity: `cram regions` for every Cram board, a graph's spec for Node-Kayles); the parts of
//! each width live in a table of their own (Cram keys small boards' regions by one word).
//!
//! Before anything is written to an existing file, it is read whole through a read-only
//! handle: a file that is not a database, a truncated or damaged one, another game's or another
//! format's is refused with the file untouched.

use std::path::{Path, PathBuf};

use redb::{
    Database, ReadOnlyDatabase, ReadableDatabase, ReadableTable, TableDefinition, TableHandle,
};

use crate::{Error, Result};

/// The format of the files this version writes and reads.
pub const FORMAT: u32 = 1;

/// The first bytes of every redb file.
const MAGIC: [u8; 9] = [b'r', b'e', b'd', b'b', 0x1A, 0x0A, 0xA9, 0x0D, 0x0A];

/// `format`, `game`: the file's tags.
const META: TableDefinition<&str, &str> = TableDefinition::new("meta");

/// An entry's facts: (value or `u32::MAX`, "not" mask, work).
type Facts = (u32, u64, u8);

/// The table of the parts `bytes` long.
fn parts_table(bytes: usize) -> String {
    format!("parts-{bytes}")
}

/// What is known of one part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    /// Its exact value.
    pub value: Option<u32>,
    /// Bit `k`: its value is not `k`.
    pub not: u64,
    /// 1 + log2 of the search nodes the fact cost (the table keeps the costliest).
    pub work: u8,
}

impl Known {
    fn from_facts((value, not, work): Facts) -> Self {
        Known {
            value: (value != u32::MAX).then_some(value),
            not,
            work,
        }
    }

    fn facts(self) -> Facts {
        (self.value.unwrap_or(u32::MAX), self.not, self.work)
    }

    /// Whether the facts contradict each other.
    fn contradicts_itself(self) -> bool {
        self.value.is_some_and(|v| v < 64 && self.not >> v & 1 == 1)
    }

    /// Both sets of facts about one part; `None` when they contradict each other.
    fn merged(self, other: Known) -> Option<Known> {
        let value = match (self.value, other.value) {
            (Some(a), Some(b)) if a != b => return None,
            (a, b) => a.or(b),
        };
        let merged = Known {
            value,
            not: self.not | other.not,
            work: self.work.max(other.work),
        };
        (!merged.contradicts_itself()).then_some(merged)
    }
}

/// What `grundy db info` says of a file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Info {
    /// The game whose parts it holds.
    pub game: String,
    /// Its format.
    pub format: u32,
    /// Parts with any fact.
    pub parts: u64,
    /// Parts whose exact value is known.
    pub values: u64,
    /// The file's size.
    pub bytes: u64,
}

fn failed(path: &Path, what: impl std::fmt::Display) -> Error {
    Error::Invalid(format!("database {}: {what}", path.display()))
}

/// Refuses a file that does not start as a redb file, without opening it.
fn check_magic(path: &Path) -> Result<()> {
    use std::io::Read;
    let mut head = [0u8; MAGIC.len()];
    let read = std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => failed(path, "not a database (too short)"),
            _ => failed(path, e),
        });
    read?;
    if head != MAGIC {
        return Err(failed(path, "not a database of grundy (not a redb file)"));
    }
    Ok(())
}

/// The tags of a file open for reading: its format and game, checked against `game` when given.
fn read_tags(path: &Path, txn: &redb::ReadTransaction, game: Option<&str>) -> Result<String> {
    let meta = txn
        .open_table(META)
        .map_err(|_| failed(path, "not a database of grundy (it has no tags)"))?;
    let tag = |key: &str| -> Result<Option<String>> {
        Ok(meta
            .get(key)
            .map_err(|e| failed(path, e))?
            .map(|v| v.value().to_string()))
    };
    let format = tag("format")?.ok_or_else(|| failed(path, "no format tag"))?;
    if format != FORMAT.to_string() {
        return Err(failed(
            path,
            format!("format {format}, but this grundy reads format {FORMAT} only"),
        ));
    }
    let stored = tag("game")?.ok_or_else(|| failed(path, "no game tag"))?;
    if let Some(game) = game {
        if stored != game {
            return Err(failed(
                path,
                format!("it holds the parts of '{stored}', not of '{game}'"),
            ));
        }
    }
    Ok(stored)
}

/// Every entry of a table in a read transaction.
fn each_entry(
    path: &Path,
    txn: &redb::ReadTransaction,
    table: &str,
    mut f: impl FnMut(&[u8], Known) -> Result<()>,
) -> Result<()> {
    let definition: TableDefinition<&[u8], Facts> = TableDefinition::new(table);
    let table = match txn.open_table(definition) {
        Ok(t) => t,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(()),
        Err(e) => return Err(failed(path, e)),
    };
    for item in table.iter().map_err(|e| failed(path, e))? {
        let (key, facts) = item.map_err(|e| failed(path, e))?;
        let known = Known::from_facts(facts.value());
        if known.contradicts_itself() {
            return Err(failed(path, "damaged (an entry contradicts itself)"));
        }
        f(key.value(), known)?;
    }
    Ok(())
}

/// The names of the part tables of a file.
fn part_tables(path: &Path, txn: &redb::ReadTransaction) -> Result<Vec<String>> {
    Ok(txn
        .list_tables()
        .map_err(|e| failed(path, e))?
        .map(|t| t.name().to_string())
        .filter(|name| name.starts_with("parts-"))
        .collect())
}

/// Opens an existing file read-only to report on it or merge it; refused when it was left by
/// a killed run (only a read-write open, by a run with `--db`, repairs it).
fn open_to_read(path: &Path) -> Result<ReadOnlyDatabase> {
    open_read_only(path)?.ok_or_else(|| {
        failed(
            path,
            "left by a killed run: a run with --db on it repairs it first",
        )
    })
}

/// Opens an existing file read-only; `None` when it was left by a killed run and must be
/// repaired first (which the read-write open does).
fn open_read_only(path: &Path) -> Result<Option<ReadOnlyDatabase>> {
    check_magic(path)?;
    match ReadOnlyDatabase::open(path) {
        Ok(db) => Ok(Some(db)),
        Err(redb::DatabaseError::RepairAborted) => Ok(None),
        Err(redb::DatabaseError::DatabaseAlreadyOpen) => Err(failed(
            path,
            "open in another run (one run writes a file at a time)",
        )),
        Err(e) => Err(failed(path, format!("damaged or not a database ({e})"))),
    }
}

/// Checks, without changing it, that an existing file is a database of this format (of any
/// game: the search checks the game when it opens it); a missing file is fine.
pub fn check(path: &Path) -> Result<()> {
    if !path.exists() {
        return Ok(());
    }
    if path.is_dir() {
        return Err(failed(path, "a directory"));
    }
    if let Some(db) = open_read_only(path)? {
        let txn = db.begin_read().map_err(|e| failed(path, e))?;
        read_tags(path, &txn, None)?;
    }
    Ok(())
}

/// A database of one game's parts of one width, open for a search.
pub struct PartDb {
    db: Database,
    path: PathBuf,
    table: String,
}

impl PartDb {
    /// Opens (or creates) the database at `path` for the parts of `game`, `part_bytes` bytes
    /// each, and hands every entry already there to `load`.
    pub fn open(
        path: &Path,
        game: &str,
        part_bytes: usize,
        mut load: impl FnMut(&[u8], Known) -> Result<()>,
    ) -> Result<Self> {
        let table = parts_table(part_bytes);
        let exists = path.exists();
        let mut loaded = false;
        if exists {
            if let Some(db) = open_read_only(path)? {
                let txn = db.begin_read().map_err(|e| failed(path, e))?;
                read_tags(path, &txn, Some(game))?;
                each_entry(path, &txn, &table, &mut load)?;
                loaded = true;
            }
        }
        let db = match exists {
            true => Database::open(path),
            false => Database::create(path),
        }
        .map_err(|e| failed(path, e))?;
        let out = PartDb {
            db,
            path: path.to_path_buf(),
            table,
        };
        if !exists {
            out.tag(game)?;
        } else if !loaded {
            // Repaired on opening (a killed run's file): checked and read now.
            let txn = out.db.begin_read().map_err(|e| out.fail(e))?;
            read_tags(path, &txn, Some(game))?;
            each_entry(path, &txn, &out.table, &mut load)?;
        }
        Ok(out)
    }

    fn fail(&self, what: impl std::fmt::Display) -> Error {
        failed(&self.path, what)
    }

    fn tag(&self, game: &str) -> Result<()> {
        let txn = self.db.begin_write().map_err(|e| self.fail(e))?;
        {
            let mut meta = txn.open_table(META).map_err(|e| self.fail(e))?;
            meta.insert("format", FORMAT.to_string().as_str())
                .map_err(|e| self.fail(e))?;
            meta.insert("game", game).map_err(|e| self.fail(e))?;
        }
        txn.commit().map_err(|e| self.fail(e))
    }

    /// Merges `entries` into the file in one transaction (all or nothing).
    pub fn write(&self, entries: impl IntoIterator<Item = (Vec<u8>, Known)>) -> Result<()> {
        let txn = self.db.begin_write().map_err(|e| self.fail(e))?;
        {
            let definition: TableDefinition<&[u8], Facts> = TableDefinition::new(&self.table);
            let mut table = txn.open_table(definition).map_err(|e| self.fail(e))?;
            for (part, known) in entries {
                merge_into(&mut table, &part, known).map_err(|e| match e {
                    Error::Invalid(why) => self.fail(why),
                    e => e,
                })?;
            }
        }
        txn.commit().map_err(|e| self.fail(e))
    }
}

/// Merges one entry into an open table.
fn merge_into(table: &mut redb::Table<&[u8], Facts>, part: &[u8], known: Known) -> Result<()> {
    let old = table
        .get(part)
        .map_err(|e| Error::Invalid(e.to_string()))?
        .map(|g| Known::from_facts(g.value()));
    let merged = match old {
        Some(old) => old.merged(known).ok_or_else(|| {
            Error::Invalid("two entries of one part contradict each other".into())
        })?,
        None => known,
    };
    if old != Some(merged) {
        table
            .insert(part, merged.facts())
            .map_err(|e| Error::Invalid(e.to_string()))?;
    }
    Ok(())
}

/// What a file holds ([`Info`]), read without changing it.
pub fn info(path: &Path) -> Result<Info> {
    if !path.exists() {
        return Err(failed(path, "no such file"));
    }
    let db = open_to_read(path)?;
    let txn = db.begin_read().map_err(|e| failed(path, e))?;
    let game = read_tags(path, &txn, None)?;
    let (mut parts, mut values) = (0, 0);
    for table in part_tables(path, &txn)? {
        each_entry(path, &txn, &table, |_, known| {
            parts += 1;
            values += u64::from(known.value.is_some());
            Ok(())
        })?;
    }
    let bytes = std::fs::metadata(path).map_err(|e| failed(path, e))?.len();
    Ok(Info {
        game,
        format: FORMAT,
        parts,
        values,
        bytes,
    })
}

/// Merges the databases `inputs` (all of one game) into `out`, created if it does not exist
/// (else of the same game too). The inputs are only read.
pub fn merge(out: &Path, inputs: &[PathBuf]) -> Result<Info> {
    if inputs.is_empty() {
        return Err(Error::Invalid("db merge: no database to merge".into()));
    }
    if let Some(same) = inputs.iter().find(|p| same_file(p, out)) {
        return Err(failed(same, "given as both the output and an input"));
    }
    // Every input is checked (and its game read) before the output is touched.
    let mut game: Option<String> = None;
    let mut opened = Vec::new();
    for path in inputs {
        let db = open_to_read(path)?;
        let txn = db.begin_read().map_err(|e| failed(path, e))?;
        let stored = read_tags(path, &txn, game.as_deref())?;
        game.get_or_insert(stored);
        drop(txn);
        opened.push((path, db));
    }
    let game = game.expect("at least one input");
    if out.exists() {
        let db = open_to_read(out)?;
        let txn = db.begin_read().map_err(|e| failed(out, e))?;
        read_tags(out, &txn, Some(&game))?;
    }
    let target = match out.exists() {
        true => Database::open(out),
        false => Database::create(out),
    }
    .map_err(|e| failed(out, e))?;
    let txn = target.begin_write().map_err(|e| failed(out, e))?;
    {
        let mut meta = txn.open_table(META).map_err(|e| failed(out, e))?;
        meta.insert("format", FORMAT.to_string().as_str())
            .map_err(|e| failed(out, e))?;
        meta.insert("game", game.as_str())
            .map_err(|e| failed(out, e))?;
    }
    for (path, db) in &opened {
        let read = db.begin_read().map_err(|e| failed(path, e))?;
        for name in part_tables(path, &read)? {
            let definition: TableDefinition<&[u8], Facts> = TableDefinition::new(&name);
            let mut table = txn.open_table(definition).map_err(|e| failed(out, e))?;
            each_entry(path, &read, &name, |part, known| {
                merge_into(&mut table, part, known).map_err(|e| match e {
                    Error::Invalid(why) => failed(path, why),
                    e => e,
                })
            })?;
        }
    }
    txn.commit().map_err(|e| failed(out, e))?;
    drop(target);
    info(out)
}

/// Whether two paths name one file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(value: Option<u32>, not: u64) -> Known {
        Known {
            value,
            not,
            work: 1,
        }
    }

    fn entries(path: &Path, game: &str, bytes: usize) -> Result<Vec<(Vec<u8>, Known)>> {
        let mut out = Vec::new();
        PartDb::open(path, game, bytes, |p, k| {
            out.push((p.to_vec(), k));
            Ok(())
        })?;
        Ok(out)
    }

    #[test]
    fn facts_merge_and_contradictions_are_refused() {
        assert_eq!(
            known(None, 0b01).merged(known(Some(3), 0b10)),
            Some(known(Some(3), 0b11))
        );
        assert_eq!(known(Some(1), 0).merged(known(Some(2), 0)), None);
        assert_eq!(known(Some(1), 0).merged(known(None, 0b10)), None);
    }

    #[test]
    fn entries_written_are_read_back_merged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.db");
        let db = PartDb::open(&path, "g", 2, |_, _| Ok(())).unwrap();
        db.write([
            (vec![1, 2], known(None, 0b1)),
            (vec![3, 4], known(Some(2), 0)),
        ])
        .unwrap();
        db.write([(vec![1, 2], known(None, 0b100))]).unwrap();
        drop(db);
        let mut got = entries(&path, "g", 2).unwrap();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            got,
            vec![
                (vec![1, 2], known(None, 0b101)),
                (vec![3, 4], known(Some(2), 0))
            ]
        );
        // Another width is another table of the same file; another game is refused.
        assert!(entries(&path, "g", 3).unwrap().is_empty());
        let before = std::fs::read(&path).unwrap();
        let err = entries(&path, "h", 2).unwrap_err().to_string();
        assert!(err.contains("holds the parts of 'g', not of 'h'"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let info = info(&path).unwrap();
        assert_eq!((info.game.as_str(), info.parts, info.values), ("g", 2, 1));
    }

    #[test]
    fn foreign_and_damaged_files_are_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let text = dir.path().join("text.db");
        std::fs::write(&text, "not a database at all").unwrap();
        let err = entries(&text, "g", 2).unwrap_err().to_string();
        assert!(err.contains("not a database"), "{err}");
        assert_eq!(std::fs::read(&text).unwrap(), b"not a database at all");

        let good = dir.path().join("good.db");
        PartDb::open(&good, "g", 2, |_, _| Ok(()))
            .unwrap()
            .write((0..200u16).map(|i| (i.to_le_bytes().to_vec(), known(Some(1), 0))))
            .unwrap();
        let whole = std::fs::read(&good).unwrap();
        let truncated = dir.path().join("truncated.db");
        std::fs::write(&truncated, &whole[..whole.len() / 3]).unwrap();
        assert!(entries(&truncated, "g", 2).is_err());
        assert_eq!(
            std::fs::read(&truncated).unwrap(),
            &whole[..whole.len() / 3]
        );
    }

    #[test]
    fn merge_takes_the_union_and_refuses_another_game() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b, c, out) = (
            dir.path().join("a.db"),
            dir.path().join("b.db"),
            dir.path().join("c.db"),
            dir.path().join("out.db"),
        );
        PartDb::open(&a, "g", 1, |_, _| Ok(()))
            .unwrap()
            .write([(vec![1], known(None, 0b1)), (vec![2], known(Some(0), 0))])
            .unwrap();
        PartDb::open(&b, "g", 1, |_, _| Ok(()))
            .unwrap()
            .write([(vec![1], known(Some(2), 0b10)), (vec![3], known(None, 0b1))])
            .unwrap();
        PartDb::open(&c, "other", 1, |_, _| Ok(())).unwrap();
        let info = merge(&out, &[a.clone(), b.clone()]).unwrap();
        assert_eq!((info.parts, info.values), (3, 2));
        let mut got = entries(&out, "g", 1).unwrap();
        got.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(
            got,
            vec![
                (vec![1], known(Some(2), 0b11)),
                (vec![2], known(Some(0), 0)),
                (vec![3], known(None, 0b1)),
            ]
        );
        let err = merge(&out, &[a.clone(), c]).unwrap_err().to_string();
        assert!(err.contains("not of 'g'"), "{err}");
        assert!(merge(&a, std::slice::from_ref(&a)).is_err());
    }
}
