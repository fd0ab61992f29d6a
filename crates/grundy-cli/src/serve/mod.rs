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
//! - **size**: a request's query string is at most 32 KiB, its body 64 KiB (a larger declared
//!   length is refused at once), an answer 32 MiB;
//! - **connections**: at most `--connections` are open at once (more wait in the system's
//!   queue of the listening socket, costing nothing), each has `--header-timeout` to send its
//!   request's head, and carries one request.
//!
//! Every answer is JSON, the refusals of malformed HTTP included: hyper answers a request it
//! cannot parse on its own with an empty body, and [`JsonErrors`] puts the JSON of that status
//! in its place. A refusal quoting a request shows its control characters escaped, on one line.
//!
//! # What a request cannot do
//!
//! A parameter's value is never read as a flag: option values are passed glued to their flag
//! (`--to=VALUE`) and the game and position come after `--`. No request names a file: a spec
//! that reads one (`digraph:file=`, `cram:file=`, `takeaway:table=`, `graph=file=`) must say
//! `file=@` and send the file's text as the parameter `file` (a POST body); the server writes
//! it to a temporary file of its own (an unpredictable name, created exclusively, mode 0600, in
//! a directory the server made for itself at start, mode 0700), deletes it afterwards, and
//! shows its path as `@`.
//!
//! The page (`page.html`, `page.js`, `page.css`, compiled in) is a thin client of this API.

use std::io::Write;
use std::net::ToSocketAddrs;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};

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
        name: "remoteness",
        command: "remoteness",
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
    /// Connections open at once.
    connections: usize,
    /// The time a client has to send a request's head.
    header_timeout: Duration,
}

struct Server {
    limits: Limits,
    exe: PathBuf,
    /// One permit per child that may run.
    running: tokio::sync::Semaphore,
    /// Requests computing or waiting for a permit.
    admitted: AtomicUsize,
    /// The directory of the files requests send (`file=@`): made at start with an
    /// unpredictable name (mode 0700), removed when the server ends.
    files: tempfile::TempDir,
}

/// A refusal: its HTTP status and the one-line `error: ...` message.
#[derive(Debug)]
struct Refusal {
    status: StatusCode,
    message: String,
}

impl Refusal {
    /// The refusal `message` with `status`; control characters of what it quotes of the
    /// request are escaped (`\n`, `\t`, `\0`, `\u{7f}`), so that it stays one line.
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        let message = escaped(&message.into());
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

/// `text` with its control characters escaped as Rust writes them (`\n`, `\r`, `\t`, `\0`,
/// `\u{7f}`), the rest as it is.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// What a refusal of `status` says when the server has nothing more precise: hyper's own
/// refusals of malformed HTTP ([`JsonErrors`]) and axum's ([`json_errors`]).
fn status_message(status: StatusCode) -> String {
    match status {
        StatusCode::BAD_REQUEST => "malformed HTTP request: the server reads HTTP/1.1 (RFC 9112), a request line `METHOD /PATH HTTP/1.1` and headers of visible ASCII characters, a Content-Length of digits".into(),
        StatusCode::URI_TOO_LONG => format!("the request's URI is longer than HTTP's limit of 64 KiB (the server takes query strings of at most {} KiB)", MAX_QUERY / 1024),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "the request's head (its request line and headers) is larger than the server takes".into(),
        StatusCode::METHOD_NOT_ALLOWED => "the page is read with GET (the API answers GET and POST on /api/...)".into(),
        _ => format!(
            "{} {}",
            status.as_u16(),
            status.canonical_reason().unwrap_or("error")
        ),
    }
}

/// Every answer is JSON: an error response axum makes on its own (a method a page does not
/// take, an extractor's rejection) becomes the refusal of its status.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !json {
        return Refusal::new(status, status_message(status)).into_response();
    }
    response
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
    let connections = number(&args.connections)?;
    if connections == 0 || connections > 65536 {
        return Err(invalid(format!(
            "--connections {}: between 1 and 65536",
            args.connections
        )));
    }
    let header_seconds = number(&args.header_timeout)?;
    if header_seconds == 0 || header_seconds > 3600 {
        return Err(invalid(format!(
            "--header-timeout {}: between 1 and 3600 seconds",
            args.header_timeout
        )));
    }
    let limits = Limits {
        timeout: Duration::from_secs(seconds),
        memory: parse_memory(&args.memory)?,
        jobs: jobs as usize,
        queue: queue as usize,
        connections: connections as usize,
        header_timeout: Duration::from_secs(header_seconds),
    };
    let address = (args.host.as_str(), port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut all| all.next())
        .ok_or_else(|| invalid(format!("--host {}: not an address to listen on", args.host)))?;
    let exe = std::env::current_exe()
        .map_err(|e| invalid(format!("cannot find the grundy binary to run: {e}")))?;
    let mut files = tempfile::Builder::new();
    files.prefix("grundy-serve-");
    // Only the server enters it (tempfile's default is 0777 less the umask).
    #[cfg(unix)]
    files.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700));
    let files = files
        .tempdir()
        .map_err(|e| invalid(format!("cannot make a temporary directory: {e}")))?;
    if files.path().to_str().is_none_or(|p| p.contains(':')) {
        return Err(invalid(format!(
            "the temporary directory {} cannot be written in a game spec (it is not UTF-8 or holds ':'); set TMPDIR to another",
            files.path().display()
        )));
    }
    let server = Server {
        exe,
        running: tokio::sync::Semaphore::new(limits.jobs),
        limits,
        admitted: AtomicUsize::new(0),
        files,
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
        let server = Arc::new(server);
        serve(listener, router(server.clone()), &server.limits).await;
        Ok::<(), crate::failure::Failure>(())
    })
}

