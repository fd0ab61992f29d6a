//! Files a computation reads and writes: inputs read with a size limit, and checkpoints.
//!
//! An input (a move-function table, a checkpoint, a result to cite) must be a regular file of
//! bounded size: `/dev/urandom` or a fifo is refused before anything is read, and a file that
//! grows while it is read stops at the limit.
//!
//! A checkpoint is written whole to a temporary file beside it, synced, then renamed over the
//! previous one, so a crash leaves the previous checkpoint intact. The temporary file's name is
//! the whole checkpoint name, the process id and `.tmp` (`ck.a` saves through `ck.a.4711.tmp`):
//! two runs never share one, and no unrelated file is touched. Its layout:
//!
//! ```text
//! grundy-checkpoint 2
//! kind <engine>                  e.g. cursor-stream, imark23-blocks
//! params <text>                  the game, bound and engine sizes it belongs to
//! length <n>                     bytes of payload
//! <payload: n bytes>
//! crc32 <8 hex digits>           of everything above
//! ```
//!
//! [`load_checkpoint`] checks the checksum, then that the kind and the parameters are the run's
//! own, and hands back the payload; the engine then validates every field of it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// The largest checkpoint read back (1 GiB; the engines' own are kilobytes to megabytes).
pub const MAX_CHECKPOINT_BYTES: u64 = 1 << 30;

