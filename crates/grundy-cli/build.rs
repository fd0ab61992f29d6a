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
    }
    println!("cargo:rerun-if-changed=build.rs");
}
