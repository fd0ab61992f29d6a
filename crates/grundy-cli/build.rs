//! How the `grundy` program is linked where the platform's C compiler drives the link (Linux
//! with glibc on x86-64), for a faster start (BENCHMARKS.md, "Start-up"):
//!
//! - **Position-dependent** (`-no-pie`): its code is compiled as usual, but the addresses in its
//!   tables are fixed when it is linked instead of being patched by the dynamic loader at every
//!   start (about 14,800 relocations, each page of them a page fault; about 60 page faults).
//!   The cost: the program itself is not loaded at a random address.
//! - **Functions bound on first call** (`-z lazy`): Rust asks for every imported function to be
//!   bound at start (`-z now`, "full RELRO"); a short command calls few of them. The cost: the
//!   table of those addresses stays writable, a hardening the program gives up.
//! - **The unwinder linked in** (`libgcc_eh.a`, as `gcc -static-libgcc` does): no
//!   `libgcc_s.so` to load, whose constructor asks the processor for its features about a dozen
//!   times (`cpuid`, which a virtual machine may take microseconds to answer). Panics unwind
//!   and print their backtraces as before (a test in `main.rs`).
//! - **Statically linked**, where the C compiler finds glibc's static archives (`libc.a`, from
//!   Debian's `libc6-dev`): no dynamic loader, no shared library to map, relocate and bind
//!   (0-0.2 ms less CPU of a short command's 1.0-1.3 ms, BENCHMARKS.md, "Start-up, static"). Cargo
//!   asks for a static link (`+crt-static`) only for a whole build and a target triple given
//!   on every command, so here the program alone is linked `-static`, with a directory of its
//!   own searched first in which each library Rust's standard library names (`-lc`, `-lm`,
//!   ...) is glibc's archive (and `-lgcc_s` the unwinder's): rustc asks for them after a
//!   `-Bdynamic`, which would otherwise find the shared ones. Where an archive is missing the
//!   program is linked as before; `GRUNDY_DYNAMIC_LINK=1` at build time asks for that too. A
//!   CLI test checks that the program built so has no interpreter and no shared library.
//! - **musl** (`--target x86_64-unknown-linux-musl`, README): Rust links the program
//!   statically by itself, and `.cargo/config.toml` compiles it position-dependent; this script
//!   only tells the tests which of the two forms was built (`GRUNDY_LINKED`).
use std::path::{Path, PathBuf};
use std::process::Command;

/// The libraries rustc links a Rust program with on x86-64 Linux with glibc, each with the
/// archive that stands for it in a static link.
const ARCHIVES: [(&str, &str); 7] = [
    ("c", "libc.a"),
    ("m", "libm.a"),
    ("pthread", "libpthread.a"),
    ("dl", "libdl.a"),
    ("rt", "librt.a"),
    ("util", "libutil.a"),
    ("gcc_s", "libgcc_eh.a"),
];

/// A directory where `lib<name>.a` is glibc's archive for each of [`ARCHIVES`], or `None`
/// when the C compiler does not find one of them.
fn static_archives(out: &Path) -> Option<PathBuf> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let dir = out.join("static-libs");
    std::fs::create_dir_all(&dir).ok()?;
    for (name, file) in ARCHIVES {
        let found = Command::new(&cc)
            .arg(format!("-print-file-name={file}"))
            .output()
            .ok()?;
        // The compiler prints the name back unchanged when it finds no such file.
        let path = PathBuf::from(String::from_utf8(found.stdout).ok()?.trim());
        if !found.status.success() || !path.is_absolute() || !path.is_file() {
            return None;
        }
        let link = dir.join(format!("lib{name}.a"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&path, &link).ok()?;
    }
    Some(dir)
}

fn main() {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux"
        && target("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && target("CARGO_CFG_TARGET_ENV") == "gnu"
    {
        println!("cargo:rustc-link-arg-bin=grundy=-no-pie");
        println!("cargo:rustc-link-arg-bin=grundy=-Wl,-z,lazy");
        // Found before `-lgcc_s`, which `--as-needed` then leaves out.
        println!("cargo:rustc-link-lib=static=gcc_eh");
        let out = PathBuf::from(target("OUT_DIR"));
        let dynamic = std::env::var_os("GRUNDY_DYNAMIC_LINK").is_some_and(|v| v != "0");
        match (dynamic, static_archives(&out)) {
            (false, Some(dir)) => {
                println!("cargo:rustc-link-arg-bin=grundy=-static");
                println!("cargo:rustc-link-arg-bin=grundy=-L{}", dir.display());
                println!("cargo:rustc-env=GRUNDY_LINKED=static");
            }
            _ => println!("cargo:rustc-env=GRUNDY_LINKED=dynamic"),
        }
    } else if target("CARGO_CFG_TARGET_ENV") == "musl" {
        // Rust links a musl program statically on its own; it is position-independent
        // (relocating itself at start) unless the code is not (.cargo/config.toml).
        let flags = target("CARGO_ENCODED_RUSTFLAGS");
        let fixed = flags
            .split('\x1f')
            .any(|f| f.ends_with("relocation-model=static"));
        let linked = if fixed { "static" } else { "static-pie" };
        println!("cargo:rustc-env=GRUNDY_LINKED={linked}");
    } else {
        println!("cargo:rustc-env=GRUNDY_LINKED=dynamic");
    }
    println!("cargo:rerun-if-env-changed=GRUNDY_DYNAMIC_LINK");
    println!("cargo:rerun-if-env-changed=CC");
    println!("cargo:rerun-if-changed=build.rs");
}
