//! `grundy serve`: a local web page to explore and play every game, over a JSON API that
//! answers as the commands do.
//!
//! # How a request is answered
//!
//! The API is a handful of whitelisted endpoints (`/api/value`, `/api/moves`, `/api/seq`,
//! `/api/period`, `/api/table`, `/api/quotient`, `/api/games`). Each maps its parameters to
//! fixed places on a `grundy` command line (see [`ENDPOINTS`]) and runs this very binary
//! (`std::env::current_exe`) as a child process with `--json`. Its stdout is the answer, byte
//! for byte; on failure its stderr's `error: ...` line becomes `{"error": "..."}` with HTTP 400.
//! So the JSON is the CLI's by construction, and the limits come from the operating system
//! rather than from cooperation inside the engines:
//!
//! - **time**: the child is killed when it passes `--timeout` (the answer then names the
//!   limit); a child whose client went away is killed too, since the handler's future is
//!   dropped and the child was spawned with `kill_on_drop`;
//! - **memory**: `RLIMIT_AS` is set in the child before it runs (`--memory`), and on Linux the
//!   child dies with the server (`PR_SET_PDEATHSIG`);
//! - **load**: at most `--jobs` children run at once; at most `--queue` more requests wait,
//!   no longer than the timeout; beyond that the answer is 503 `{"error": "error: busy: ..."}`;
//! - **size**: a request's query string is at most 32 KiB, its body 64 KiB, an answer 32 MiB.
//!
//! # What a request cannot do
//!
//! A parameter's value is never read as a flag: option values are passed glued to their flag
//! (`--to=VALUE`) and the game and position come after `--`. No request names a file: a spec
//! that reads one (`digraph:file=`, `cram:file=`, `takeaway:table=`, `graph=file=`) must say
//! `file=@` and send the file's text as the parameter `file` (a POST body); the server writes
//! it to a temporary file of its own, deletes it afterwards, and shows its path as `@`.
//!
//! The page (`page.html`, `page.js`, `page.css`, compiled in) is a thin client of this API.

use std::io::Write;
use std::net::ToSocketAddrs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use tokio::io::AsyncReadExt;

use crate::cli::ServeArgs;
use crate::commands::{number, parse_memory, Outcome};

/// The most bytes of a request's body.
const MAX_REQUEST: usize = 64 * 1024;
/// The most bytes of a request's query string (below the 64 KiB that HTTP's URI parser itself
/// takes, so that the refusal is ours and says why).
const MAX_QUERY: usize = 32 * 1024;
/// The most bytes of an answer.
const MAX_ANSWER: u64 = 32 << 20;
/// The most bytes of a child's stderr kept (its error line comes first).
const MAX_STDERR: u64 = 64 * 1024;

/// How a parameter goes onto the command line.
#[derive(Clone, Copy)]
enum Place {
    /// The game spec, the first word after `--`.
    Game,
    /// The position, the word after the game (optional on the command line).
    Position,
    /// A flag present when the parameter is true (`misere=1`).
    Flag(&'static str),
    /// An option, passed as `--name=VALUE`.
    Option(&'static str),
}

struct Param {
    name: &'static str,
    place: Place,
    required: bool,
}

const fn param(name: &'static str, place: Place, required: bool) -> Param {
    Param {
        name,
        place,
        required,
    }
}

/// An API endpoint: the command it runs and the parameters it takes.
struct Endpoint {
    name: &'static str,
    command: &'static str,
    params: &'static [Param],
}

const GAME: Param = param("game", Place::Game, true);
const POSITION: Param = param("position", Place::Position, false);
const MISERE: Param = param("misere", Place::Flag("--misere"), false);

/// Every endpoint; nothing else reaches the command line.
const ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        name: "value",
        command: "value",
        params: &[GAME, POSITION, MISERE],
    },
    Endpoint {
        name: "moves",
        command: "moves",
        params: &[GAME, POSITION, MISERE],
    },
    Endpoint {
        name: "seq",
        command: "seq",
        params: &[
            GAME,
            POSITION,
            param("to", Place::Option("--to"), false),
            param("from", Place::Option("--from"), false),
            param("analyze", Place::Flag("--analyze"), false),
            MISERE,
        ],
    },
    Endpoint {
        name: "period",
        command: "period",
        params: &[GAME, param("to", Place::Option("--to"), false)],
    },
    Endpoint {
        name: "table",
        command: "table",
        params: &[
            GAME,
            param("position", Place::Position, true),
            param("max", Place::Option("--max"), true),
            MISERE,
        ],
    },
    Endpoint {
        name: "quotient",
        command: "quotient",
        params: &[
            GAME,
            param("heaps", Place::Option("--heaps"), true),
            param("position", Place::Option("--position"), false),
        ],
    },
    Endpoint {
        name: "games",
        command: "games",
        params: &[],
    },
];