/// Reads a regular file of at most `max_bytes` bytes. `what` names it in errors ("table").
pub fn read_bounded(path: &Path, max_bytes: u64, what: &str) -> Result<Vec<u8>> {
    let show = path.display();
    let cannot = |e: std::io::Error| Error::Invalid(format!("cannot read the {what} {show}: {e}"));
    let file = open_regular(path, what)?;
    let meta = file.metadata().map_err(cannot)?;
    if meta.len() > max_bytes {
        return Err(Error::TooLarge(format!(
            "the {what} {show} has {} bytes, more than the {max_bytes} read",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::TooLarge(format!(
            "the {what} {show} grew past {max_bytes} bytes while it was read"
        )));
    }
    Ok(bytes)
}

/// Opens `path` for reading when it is a regular file (after following links). The path's
/// metadata is read before the file is opened: opening a fifo blocks until a writer comes, so a
/// fifo (or a device) must be refused without opening it. The opened file is checked again, in
/// case the path changed in between.
pub fn open_regular(path: &Path, what: &str) -> Result<std::fs::File> {
    let show = path.display();
    let cannot = |e: std::io::Error| Error::Invalid(format!("cannot read the {what} {show}: {e}"));
    let not_regular = || Error::Invalid(format!("the {what} {show} is not a regular file"));
    if !std::fs::metadata(path).map_err(cannot)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    if !file.metadata().map_err(cannot)?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// Reads a regular UTF-8 text file of at most `max_bytes` bytes.
pub fn read_text(path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    String::from_utf8(read_bounded(path, max_bytes, what)?)
        .map_err(|_| Error::Invalid(format!("the {what} {} is not UTF-8 text", path.display())))
}

/// Reads an edge-list file of at most 1 MiB: one edge `u v` a line (two names of any kind,
/// whitespace between), `#` starts a comment, blank lines are skipped. `what` names the file in
/// errors ("graph file").
pub fn read_edge_list(path: &str, what: &str) -> Result<Vec<(String, String)>> {
    let text = read_text(Path::new(path), 1 << 20, what)?;
    let mut edges = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [u, v] = words[..] else {
            return Err(Error::Invalid(format!(
                "{what} {path}, line {}: an edge is two vertex names 'u v'",
                number + 1
            )));
        };
        edges.push((u.to_string(), v.to_string()));
    }
    Ok(edges)
}

/// The temporary file a checkpoint is saved through: the whole name, the process id, `.tmp`.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

fn cannot_write(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::Invalid(format!(
        "cannot write the checkpoint {}: {e}",
        path.display()
    ))
}

/// Checks, before a run starts, that a checkpoint can be written at `path` (its directory is
/// writable): a long run must not find out at its first save.
pub fn check_checkpoint_writable(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(cannot_write(path, "it is a directory"));
    }
    let tmp = temporary(path);
    std::fs::File::create(&tmp).map_err(|e| cannot_write(path, e))?;
    std::fs::remove_file(&tmp).map_err(|e| cannot_write(path, e))
}

/// Saves a checkpoint (see the module docs for the layout).
pub fn save_checkpoint(path: &Path, kind: &str, params: &str, payload: &[u8]) -> Result<()> {
    let mut bytes = format!(
        "grundy-checkpoint 2\nkind {kind}\nparams {params}\nlength {}\n",
        payload.len()
    )
    .into_bytes();
    bytes.extend_from_slice(payload);
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(format!("\ncrc32 {crc:08x}\n").as_bytes());
    let tmp = temporary(path);
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        file.write_all(&bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(cannot_write(path, e));
    }
    Ok(())
}

/// Loads a checkpoint saved by [`save_checkpoint`] with the same `kind` and `params`, and returns
/// its payload.
pub fn load_checkpoint(path: &Path, kind: &str, params: &str) -> Result<Vec<u8>> {
    let bad = |why: String| Error::Invalid(format!("checkpoint {}: {why}", path.display()));
    let bytes = read_bounded(path, MAX_CHECKPOINT_BYTES, "checkpoint")?;
    // The trailer: "\ncrc32 xxxxxxxx\n" (16 bytes).
    let split = bytes
        .len()
        .checked_sub(16)
        .ok_or_else(|| bad("not a grundy checkpoint".into()))?;
    let (body, trailer) = bytes.split_at(split);
    let stated = std::str::from_utf8(trailer)
        .ok()
        .and_then(|t| t.strip_prefix("\ncrc32 "))
        .and_then(|t| t.strip_suffix('\n'))
        .and_then(|t| u32::from_str_radix(t, 16).ok());
    if !body.starts_with(b"grundy-checkpoint ") {
        return Err(bad("not a grundy checkpoint".into()));
    }
    if !body.starts_with(b"grundy-checkpoint 2\n") {
        return Err(bad(
            "written by another version of grundy; start a new checkpoint file".into(),
        ));
    }
    match stated {
        Some(crc) if crc == crc32fast::hash(body) => {}
        _ => return Err(bad("damaged (checksum mismatch)".into())),
    }
    let mut rest = &body["grundy-checkpoint 2\n".len()..];
    let mut line = |key: &str| -> Result<String> {
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("damaged header".into()))?;
        let text = std::str::from_utf8(&rest[..end]).map_err(|_| bad("damaged header".into()))?;
        let value = text
            .strip_prefix(key)
            .and_then(|v| v.strip_prefix(' '))
            .ok_or_else(|| bad("damaged header".into()))?
            .to_string();
        rest = &rest[end + 1..];
        Ok(value)
    };
    let (saved_kind, saved_params, length) = (line("kind")?, line("params")?, line("length")?);
    if saved_kind != kind {
        return Err(bad(format!(
            "it was written by the {saved_kind} engine, not the {kind} engine this run uses"
        )));
    }
    if saved_params != params {
        return Err(bad(format!(
            "it belongs to another run ({saved_params}), not this one ({params}); use a new checkpoint file"
        )));
    }
    if length.parse::<usize>().ok() != Some(rest.len()) {
        return Err(bad("damaged (wrong length)".into()));
    }
    Ok(rest.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch directory, removed when dropped.
    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn a_checkpoint_round_trips_and_refuses_every_other_run() {
        let scratch = dir();
        let path = scratch.path().join("ck.a");
        save_checkpoint(&path, "test", "game x to 10", b"payload\nbytes").unwrap();
        assert_eq!(
            load_checkpoint(&path, "test", "game x to 10").unwrap(),
            b"payload\nbytes"
        );
        let err = |kind: &str, params: &str| {
            load_checkpoint(&path, kind, params)
                .unwrap_err()
                .to_string()
        };
        assert!(err("other", "game x to 10").contains("engine"));
        assert!(err("test", "game x to 11").contains("another run"));
        // No temporary file is left behind, and none is named from the extension alone.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        // (Only this test's files: the other tests of this module share the directory and may
        // be writing their own temporary files at this moment.)
        assert!(
            names
                .iter()
                .filter(|n| n.starts_with("ck.a"))
                .all(|n| !n.ends_with(".tmp")),
            "{names:?}"
        );
    }

    #[test]
    fn every_single_byte_change_is_detected() {
        let scratch = dir();
        let path = scratch.path().join("ck.flip");
        save_checkpoint(&path, "test", "p", b"12345 678 9").unwrap();
        let good = std::fs::read(&path).unwrap();
        for i in 0..good.len() {
            let mut bytes = good.clone();
            bytes[i] ^= 0x04;
            std::fs::write(&path, &bytes).unwrap();
            assert!(load_checkpoint(&path, "test", "p").is_err(), "byte {i}");
        }
        std::fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(load_checkpoint(&path, "test", "p").is_err());
    }

    #[test]
    fn unrelated_files_beside_a_checkpoint_are_left_alone() {
        let scratch = dir();
        let dir = scratch.path();
        let notes = dir.join("notes.tmp");
        std::fs::write(&notes, "mine").unwrap();
        save_checkpoint(&dir.join("notes.ck"), "test", "p", b"x").unwrap();
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let scratch = dir();
        let path = scratch.path().join("fifo");
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to test
        }
        let (send, receive) = std::sync::mpsc::channel();
        let reader = path.clone();
        std::thread::spawn(move || {
            let _ =
                send.send(read_bounded(&reader, 100, "digraph file").map_err(|e| e.to_string()));
        });
        let answer = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("reading a fifo must not wait for a writer");
        let err = answer.unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn special_and_oversized_files_are_refused() {
        let err = read_bounded(Path::new("/dev/zero"), 100, "table").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let scratch = dir();
        let path = scratch.path().join("big");
        std::fs::write(&path, vec![b'1'; 101]).unwrap();
        assert!(read_bounded(&path, 100, "table").is_err());
        assert_eq!(read_bounded(&path, 101, "table").unwrap().len(), 101);
        let scratch = dir();
        assert!(check_checkpoint_writable(scratch.path()).is_err());
        assert!(check_checkpoint_writable(&scratch.path().join("fine")).is_ok());
    }
}
