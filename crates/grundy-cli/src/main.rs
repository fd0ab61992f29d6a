//! The `grundy` command line: parses arguments, asks the library, formats the answers.
//! No game logic lives here. Errors print one line `error: ...` on stderr and exit with code 2.
//! Nothing here panics on an output that cannot be written: stdout that fails is an error
//! (code 2; a closed pipe, code 141, as a process killed by SIGPIPE), and a line stderr cannot
//! take is lost ([`failure::say`]).

mod allocator;
mod cli;
mod commands;
mod failure;
mod picture;
mod progress;
mod report;
mod serve;
mod stream;

use failure::say;

/// A short command's allocations cut from a region of the program's data, then mimalloc
/// ([`allocator`]; ARCHITECTURE.md, "Allocator"). mimalloc is built without its huge-page
/// advice (`no_thp`): zeroing a 2 MiB page was a third of the start-up; the search's table asks
/// for huge pages itself.
#[global_allocator]
static ALLOCATOR: allocator::FirstThenMimalloc = allocator::FirstThenMimalloc::new();

/// mimalloc's arenas start at 32 MiB (its least) instead of 1 GiB, unless the environment sets
/// `MIMALLOC_ARENA_RESERVE`: the first arena's bitmaps were about 40 of a short command's 300
/// page faults (BENCHMARKS.md, "Start-up"). mimalloc doubles the size every eighth arena, and
/// a large allocation (the search's table) gets an arena of its own size anyway. Set from the
/// program's constructors, before mimalloc's own (a constructor with a priority runs before
/// those without) and before any allocation.
#[cfg(target_os = "linux")]
mod first_arena {
    use std::sync::atomic::{AtomicI64, Ordering::Relaxed};

    /// `mi_option_arena_reserve`, its place in mimalloc 3's `mi_option_t` (the test
    /// `the_first_arena_is_small` checks that it is the option whose default is 1 GiB).
    pub const ARENA_RESERVE: libc::c_int = 23;

    unsafe extern "C" {
        pub fn mi_option_get(option: libc::c_int) -> libc::c_long;
        fn mi_option_set(option: libc::c_int, value: libc::c_long);
    }

    /// What [`small_first_arena`] read of the arena size before it set its own (KiB).
    pub static READ: AtomicI64 = AtomicI64::new(0);

    extern "C" fn small_first_arena() {
        // SAFETY: mimalloc's options are plain values; no other thread exists yet.
        unsafe {
            READ.store(mi_option_get(ARENA_RESERVE), Relaxed);
            if std::env::var_os("MIMALLOC_ARENA_RESERVE").is_none() {
                mi_option_set(ARENA_RESERVE, 32 * 1024);
            }
        }
    }

    #[used]
    #[unsafe(link_section = ".init_array.00200")]
    static SMALL_FIRST_ARENA: extern "C" fn() = small_first_arena;
}

/// The exit code of a write to a closed pipe (`| head`): the shell's code for SIGPIPE.
const BROKEN_PIPE: u8 = 141;

fn main() {
    let code = run();
    // Whatever the command wrote to stdout outside its own flushed writer (none is known).
    let _ = std::io::Write::flush(&mut std::io::stdout());
    // SAFETY: `_exit` ends the process at once; every file the command wrote was flushed and
    // closed when its writer was dropped, before `run` returned.
    unsafe { libc::_exit(code.into()) }
}

/// The command, and its exit code.
///
/// `main` ends the process with `_exit`, without the handlers that `exit` runs: the only one
/// with work to do was mimalloc's, which gives its memory back to the kernel page by page,
/// 5 % of the CPU time of a command that takes a few milliseconds (BENCHMARKS.md, "Start-up"),
/// memory the kernel takes back whole anyway.
fn run() -> u8 {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(refusal) = cli::misere_refusal(&args) {
        say(&refusal);
        return 2;
    }
    let cli = match cli::parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            // `grundy` alone (or `grundy --`) shows the help, as `--help` does.
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let mut stdout = std::io::stdout().lock();
                let written = std::io::Write::write_all(&mut stdout, e.to_string().as_bytes())
                    .and_then(|()| std::io::Write::flush(&mut stdout));
                return match written {
                    Ok(()) => 0,
                    Err(e) => failed(failure::Failure::Io(e)),
                };
            }
            say(&one_line(&e.to_string()));
            return 2;
        }
    };
    if let Some(threads) = &cli.global.threads {
        if let Err(e) = use_threads(threads) {
            say(&format!("error: {e}"));
            return 2;
        }
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let result = commands::run(cli, &mut out);
    let result =
        result.and_then(|()| std::io::Write::flush(&mut out).map_err(failure::Failure::Io));
    match result {
        Ok(()) => 0,
        Err(e) => failed(e),
    }
}