/// The request parameter carrying the text of a file the spec reads (`file=@`).
const FILE_PARAM: &str = "file";

/// The server's limits, from the command line.
struct Limits {
    timeout: Duration,
    memory: u64,
    jobs: usize,
    queue: usize,
}

struct Server {
    limits: Limits,
    exe: PathBuf,
    /// One permit per child that may run.
    running: tokio::sync::Semaphore,
    /// Requests computing or waiting for a permit.
    admitted: AtomicUsize,
    /// Numbers the temporary files.
    files: AtomicU64,
}

/// A refusal: its HTTP status and the one-line `error: ...` message.
#[derive(Debug)]
struct Refusal {
    status: StatusCode,
    message: String,
}

impl Refusal {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        let message = message.into();
        let message = if message.starts_with("error:") {
            message
        } else {
            format!("error: {message}")
        };
        Refusal { status, message }
    }

    fn bad(message: impl Into<String>) -> Self {
        Refusal::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        json_response(self.status, body.into_bytes())
    }
}

fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Runs the server until Ctrl-C (or SIGTERM).
pub fn run(args: ServeArgs, out: &mut dyn Write) -> Outcome {
    let invalid = |m: String| crate::failure::Failure::Grundy(grundy::Error::Invalid(m));
    let port = u16::try_from(number(&args.port)?)
        .map_err(|_| invalid(format!("--port {}: a port is at most 65535", args.port)))?;
    let seconds = number(&args.timeout)?;
    if seconds == 0 || seconds > 24 * 3600 {
        return Err(invalid(format!(
            "--timeout {}: between 1 and 86400 seconds",
            args.timeout
        )));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = match &args.jobs {
        Some(text) => number(text)?,
        None => 2 * cores as u64,
    };
    let queue = number(&args.queue)?;
    if jobs == 0 || jobs > 1024 || queue > 65536 {
        return Err(invalid(
            "--jobs is between 1 and 1024, --queue at most 65536".to_string(),
        ));
    }
    let limits = Limits {
        timeout: Duration::from_secs(seconds),
        memory: parse_memory(&args.memory)?,
        jobs: jobs as usize,
        queue: queue as usize,
    };
    let address = (args.host.as_str(), port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut all| all.next())
        .ok_or_else(|| invalid(format!("--host {}: not an address to listen on", args.host)))?;
    let exe = std::env::current_exe()
        .map_err(|e| invalid(format!("cannot find the grundy binary to run: {e}")))?;
    let server = Server {
        exe,
        running: tokio::sync::Semaphore::new(limits.jobs),
        limits,
        admitted: AtomicUsize::new(0),
        files: AtomicU64::new(0),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        .enable_all()
        .build()
        .map_err(|e| invalid(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| invalid(format!("cannot listen on {address}: {e}")))?;
        let local = listener.local_addr()?;
        writeln!(out, "grundy serve: listening on http://{local}/")?;
        out.flush()?;
        axum::serve(listener, router(Arc::new(server)))
            .with_graceful_shutdown(stopped())
            .await?;
        Ok::<(), crate::failure::Failure>(())
    })
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stopped() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(|| asset(include_str!("page.html"), "text/html")))
        .route(
            "/page.js",
            get(|| asset(include_str!("page.js"), "text/javascript")),
        )
        .route(
            "/page.css",
            get(|| asset(include_str!("page.css"), "text/css")),
        )
        .route("/api/{endpoint}", any(api))
        .fallback(|| async {
            Refusal::new(
                StatusCode::NOT_FOUND,
                "no such page (the page is /, the API /api/...)",
            )
        })
        .with_state(server)
}

