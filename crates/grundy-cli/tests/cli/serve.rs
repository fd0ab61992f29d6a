//! `grundy serve` (issue 31, section 2): the JSON API answers as the commands do, refuses as
//! they do, never reads a flag or a file from a request, stops slow work, and keeps answering
//! under 100 concurrent clients on the loopback address.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running `grundy serve --port 0`, stopped on drop (then its TMPDIR, a scratch directory of
/// its own, is removed with what the killed server left in it).
struct Served {
    child: Child,
    port: u16,
    _tmp: Option<tempfile::TempDir>,
}

impl Served {
    fn start(extra: &[&str]) -> Served {
        let tmp = tempfile::tempdir().unwrap();
        let mut served = Served::start_in(extra, tmp.path());
        served._tmp = Some(tmp);
        served
    }

    /// A server whose temporary directory (TMPDIR) is `tmp`.
    fn start_in(extra: &[&str], tmp: &std::path::Path) -> Served {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .env("TMPDIR", tmp)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("grundy serve: listening on http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        Served {
            child,
            port,
            _tmp: None,
        }
    }

    /// The processes the server runs now (its children, from /proc).
    fn children(&self) -> Vec<u32> {
        let me = self.child.id();
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // `pid (name) state ppid ...`: the name may hold spaces, so read after the last ')'.
            let fields: Vec<_> = stat
                .rsplit_once(')')
                .unwrap()
                .1
                .split_whitespace()
                .collect();
            if fields.get(1) == Some(&me.to_string().as_str()) && fields[0] != "Z" {
                found.push(pid);
            }
        }
        found
    }

    fn get(&self, path: &str) -> (u16, String) {
        request(self.port, "GET", path, None)
    }

    fn get_json(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.get(path);
        let json = serde_json::from_str(&body).unwrap_or_else(|e| {
            let shown: String = path.chars().take(200).collect();
            panic!("GET {shown}: not JSON ({e}) (status {status}): {body}")
        });
        (status, json)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request on a fresh connection: the status and the body.
fn request(port: u16, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8(answer).expect("UTF-8 answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}

/// `grundy ARGS`: its stdout parsed, or its stderr line.
fn cli(args: &[&str]) -> Result<Value, String> {
    let output = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .output()
        .unwrap();
    if output.status.success() {
        Ok(serde_json::from_slice(&output.stdout).expect("JSON"))
    } else {
        Err(String::from_utf8_lossy(&output.stderr)
            .trim_end()
            .to_string())
    }
}

fn error_of(json: &Value) -> &str {
    json["error"].as_str().expect("an error message")
}

#[test]
fn answers_are_the_commands_json() {
    let server = Served::start(&[]);
    let (status, json) = server.get_json("/api/value?game=kayles&position=7");
    assert_eq!(status, 200);
    assert_eq!(json, cli(&["value", "kayles", "7", "--json"]).unwrap());
    let (status, json) = server.get_json("/api/moves?game=nim&position=1%2C2%2C4&misere=1");
    assert_eq!(status, 200);
    assert_eq!(
        json,
        cli(&["moves", "nim", "1,2,4", "--misere", "--json"]).unwrap()
    );
    // The remoteness the page's computer uses to last longest when it cannot win.
    let (status, json) = server.get_json("/api/remoteness?game=cram:2x3&misere=1");
    assert_eq!(status, 200);
    assert_eq!(
        json,
        cli(&["remoteness", "cram:2x3", "--misere", "--json"]).unwrap()
    );
    let (_, json) = server.get_json("/api/seq?game=kayles&to=80&analyze=1");
    assert_eq!(
        json,
        cli(&["seq", "kayles", "--to", "80", "--analyze", "--json"]).unwrap()
    );
    let (_, json) = server.get_json("/api/table?game=nim&position=_,_,3&max=5");
    assert_eq!(
        json,
        cli(&["table", "nim", "_,_,3", "--max", "5", "--json"]).unwrap()
    );
    let (_, json) = server.get_json("/api/quotient?game=kayles&heaps=10");
    assert_eq!(
        json,
        cli(&["quotient", "kayles", "--heaps", "10", "--json"]).unwrap()
    );
    let (_, json) = server.get_json("/api/period?game=kayles");
    assert_eq!(json, cli(&["period", "kayles", "--json"]).unwrap());
    let (_, json) = server.get_json("/api/games");
    assert_eq!(json, cli(&["games", "--json"]).unwrap());

    // The page and its script and style are served, with nothing from elsewhere.
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("/page.js") && !page.contains("https://"));
    for asset in ["/page.js", "/drawings.js", "/page.css"] {
        let (status, text) = server.get(asset);
        assert_eq!(status, 200, "{asset}");
        assert!(
            !text.contains("https://"),
            "{asset} loads nothing from elsewhere"
        );
    }
}

#[test]
fn a_digraph_comes_in_the_body() {
    let server = Served::start(&[]);
    let edges = "a b\nb c\nc a\nc d\n";
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.txt");
    std::fs::write(&file, edges).unwrap();
    let spec = format!("digraph:file={}", file.display());
    let body = serde_json::json!({"game": "digraph:file=@", "position": "a", "file": edges});
    let (status, text) = request(server.port, "POST", "/api/moves", Some(&body.to_string()));
    assert_eq!(status, 200, "{text}");
    let mut answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        answer["game"], "digraph:file=@",
        "the server's file is not shown"
    );
    answer["game"] = Value::String(spec.clone());
    assert_eq!(answer, cli(&["moves", &spec, "a", "--json"]).unwrap());
    // A vertex the file lacks: the command's error, with the file shown as @.
    let body = serde_json::json!({"game": "digraph:file=@", "position": "z", "file": edges});
    let (status, text) = request(server.port, "POST", "/api/value", Some(&body.to_string()));
    assert_eq!(status, 400);
    let expected = cli(&["value", &spec, "z"]).unwrap_err();
    let error: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        error_of(&error),
        expected.replace(&file.display().to_string(), "@")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refusals_are_the_commands_error_lines() {
    let server = Served::start(&[]);
    // A misspelt game: the command's own line, did-you-mean included.
    let (status, json) = server.get_json("/api/value?game=kaylse&position=7");
    assert_eq!(status, 400);
    let expected = cli(&["value", "kaylse", "7", "--json"]).unwrap_err();
    assert!(expected.contains("did you mean 'kayles'"));
    assert_eq!(error_of(&json), expected);
    let (status, json) = server.get_json("/api/value?game=nim&position=3,x");
    assert_eq!(status, 400);
    assert_eq!(
        error_of(&json),
        cli(&["value", "nim", "3,x", "--json"]).unwrap_err()
    );

    // Flags hidden in values are read as values: games, positions, numbers.
    let plot_scratch = tempfile::tempdir().unwrap();
    let plot = plot_scratch
        .path()
        .join(format!("grundy-serve-plot-{}.svg", std::process::id()));
    let plot = plot.display().to_string();
    for path in [
        "/api/value?game=--help&position=1".to_string(),
        format!("/api/value?game=kayles&position=--plot={plot}"),
        format!("/api/seq?game=kayles&to=--plot%3D{plot}"),
        format!("/api/seq?game=kayles&to=10%20--plot%3D{plot}"),
        "/api/value?game=nim&position=1&plot=x.svg".to_string(),
        "/api/value?game=nim&position=1%0a--help".to_string(),
    ] {
        let (status, json) = server.get_json(&path);
        assert_eq!(status, 400, "{path}: {json}");
        assert!(error_of(&json).starts_with("error: "), "{path}");
    }
    assert!(!std::path::Path::new(&plot).exists(), "no plot was written");
    let (_, json) = server.get_json("/api/value?game=--help&position=1");
    assert_eq!(
        error_of(&json),
        cli(&["value", "--json", "--", "--help", "1"]).unwrap_err()
    );

    // No file is read from a path a request names.
    for spec in [
        "digraph:file=/etc/passwd",
        "digraph:FILE%20=%20/etc/passwd",
        "node-kayles:graph=file=/etc/hosts",
        "cram:file=/etc/passwd",
        "takeaway:table=/etc/passwd",
    ] {
        let (status, json) = server.get_json(&format!("/api/value?game={spec}&position=1"));
        assert_eq!(status, 400, "{spec}");
        assert!(error_of(&json).contains("reads no file"), "{spec}: {json}");
    }

    // Oversize requests, unknown endpoints.
    let long = "1,".repeat(20_000);
    let (status, json) = server.get_json(&format!("/api/value?game=nim&position={long}1"));
    assert_eq!(status, 413);
    assert!(error_of(&json).contains("query string is larger than the server's limit of 32 KiB"));
    let long = "1,".repeat(50_000);
    let body = format!("{{\"game\": \"nim\", \"position\": \"{long}1\"}}");
    let (status, text) = request(server.port, "POST", "/api/value", Some(&body));
    assert_eq!(status, 413, "{text}");
    let (status, json) = server.get_json("/api/verify?claim=x");
    assert_eq!(status, 404);
    assert!(error_of(&json).contains("endpoints: value, moves"));
    // Still answering.
    assert_eq!(server.get("/api/value?game=nim&position=1").0, 200);
}

#[test]
fn slow_work_is_stopped() {
    let server = Served::start(&["--timeout", "1"]);
    let start = Instant::now();
    // 10^7, not 10^6: the debug build answered 10^6 in 1.0-1.15 s, and once inside the limit.
    let (status, json) = server.get_json("/api/value?game=grundy-game&position=10%5E7");
    assert_eq!(status, 400, "{json}");
    assert_eq!(
        error_of(&json),
        "error: took longer than the server's 1 s limit (grundy serve --timeout)"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(server.children().is_empty(), "the child was killed");

    // A client that goes away: its child is stopped long before the timeout.
    let server = Served::start(&["--timeout", "600"]);
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .write_all(b"GET /api/value?game=grundy-game&position=10%5E7 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let start = Instant::now();
    while server.children().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no child started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stream);
    let start = Instant::now();
    while !server.children().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the child outlived its client"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(server.get("/api/value?game=nim&position=1").0, 200);
}

#[test]
fn load_beyond_the_queue_is_refused() {
    let server = Served::start(&["--jobs", "1", "--queue", "0"]);
    let mut slow = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    slow.write_all(b"GET /api/value?game=grundy-game&position=10%5E7 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let start = Instant::now();
    while server.children().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no child started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, json) = server.get_json("/api/value?game=nim&position=1");
    assert_eq!(status, 503, "{json}");
    assert!(error_of(&json)
        .starts_with("error: busy: the server computes 1 requests at once and lets 0 more wait"));
    drop(slow);
    let start = Instant::now();
    loop {
        let (status, _) = server.get("/api/value?game=nim&position=1");
        if status == 200 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still busy");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn answers_are_bounded() {
    let server = Served::start(&[]);
    let start = Instant::now();
    let (status, json) = server.get_json("/api/seq?game=subtraction:s%3D1,2,3&to=10%5E9");
    assert_eq!(status, 400, "{json}");
    assert_eq!(
        error_of(&json),
        "error: the answer is larger than the server's limit of 32 MiB; ask a smaller range"
    );
    assert!(
        start.elapsed() < Duration::from_secs(9),
        "stopped at the limit"
    );
    let start = Instant::now();
    while !server.children().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the child was stopped"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn hundred_concurrent_clients() {
    // A debug build on a loaded machine: waiting for a turn may take more than the default 10 s.
    let server = Served::start(&["--timeout", "50"]);
    // The expected answers: known mathematics, or the command run directly.
    let kayles = cli(&["seq", "kayles", "--to", "120", "--json"]).unwrap()["values"].clone();
    let mut questions: Vec<(String, Value)> = Vec::new();
    for i in 0..100u64 {
        let (path, expected) = match i % 4 {
            0 => {
                let (a, b, c) = (i, 3 * i + 1, i / 2 + 5);
                let v = a ^ b ^ c;
                let mut answer = cli(&["value", "nim", &format!("{a},{b},{c}"), "--json"]).unwrap();
                // Bouton: the value is the nim-sum.
                assert_eq!(answer["value"], v);
                answer["outcome"] = Value::from(if v == 0 { "P" } else { "N" });
                (format!("/api/value?game=nim&position={a},{b},{c}"), answer)
            }
            1 => {
                let answer = cli(&["value", "kayles", &i.to_string(), "--json"]).unwrap();
                assert_eq!(answer["value"], kayles[i as usize]);
                (format!("/api/value?game=kayles&position={i}"), answer)
            }
            2 => {
                let position = format!("{},{}", i % 7, i / 7);
                let answer = cli(&["moves", "wythoff", &position, "--json"]).unwrap();
                (
                    format!("/api/moves?game=wythoff&position={position}"),
                    answer,
                )
            }
            _ => {
                let answer = cli(&[
                    "seq",
                    "subtraction:s=1,2,3",
                    "--to",
                    &i.to_string(),
                    "--json",
                ])
                .unwrap();
                // G(n) = n mod 4.
                let values: Vec<u64> = (0..=i).map(|n| n % 4).collect();
                assert_eq!(answer["values"], serde_json::json!(values));
                (
                    format!("/api/seq?game=subtraction:s%3D1,2,3&to={i}"),
                    answer,
                )
            }
        };
        questions.push((path, expected));
    }
    let port = server.port;
    let barrier = Arc::new(Barrier::new(questions.len()));
    let start = Instant::now();
    let clients: Vec<_> = questions
        .into_iter()
        .map(|(path, expected)| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                let (status, body) = request(port, "GET", &path, None);
                let answer: Value = serde_json::from_str(&body).expect("JSON");
                assert_eq!(status, 200, "{path}: {body}");
                assert_eq!(answer, expected, "{path}");
            })
        })
        .collect();
    for client in clients {
        client.join().expect("every client got the right answer");
    }
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_secs(60),
        "100 clients took {elapsed:?}"
    );
    let (status, json) = server.get_json("/api/value?game=nim&position=3,5,6");
    assert_eq!((status, &json["value"]), (200, &Value::from(0)));
}