/// What a failed command says on stderr, and its exit code.
fn failed(failure: failure::Failure) -> u8 {
    match failure {
        // A closed pipe (e.g. `| head`) is not an error worth a message: the shell's code for
        // a process that SIGPIPE ended.
        failure::Failure::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe => BROKEN_PIPE,
        // Ctrl-C on a command whose output stays valid: said on stderr, the shell's code for it.
        failure::Failure::Interrupted(what) => {
            say(&what);
            130
        }
        // A run that stopped short with a valid partial answer on stdout (not an error).
        failure::Failure::Incomplete(what) => {
            say(&format!("stopped: {what}"));
            3
        }
        e => {
            say(&format!("error: {}", e.to_string().replace('\n', " ")));
            2
        }
    }
}

/// `--threads N`: the parallel computations get N threads.
///
/// Said through `RAYON_NUM_THREADS`, which sizes rayon's global pool when a computation first
/// needs it, instead of building the pool here: a command that needs none (a board search,
/// whose searches are threads of their own, [`commands::threads`]) starts no idle workers,
/// whose start and spinning were a third of the CPU time of a command that takes a few
/// milliseconds (BENCHMARKS.md, "Start-up").
fn use_threads(text: &str) -> Result<(), String> {
    const MAX: u64 = 1024;
    let n = grundy::number::parse_u64(text).map_err(|e| format!("--threads: {e}"))?;
    if !(1..=MAX).contains(&n) {
        return Err(format!("--threads must be between 1 and {MAX}, not {n}"));
    }
    // Before any other thread exists: nothing reads the environment meanwhile.
    std::env::set_var(commands::THREADS_VARIABLE, n.to_string());
    Ok(())
}

/// clap's several-line message as one line: what is wrong with its details (the missing
/// arguments, the accepted values), clap's tip ("a similar argument exists: '--format'") and
/// the usage.
fn one_line(text: &str) -> String {
    let (mut head, mut details, mut tips, mut usage) =
        (String::new(), Vec::new(), Vec::new(), None);
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if head.is_empty() {
            head = line.to_string();
        } else if let Some(u) = line.strip_prefix("Usage: ") {
            usage = Some(u.to_string());
        } else if let Some(tip) = line.strip_prefix("tip: ") {
            tips.push(tip.to_string());
        } else if !line.starts_with("For more information") {
            details.push(line.to_string());
        }
    }
    if !head.starts_with("error:") {
        head = format!("error: {head}");
    }
    let mut one = head;
    if !details.is_empty() {
        one.push(' ');
        one.push_str(&details.join(", "));
    }
    for tip in tips {
        one.push_str(&format!("; {tip}"));
    }
    if let Some(usage) = usage {
        one.push_str(&format!("; usage: {usage}"));
    }
    one
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    #[cfg(target_os = "linux")]
    fn the_first_arena_is_small() {
        use super::first_arena::{mi_option_get, ARENA_RESERVE, READ};
        use std::sync::atomic::Ordering::Relaxed;
        // The option changed is the one whose default is mimalloc's documented first arena
        // size, 1 GiB (in KiB), and it now says 32 MiB.
        assert_eq!(READ.load(Relaxed), 1 << 20);
        // SAFETY: reading an option.
        assert_eq!(unsafe { mi_option_get(ARENA_RESERVE) }, 32 << 10);
    }

    /// `build.rs` links the unwinder in (and, where glibc's archives are installed, everything):
    /// no `libgcc_s.so` is loaded, and a panic still unwinds (dropping what it leaves) to where
    /// it is caught, with a backtrace. The tests of this file are linked as the program is.
    #[test]
    #[cfg(all(target_os = "linux", target_arch = "x86_64", target_env = "gnu"))]
    fn the_unwinder_is_linked_in() {
        let maps = std::fs::read_to_string("/proc/self/maps").expect("Linux has /proc/self/maps");
        match env!("GRUNDY_LINKED") {
            "static" => assert!(!maps.contains(".so"), "a shared library is loaded:\n{maps}"),
            _ => assert!(
                maps.contains("libc.so"),
                "the maps list the shared libraries"
            ),
        }
        assert!(!maps.contains("libgcc_s"), "libgcc_s.so is loaded:\n{maps}");
        struct Dropped<'a>(&'a std::cell::Cell<bool>);
        impl Drop for Dropped<'_> {
            fn drop(&mut self) {
                self.0.set(true);
            }
        }
        let dropped = std::cell::Cell::new(false);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _guard = Dropped(&dropped);
            std::hint::black_box(Option::<u8>::None).expect("a panic on purpose")
        }));
        assert!(caught.is_err() && dropped.get());
        let trace = std::backtrace::Backtrace::force_capture();
        assert_eq!(trace.status(), std::backtrace::BacktraceStatus::Captured);
    }

    #[test]
    fn clap_messages_keep_every_part_on_one_line() {
        let text = "error: the following required arguments were not provided:\n  <POSITION>\n\nUsage: grundy value <GAME> <POSITION>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "error: the following required arguments were not provided: <POSITION>; usage: grundy value <GAME> <POSITION>"
        );
        let text = "error: unexpected argument '--formt' found\n\n  tip: a similar argument exists: '--format'\n\nUsage: grundy seq --to <TO> <GAME>\n";
        assert_eq!(
            one_line(text),
            "error: unexpected argument '--formt' found; a similar argument exists: '--format'; usage: grundy seq --to <TO> <GAME>"
        );
    }
}