/// Accepts connections until Ctrl-C or SIGTERM, at most `limits.connections` open at once (a
/// new one waits in the system's queue until one closes), each with `limits.header_timeout` to
/// send its request's head (hyper then closes it) and one request (so that whatever hyper
/// writes before the service sees a request is its refusal of malformed HTTP, which
/// [`JsonErrors`] turns into JSON). Then lets the open connections finish, at most for the
/// request timeout.
async fn serve(listener: tokio::net::TcpListener, app: Router, limits: &Limits) {
    let open = Arc::new(tokio::sync::Semaphore::new(limits.connections));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut stop = std::pin::pin!(stopped());
    loop {
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let served = Arc::new(AtomicBool::new(false));
        let io = hyper_util::rt::TokioIo::new(JsonErrors::new(stream, served.clone()));
        let app = app.clone();
        let service = hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
            served.store(true, Ordering::SeqCst);
            tower::ServiceExt::oneshot(app.clone(), request.map(Body::new))
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .keep_alive(false)
            .serve_connection(io, service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(limits.timeout, graceful.shutdown()).await;
}

/// After a failed accept: a connection reset before it was taken is nothing; anything else
/// (out of file descriptors) is waited out a moment rather than spun on.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A connection as hyper sees it. hyper answers a request it cannot parse (a control byte in
/// the request line, a Content-Length that is no number, a URI or a head too long) on its own,
/// with an empty body, before any service sees it; since a connection carries one request,
/// whatever hyper writes while the service has seen none is such an answer. It is held until
/// its head is complete and replaced by the same status with a JSON body.
struct JsonErrors {
    stream: tokio::net::TcpStream,
    /// Set when the service sees the connection's request.
    served: Arc<AtomicBool>,
    /// hyper's own answer, held until its head is complete.
    held: Vec<u8>,
    /// The JSON answer in its place, and how much of it is written.
    replacement: Option<(Vec<u8>, usize)>,
}

/// The most bytes of hyper's own answer held to read its status.
const MAX_HELD: usize = 4096;

impl JsonErrors {
    fn new(stream: tokio::net::TcpStream, served: Arc<AtomicBool>) -> Self {
        JsonErrors {
            stream,
            served,
            held: Vec::new(),
            replacement: None,
        }
    }

    /// Writes what is left of the replacement answer.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        if let Some((bytes, written)) = &mut self.replacement {
            while *written < bytes.len() {
                let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &bytes[*written..]))?;
                if n == 0 {
                    return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
                }
                *written += n;
            }
        }
        Poll::Ready(Ok(()))
    }
}

/// The JSON answer of `status` as raw HTTP/1.1, the connection closed after it.
fn raw_refusal(status: StatusCode) -> Vec<u8> {
    let refusal = Refusal::new(status, status_message(status));
    let body = serde_json::json!({ "error": refusal.message }).to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncache-control: no-store\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

impl AsyncRead for JsonErrors {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for JsonErrors {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        if this.replacement.is_none() && this.held.is_empty() && this.served.load(Ordering::SeqCst)
        {
            return Pin::new(&mut this.stream).poll_write(cx, buf);
        }
        if this.replacement.is_none() {
            this.held.extend_from_slice(buf);
            let head_done = this.held.windows(4).any(|w| w == b"\r\n\r\n");
            if head_done || this.held.len() > MAX_HELD {
                // `HTTP/1.1 400 Bad Request`: the status is the second word.
                let status = std::str::from_utf8(&this.held)
                    .ok()
                    .and_then(|head| head.split(' ').nth(1))
                    .and_then(|code| StatusCode::from_bytes(code.as_bytes()).ok())
                    .unwrap_or(StatusCode::BAD_REQUEST);
                this.replacement = Some((raw_refusal(status), 0));
            }
        }
        // hyper's bytes are taken (and dropped: its answer has no body); ours go out on flush.
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
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
            "/drawings.js",
            get(|| asset(include_str!("drawings.js"), "text/javascript")),
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
        .layer(axum::middleware::map_response(json_errors))
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
    endpoint: Result<Path<String>, PathRejection>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Body,
) -> Response {
    let Ok(Path(endpoint)) = endpoint else {
        return Refusal::bad("the endpoint's name is not valid percent-encoded UTF-8")
            .into_response();
    };
    match answer(&server, &endpoint, &method, &headers, query, body).await {
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
    headers: &HeaderMap,
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
        // A length declared past the limit is refused before any byte of the body is waited
        // for (hyper has checked that it is a number).
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > MAX_REQUEST as u64) {
            return Err(too_large("body", MAX_REQUEST));
        }
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
        (Some(temp), Err(refusal)) => Err(Refusal::new(
            refusal.status,
            String::from_utf8_lossy(&temp.hide(refusal.message.as_bytes())),
        )),
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
    /// Deletes the file when dropped.
    _file: tempfile::NamedTempFile,
    /// Its path, as the child's command line has it.
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
    let internal = |e: std::io::Error| {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write a temporary file: {e}"),
        )
    };
    // An unpredictable name, created exclusively (mode 0600) in the server's own directory:
    // ours from here on, deleted when the request ends.
    let mut file = tempfile::Builder::new()
        .prefix("request-")
        .suffix(".txt")
        .tempfile_in(server.files.path())
        .map_err(internal)?;
    file.write_all(text.as_bytes()).map_err(internal)?;
    let path_text = file
        .path()
        .to_str()
        .ok_or_else(|| internal(std::io::Error::other("a path that is not UTF-8")))?
        .to_string();
    let temp = TempFile {
        _file: file,
        path: path_text.clone(),
    };
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