#[test]
fn bad_arguments_are_refused_before_listening() {
    for (args, fragment) in [
        (&["--port", "70000"], "65535"),
        (&["--connections", "0"], "between 1 and 65536"),
        (&["--header-timeout", "0"], "between 1 and 3600 seconds"),
    ] {
        let output = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .arg("serve")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && stderr.contains(fragment),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1);
        assert!(output.stdout.is_empty());
    }
}

/// The bytes a raw request gets back, read until the server closes the connection (or
/// `wait` passes).
fn raw(port: u16, request: &[u8], wait: Duration) -> Vec<u8> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    answer
}

/// The status and the JSON body of a raw answer; panics if the body is not JSON.
fn raw_json(answer: &[u8]) -> (u16, Value) {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, json)
}

/// Issue 50, item 18: the files requests send were named `grundy-serve-PID-N.txt` in the
/// temporary directory, so that files any local user made there beforehand failed every such
/// request (HTTP 500). Now they have unpredictable names, created exclusively, in a directory
/// the server makes for itself (mode 0700), gone once the request is answered.
#[test]
fn request_files_have_names_no_one_can_take_beforehand() {
    let tmp_scratch = tempfile::tempdir().unwrap();
    let tmp = tmp_scratch
        .path()
        .join(format!("grundy-serve-tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let server = Served::start_in(&[], &tmp);
    // The names of before, taken by someone else.
    for n in 0..4000 {
        let taken = tmp.join(format!("grundy-serve-{}-{n}.txt", server.child.id()));
        std::fs::write(taken, "").unwrap();
    }
    let edges = "a b\nb c\n";
    let body = serde_json::json!({"game": "digraph:file=@", "position": "a", "file": edges});
    for _ in 0..3 {
        let (status, text) = request(server.port, "POST", "/api/value", Some(&body.to_string()));
        assert_eq!(status, 200, "{text}");
        // a -> b -> c: the token moves twice, so a is a P-position.
        let answer: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(answer["outcome"], "P", "{answer}");
    }
    let own: Vec<std::path::PathBuf> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&own[0]).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
    assert_eq!(
        std::fs::read_dir(&own[0]).unwrap().count(),
        0,
        "files are deleted"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&tmp);
}

/// Issue 50, item 19: half-sent requests were never timed out, so enough idle connections
/// took every file descriptor. Scaled down: at most 4 connections open, 1 s to send a head;
/// 12 half-sent requests are each closed after their second, and a whole request behind them
/// is answered once a connection is free.
#[test]
fn half_sent_requests_are_closed_and_the_rest_answered() {
    let server = Served::start(&["--connections", "4", "--header-timeout", "1"]);
    let start = Instant::now();
    let mut idle: Vec<TcpStream> = (0..12)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream.write_all(b"GET /api/value?game=ni").unwrap();
            stream
        })
        .collect();
    let (status, json) = server.get_json("/api/value?game=nim&position=3");
    assert_eq!((status, json["value"].clone()), (200, 3.into()), "{json}");
    // Behind at least one full round of idle connections: the cap holds.
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "{:?}",
        start.elapsed()
    );
    for stream in &mut idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut answer = Vec::new();
        // Closed by the server, with nothing written.
        stream
            .read_to_end(&mut answer)
            .expect("closed, not timed out");
        assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    }
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(server.get("/api/value?game=nim&position=1").0, 200);
}