async fn asset(text: &'static str, kind: &'static str) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    let kind = format!("{kind}; charset=utf-8");
    if let Ok(value) = HeaderValue::from_str(&kind) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // Everything the page needs is served from here: no CDN, no inline script.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn api(
    State(server): State<Arc<Server>>,
    Path(endpoint): Path<String>,
    method: Method,
    RawQuery(query): RawQuery,
    body: Body,
) -> Response {
    match answer(&server, &endpoint, &method, query, body).await {
        Ok(json) => json_response(StatusCode::OK, json),
        Err(refusal) => refusal.into_response(),
    }
}

/// Counts a request as admitted while it lives.
struct Admission<'s>(&'s AtomicUsize);

impl Drop for Admission<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn answer(
    server: &Server,
    endpoint: &str,
    method: &Method,
    query: Option<String>,
    body: Body,
) -> Result<Vec<u8>, Refusal> {
    let Some(endpoint) = ENDPOINTS.iter().find(|e| e.name == endpoint) else {
        let names: Vec<_> = ENDPOINTS.iter().map(|e| e.name).collect();
        return Err(Refusal::new(
            StatusCode::NOT_FOUND,
            format!(
                "no endpoint /api/{endpoint} (endpoints: {})",
                names.join(", ")
            ),
        ));
    };
    if method != Method::GET && method != Method::POST {
        return Err(Refusal::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("/api/{} answers GET and POST, not {method}", endpoint.name),
        ));
    }
    let too_large = |what: &str, limit: usize| {
        Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request's {what} is larger than the server's limit of {} KiB",
                limit / 1024
            ),
        )
    };
    let query = query.unwrap_or_default();
    if query.len() > MAX_QUERY {
        return Err(too_large("query string", MAX_QUERY));
    }
    let mut params = parse_query(&query)?;
    if method == Method::POST {
        let bytes = tokio::time::timeout(
            server.limits.timeout,
            axum::body::to_bytes(body, MAX_REQUEST),
        )
        .await
        .map_err(|_| Refusal::bad("the request body did not arrive in time"))?
        .map_err(|_| too_large("body", MAX_REQUEST))?;
        add_body(&mut params, &bytes)?;
    }
    let file = take_file(&mut params);
    let mut args = command_line(endpoint, params)?;

    let admitted = server.admitted.fetch_add(1, Ordering::SeqCst);
    let _admission = Admission(&server.admitted);
    let limits = &server.limits;
    if admitted >= limits.jobs + limits.queue {
        return Err(busy(limits));
    }
    let _permit = tokio::time::timeout(limits.timeout, server.running.acquire())
        .await
        .map_err(|_| busy(limits))?
        .map_err(|_| busy(limits))?;

    // Written only now, and deleted when this request ends, however it ends.
    let temp = match file {
        Some(text) => Some(place_file(server, &mut args, &text)?),
        None => {
            place_file_refused(&args)?;
            None
        }
    };
    let output = run_child(server, &args).await;
    match (&temp, output) {
        (Some(temp), Ok(out)) => Ok(temp.hide(&out)),
        (Some(temp), Err(refusal)) => Err(Refusal {
            status: refusal.status,
            message: String::from_utf8_lossy(&temp.hide(refusal.message.as_bytes())).into_owned(),
        }),
        (None, result) => result,
    }
}

fn busy(limits: &Limits) -> Refusal {
    Refusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "busy: the server computes {} requests at once and lets {} more wait, all taken (grundy serve --jobs, --queue); try again shortly",
            limits.jobs, limits.queue
        ),
    )
}

/// The query string's parameters, percent-decoded, in order.
fn parse_query(query: &str) -> Result<Vec<(String, String)>, Refusal> {
    let mut params = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        params.push((decode(key)?, decode(value)?));
    }
    Ok(params)
}

/// Percent-decoding (`+` is a space), as a form or `URLSearchParams` encodes.
fn decode(text: &str) -> Result<String, Refusal> {
    let bad = || Refusal::bad("the query string is not valid percent-encoded UTF-8");
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).ok_or_else(bad)?;
                let hex = std::str::from_utf8(hex).map_err(|_| bad())?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| bad())
}

