//! Streamed output (issue 12): `seq` and `table` write as they compute, and a run stopped with
//! Ctrl-C leaves a valid prefix (JSON closed with `"complete": false`, whole b-file lines).

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// G(n) of the subtraction game S = {1, 3, 4}: period 7 from 0 (Winning Ways; checked here by
/// the definition, not taken from grundy).
fn sub134(len: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = [false; 4];
        for s in [1, 3, 4] {
            if s <= n {
                seen[g[n - s] as usize] = true;
            }
        }
        g.push(seen.iter().position(|x| !x).unwrap() as u64);
    }
    g
}

/// Starts `grundy args`, reads at least `bytes` of its output, sends SIGINT, and returns the
/// whole output and the exit code.
fn interrupted(args: &[&str], bytes: usize) -> (Vec<u8>, Option<i32>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut out = Vec::new();
    let mut buffer = vec![0u8; 1 << 16];
    let start = Instant::now();
    while out.len() < bytes {
        let got = stdout.read(&mut buffer).unwrap();
        assert!(got > 0, "the output ended before {bytes} bytes");
        out.extend_from_slice(&buffer[..got]);
        assert!(start.elapsed() < Duration::from_secs(120), "too slow");
    }
    // SAFETY: signalling our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    stdout.read_to_end(&mut out).unwrap();
    let status = child.wait().unwrap();
    (out, status.code())
}

#[test]
fn ctrl_c_leaves_valid_json() {
    let (out, code) = interrupted(
        &["seq", "subtraction:s=1,3,4", "--to", "10^12", "--json"],
        4 << 20,
    );
    assert_eq!(code, Some(130));
    let v: serde_json::Value = serde_json::from_slice(&out).expect("the prefix parses");
    assert_eq!(v["complete"], false);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert!(values.len() > 1 << 20, "{}", values.len());
    assert!(values == sub134(values.len()), "the values are G(0..)");
}

#[test]
fn ctrl_c_leaves_whole_bfile_lines() {
    let (out, code) = interrupted(
        &[
            "seq",
            "subtraction:s=1,3,4",
            "--to",
            "10^12",
            "--format",
            "bfile",
        ],
        4 << 20,
    );
    assert_eq!(code, Some(130));
    let text = String::from_utf8(out).unwrap();
    assert!(text.ends_with('\n'), "the last line is whole");
    let expected = sub134(1 << 16);
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        let (n, v) = line.split_once(' ').expect("n value");
        assert_eq!(n.parse::<usize>().unwrap(), i);
        assert_eq!(v.parse::<u64>().unwrap(), expected[i % 7]);
        lines += 1;
    }
    assert!(lines > 100_000, "{lines}");
}

#[test]
fn table_streams_json_and_csv_alike() {
    let v = common::json(&["table", "nim", "_,_,3", "--max", "40"]);
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 41 * 41);
    let csv = common::stdout(&[
        "table", "nim", "_,_,3", "--max", "40", "--format", "csv", "--matrix",
    ]);
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 41);
    for cell in cells {
        let p: Vec<u64> = cell["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(cell["value"].as_u64().unwrap(), p[0] ^ p[1] ^ p[2]);
        let row: Vec<&str> = rows[p[0] as usize].split(',').collect();
        assert_eq!(row[0], p[0].to_string());
        assert_eq!(row[1 + p[1] as usize], (p[0] ^ p[1] ^ 3).to_string());
    }
}

/// Positions past 2^52 are drawn relative to `--from` (f64 no longer separates neighbours
/// there; the fuzzer found the picture of such a range exhausting memory).
#[test]
fn plots_of_huge_positions_are_drawn_from_the_first() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-plot-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("far.svg");
    common::stdout(&[
        "seq",
        "subtraction:s=1,3,4",
        "--from",
        "10^18-50",
        "--to",
        "10^18",
        "--plot",
        path.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.contains("pile size - 999999999999999950"),
        "the axis says where it starts"
    );
    assert!(svg.len() < 1 << 20, "{} bytes", svg.len());
    std::fs::remove_dir_all(&dir).unwrap();
}