/// Issue 50, item 20: malformed HTTP was answered by hyper with an empty body; every answer is
/// JSON now. A refusal quoting the request escapes its control characters, and a declared body
/// past the limit is refused at once.
#[test]
fn every_answer_is_json() {
    let server = Served::start(&[]);
    let long = format!(
        "GET /api/value?game=nim&position={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "1,".repeat(40_000)
    );
    for (request, status) in [
        (
            &b"GE\x7fT /api/value?game=nim&position=1 HTTP/1.1\r\nHost: x\r\n\r\n"[..],
            400,
        ),
        (
            b"GET /api/value?game=nim&position=\xff HTTP/1.1\r\nHost: x\r\n\r\n",
            400,
        ),
        (
            b"POST /api/value HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            400,
        ),
        (b"GET / HTTP/9.9\r\n\r\n", 400),
        (long.as_bytes(), 414),
        (
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
            405,
        ),
        (b"GET /api/%ff HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ] {
        let answer = raw(server.port, request, Duration::from_secs(30));
        let (got, json) = raw_json(&answer);
        assert_eq!(got, status, "{}", String::from_utf8_lossy(&answer));
        assert!(error_of(&json).starts_with("error: "), "{json}");
    }
    // Quoted, escaped, on one line: no raw CR, LF, TAB or NUL in any message.
    let answer = raw(
        server.port,
        b"GET /api/a%0Db%0Ac%09d%00e HTTP/1.1\r\nHost: x\r\n\r\n",
        Duration::from_secs(30),
    );
    let (status, json) = raw_json(&answer);
    assert_eq!(status, 404);
    assert!(error_of(&json).contains(r"/api/a\rb\nc\td\0e"), "{json}");
    let body =
        serde_json::json!({"game": "digraph:file=@", "position": "a", "file": "a\tb\tc\r\n"});
    let (status, text) = request(server.port, "POST", "/api/value", Some(&body.to_string()));
    assert_eq!(status, 400, "{text}");
    let message: Value = serde_json::from_str(&text).unwrap();
    assert!(error_of(&message).contains(r"'a\tb\tc'"), "{message}");
    for json in [&json, &message] {
        assert!(!error_of(json).contains(['\r', '\n', '\t', '\0']), "{json}");
    }
    // 100 MB announced, nothing sent: refused at once (not after the 10 s body timeout).
    let start = Instant::now();
    let answer = raw(
        server.port,
        b"POST /api/value HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n",
        Duration::from_secs(30),
    );
    let (status, json) = raw_json(&answer);
    assert_eq!(status, 413, "{json}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}