/// Adds the parameters of a JSON object body (strings, numbers or booleans).
fn add_body(params: &mut Vec<(String, String)>, bytes: &[u8]) -> Result<(), Refusal> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let bad = || {
        Refusal::bad(
            "a POST body is a JSON object of parameters, e.g. {\"game\": \"digraph:file=@\", \"position\": \"a\", \"file\": \"a b\\nb c\"}",
        )
    };
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|_| bad())?;
    let object = value.as_object().ok_or_else(bad)?;
    for (key, value) in object {
        let text = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            _ => return Err(bad()),
        };
        params.push((key.clone(), text));
    }
    Ok(())
}

/// Takes the `file` parameter out, if given.
fn take_file(params: &mut Vec<(String, String)>) -> Option<String> {
    let at = params.iter().position(|(k, _)| k == FILE_PARAM)?;
    Some(params.remove(at).1)
}

/// The child's command line for `endpoint` with `params`: `COMMAND --json [flags] [--opt=V]
/// -- GAME [POSITION]`.
fn command_line(
    endpoint: &Endpoint,
    params: Vec<(String, String)>,
) -> Result<Vec<String>, Refusal> {
    let accepted = || {
        let mut names: Vec<_> = endpoint.params.iter().map(|p| p.name).collect();
        if endpoint
            .params
            .iter()
            .any(|p| matches!(p.place, Place::Game))
        {
            names.push(FILE_PARAM);
        }
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    let mut given: Vec<Option<String>> = vec![None; endpoint.params.len()];
    for (key, value) in params {
        let Some(i) = endpoint.params.iter().position(|p| p.name == key) else {
            return Err(Refusal::bad(format!(
                "/api/{} has no parameter '{key}' (parameters: {})",
                endpoint.name,
                accepted()
            )));
        };
        if given[i].is_some() {
            return Err(Refusal::bad(format!("parameter '{key}' is given twice")));
        }
        if value.chars().any(char::is_control) {
            return Err(Refusal::bad(format!(
                "parameter '{key}' contains a control character"
            )));
        }
        given[i] = Some(value);
    }
    let mut args = vec![endpoint.command.to_string(), "--json".to_string()];
    let mut words = Vec::new();
    for (param, value) in endpoint.params.iter().zip(given) {
        let Some(value) = value else {
            if param.required {
                return Err(Refusal::bad(format!(
                    "/api/{} needs the parameter '{}' (parameters: {})",
                    endpoint.name,
                    param.name,
                    accepted()
                )));
            }
            continue;
        };
        match param.place {
            Place::Game | Place::Position => words.push((param.place, value)),
            Place::Flag(flag) => {
                if truth(param.name, &value)? {
                    args.push(flag.to_string());
                }
            }
            Place::Option(option) => args.push(format!("{option}={value}")),
        }
    }
    if !words.is_empty() {
        args.push("--".to_string());
        // The game first, then the position.
        words.sort_by_key(|(place, _)| matches!(place, Place::Position));
        args.extend(words.into_iter().map(|(_, v)| v));
    }
    Ok(args)
}

fn truth(name: &str, value: &str) -> Result<bool, Refusal> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "" | "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(Refusal::bad(format!(
            "parameter '{name}' is 1 or 0 (true or false), not '{value}'"
        ))),
    }
}

/// The index of the game spec in a command line built by [`command_line`].
fn game_index(args: &[String]) -> Option<usize> {
    args.iter().position(|a| a == "--").map(|i| i + 1)
}

/// What a spec part (between `:`) says about files: `Some(true)` a placeholder `file=@`
/// (`table=@`, `graph=file=@`), `Some(false)` a file named any other way, `None` no file.
fn file_part(part: &str) -> Option<bool> {
    let plain: String = part
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if plain == "file=@" || plain == "table=@" || plain.ends_with("=file=@") {
        Some(true)
    } else if plain.contains("file") || plain.contains("table") {
        Some(false)
    } else {
        None
    }
}

fn no_file_named() -> Refusal {
    Refusal::bad(
        "the server reads no file a request names: write file=@ (table=@) in the spec and send the file's text as the parameter 'file' (a POST body)",
    )
}

/// Refuses a spec that names a file when no file's text came with the request.
fn place_file_refused(args: &[String]) -> Result<(), Refusal> {
    let Some(spec) = game_index(args).and_then(|i| args.get(i)) else {
        return Ok(());
    };
    match spec.split(':').filter_map(file_part).next() {
        None => Ok(()),
        Some(true) => Err(Refusal::bad(
            "the spec reads a file (file=@): send its text as the parameter 'file' (a POST body)",
        )),
        Some(false) => Err(no_file_named()),
    }
}

