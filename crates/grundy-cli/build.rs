//! Links the `grundy` program as a position-dependent executable where the platform's C
//! compiler drives the link (Linux with glibc on x86-64): its code is compiled as usual, but the
//! addresses in its tables are fixed when it is linked instead of being patched by the dynamic
//! loader at every start (about 14,800 relocations, each page of them a page fault). A short
//! command starts with about 60 fewer page faults (BENCHMARKS.md, "Start-up"); the cost is that
//! the program itself is not loaded at a random address.
fn main() {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux"
        && target("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && target("CARGO_CFG_TARGET_ENV") == "gnu"
    {
        println!("cargo:rustc-link-arg-bin=grundy=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