/// A temporary file of the server's own, deleted on drop.
struct TempFile {
    path: String,
}

impl TempFile {
    /// `bytes` with the file's path shown as `@`, as the request wrote it.
    fn hide(&self, bytes: &[u8]) -> Vec<u8> {
        let needle = self.path.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i..].starts_with(needle) {
                out.push(b'@');
                i += needle.len();
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        out
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Writes `text` to a new temporary file and puts its path where the spec says `@`.
fn place_file(server: &Server, args: &mut [String], text: &str) -> Result<TempFile, Refusal> {
    let Some(at) = game_index(args).filter(|&i| i < args.len()) else {
        return Err(Refusal::bad("the parameter 'file' goes with a game spec"));
    };
    let parts: Vec<&str> = args[at].split(':').collect();
    let marks: Vec<_> = parts.iter().map(|p| file_part(p)).collect();
    if marks.contains(&Some(false)) {
        return Err(no_file_named());
    }
    if marks.iter().filter(|m| **m == Some(true)).count() != 1 {
        return Err(Refusal::bad(
            "the parameter 'file' needs exactly one file=@ (table=@) in the spec, where the file goes",
        ));
    }
    let n = server.files.fetch_add(1, Ordering::SeqCst);
    let path = std::env::temp_dir().join(format!("grundy-serve-{}-{n}.txt", std::process::id()));
    let internal = |e: std::io::Error| {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write a temporary file: {e}"),
        )
    };
    let path_text = path
        .to_str()
        .filter(|p| !p.contains(':'))
        .ok_or_else(|| internal(std::io::Error::other("unusable temporary directory")))?
        .to_string();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path).map_err(internal)?;
    // Ours from here on (create_new): deleted when the request ends.
    let temp = TempFile {
        path: path_text.clone(),
    };
    file.write_all(text.as_bytes()).map_err(internal)?;
    let spec: Vec<String> = parts
        .iter()
        .zip(&marks)
        .map(|(part, mark)| match (mark, part.rsplit_once('@')) {
            (Some(true), Some((before, after))) => format!("{before}{path_text}{after}"),
            _ => part.to_string(),
        })
        .collect();
    args[at] = spec.join(":");
    Ok(temp)
}

/// Runs `grundy ARGS` under the server's limits: its stdout, or the refusal.
async fn run_child(server: &Server, args: &[String]) -> Result<Vec<u8>, Refusal> {
    let limits = &server.limits;
    let internal = |e: std::io::Error| {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot run grundy: {e}"),
        )
    };
    let mut command = tokio::process::Command::new(&server.exe);
    command
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    #[cfg(unix)]
    {
        let memory = limits.memory;
        // SAFETY: the closure runs in the forked child before exec and only makes
        // async-signal-safe system calls (setrlimit, prctl), allocating nothing.
        unsafe {
            command.pre_exec(move || limit_child(memory));
        }
    }
    let mut child = command.spawn().map_err(internal)?;
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(internal(std::io::Error::other("no pipes")));
    };
    let work = async {
        // Each pipe is dropped once read: an answer cut at the limit closes the child's stdout.
        let read_out = async move {
            let mut buf = Vec::new();
            stdout
                .take(MAX_ANSWER + 1)
                .read_to_end(&mut buf)
                .await
                .map(|_| buf)
        };
        let read_err = async move {
            let mut buf = Vec::new();
            stderr
                .take(MAX_STDERR)
                .read_to_end(&mut buf)
                .await
                .map(|_| buf)
        };
        let (out, err) = tokio::join!(read_out, read_err);
        let (out, err) = (out.map_err(internal)?, err.map_err(internal)?);
        if out.len() as u64 > MAX_ANSWER {
            return Err(Refusal::bad(format!(
                "the answer is larger than the server's limit of {} MiB; ask a smaller range",
                MAX_ANSWER >> 20
            )));
        }
        let status = child.wait().await.map_err(internal)?;
        Ok((status, out, err))
    };
    let finished = tokio::time::timeout(limits.timeout, work).await;
    let (status, out, err) = match finished {
        Ok(Ok(done)) => done,
        Ok(Err(refusal)) => {
            let _ = child.start_kill();
            let _ = child.wait().await;
            return Err(refusal);
        }
        Err(_) => {
            let _ = child.start_kill();
            let _ = child.wait().await;
            return Err(Refusal::bad(format!(
                "took longer than the server's {} s limit (grundy serve --timeout)",
                limits.timeout.as_secs()
            )));
        }
    };
    if status.success() && !out.is_empty() {
        return Ok(out);
    }
    let err = String::from_utf8_lossy(&err);
    if let Some(line) = err.lines().find(|l| l.starts_with("error:")) {
        return Err(Refusal::bad(line.trim_end()));
    }
    if err.contains("memory allocation") {
        return Err(Refusal::bad(format!(
            "needed more than the server's memory limit of {} MiB (grundy serve --memory)",
            limits.memory >> 20
        )));
    }
    Err(Refusal::bad(format!(
        "the computation stopped without an answer ({status}; the server's memory limit is {} MiB, grundy serve --memory)",
        limits.memory >> 20
    )))
}

/// In the child before exec: caps its address space at `memory` bytes and, on Linux, has it
/// killed when the server dies.
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)] // rlim_t is u64 on Linux, not everywhere
fn limit_child(memory: u64) -> std::io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: memory as libc::rlim_t,
        rlim_max: memory as libc::rlim_t,
    };
    // SAFETY: setrlimit reads the struct we pass; no memory is shared with the parent.
    if unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl with PR_SET_PDEATHSIG takes a signal number and touches no memory.
        if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(endpoint: &str, params: &[(&str, &str)]) -> Result<Vec<String>, String> {
        let endpoint = ENDPOINTS.iter().find(|e| e.name == endpoint).unwrap();
        let params = params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        command_line(endpoint, params).map_err(|r| r.message)
    }

    #[test]
    fn parameters_go_to_fixed_places() {
        assert_eq!(
            line(
                "value",
                &[("position", "-7"), ("game", "--help"), ("misere", "1")]
            )
            .unwrap(),
            ["value", "--json", "--misere", "--", "--help", "-7"]
        );
        assert_eq!(
            line("seq", &[("game", "kayles"), ("to", "--plot=x.svg")]).unwrap(),
            ["seq", "--json", "--to=--plot=x.svg", "--", "kayles"]
        );
        assert_eq!(line("games", &[]).unwrap(), ["games", "--json"]);
        assert!(line("value", &[("game", "nim"), ("plot", "x")])
            .unwrap_err()
            .contains("no parameter 'plot'"));
        assert!(line("value", &[("position", "1")])
            .unwrap_err()
            .contains("needs the parameter 'game'"));
        assert!(line("value", &[("game", "nim"), ("game", "nim")])
            .unwrap_err()
            .contains("twice"));
        assert!(line("value", &[("game", "nim\n--plot")]).is_err());
        assert!(line("value", &[("game", "nim"), ("misere", "maybe")]).is_err());
    }

    #[test]
    fn specs_name_no_file() {
        for spec in [
            "digraph:file=/etc/passwd",
            "digraph: FILE = g.txt",
            "cram:file=b.txt",
            "takeaway:table=t.txt",
            "node-kayles:graph=file=g.txt",
            "node-kayles:graph= file =@x",
        ] {
            let args = vec!["value".into(), "--json".into(), "--".into(), spec.into()];
            assert!(place_file_refused(&args).is_err(), "{spec}");
        }
        for spec in [
            "digraph:file=@",
            "node-kayles:graph=file=@",
            "takeaway:table = @",
        ] {
            assert_eq!(spec.split(':').filter_map(file_part).next(), Some(true));
        }
        let args = vec![
            "value".into(),
            "--json".into(),
            "--".into(),
            "kayles".into(),
        ];
        assert!(place_file_refused(&args).is_ok());
    }

    #[test]
    fn queries_decode() {
        let params = parse_query("game=sub%74raction%3As%3D1%2C2&position=10&misere").unwrap();
        assert_eq!(params[0], ("game".into(), "subtraction:s=1,2".into()));
        assert_eq!(params[2], ("misere".into(), String::new()));
        assert!(parse_query("game=%zz").is_err());
        assert!(parse_query("game=%ff").is_err());
    }
}
