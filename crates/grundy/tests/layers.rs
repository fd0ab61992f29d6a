//! The library's layers are one-way (ARCHITECTURE.md, "Layers").
//!
//! A *top-level module* is the first path segment under `src/`: a file `foo.rs` or a folder
//! `foo/`. This test reads every `.rs` file under `src/`, collects the top-level modules each
//! one names through `crate::` (in `use crate::{a, b::c}` lines as in paths written out, such
//! as `crate::solve::solver_for(..)` or a serde attribute's `"crate::ruleset::..."`) and builds
//! the graph of top-level modules. It fails
//!
//! - on a module that uses a module of a higher layer of [`LAYERS`], naming the file and line;
//! - on a cycle between top-level modules (possible only inside one layer once the first
//!   check passes), naming the cycle and where each step is;
//! - when [`LAYERS`] and the modules declared in `lib.rs` differ, so the list stays current.
//!
//! Names the crate root re-exports (`crate::Error`, `crate::Ruleset`) count as the module
//! they come from, read off `lib.rs`'s `pub use` lines. Comments are left out (a doc link may
//! point anywhere), and so are `#[cfg(test)]` items: like a dev-dependency, a unit test may
//! check an engine against a family or a family through the question layer without making the
//! library circular. The reader relies on `cargo fmt`'s layout (an item's closing brace at
//! its own indentation).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may use modules of its own layer and of the layers
/// below, never above. The CLI and the Python package, the top layer, are other crates.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "core types and traits",
        &[
            "error", "number", "files", "progress", "analysis", "game", "ruleset", "family",
            "verify", "cpu",
        ],
    ),
    ("engines", &["solve"]),
    ("families", &["games"]),
    ("the registry of families", &["registry", "spec"]),
    (
        "conventions and surveys",
        &["misere", "nim_fractals", "survey"],
    ),
    ("questions", &["claims", "query", "reproduce"]),
];

/// An edge of the graph: `from` uses `to`, first at `at` (`file:line`).
type Edges = BTreeMap<(String, String), String>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, in a fixed order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` without its comments (`//` to the end of the line, `/* ... */`), string and
/// character literals kept whole and every newline kept, so line numbers stay right.
fn without_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string r"..." or r#"..."#: copied to its closing quote and hashes.
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            let mut k = j + 1;
            while k < chars.len()
                && !(chars[k] == '"' && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#')))
            {
                k += 1;
            }
            let end = (k + 1 + hashes).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else if c == '"' {
            out.push(c);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    out.push(chars[i]);
                    i += 1;
                }
            }
            if i < chars.len() {
                out.push('"');
                i += 1;
            }
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal ('"', '\'', '{'); a lifetime ('a) has no closing quote.
            let mut j = i + 1;
            if chars.get(j) == Some(&'\\') {
                j += 1;
            }
            j += 1;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            let end = (j + 1).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// `text` with every `#[cfg(test)]` item blanked (lines kept, so numbers stay right). The item
/// after the attribute (and any further attributes) ends on its first line if that line ends
/// with `;`, else at the first later line at the attribute's indentation that is `}` or ends
/// with `;` (rustfmt puts an item's closing brace at the item's indentation).
fn without_tests(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "#[cfg(test)]" {
            out.push(lines[i]);
            i += 1;
            continue;
        }
        let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
        out.push("");
        i += 1;
        while i < lines.len() && lines[i].trim_start().starts_with("#[") {
            out.push("");
            i += 1;
        }
        let first = i;
        while i < lines.len() {
            let line = lines[i].trim_end();
            let at_indent = line.starts_with(indent)
                && !line[indent.len()..].starts_with(char::is_whitespace)
                && line.len() > indent.len();
            let ends = if i == first {
                line.ends_with(';')
            } else {
                at_indent && (line[indent.len()..].starts_with('}') || line.ends_with(';'))
            };
            out.push("");
            i += 1;
            if ends {
                break;
            }
        }
    }
    out.join("\n")
}

/// The first path segment of every `crate::` path in `code`, with its line (1-based).
/// `crate::{a::b, c}` gives `a` and `c`; `$crate::` in a macro counts as `crate::`.
fn crate_references(code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (start, _) in code.match_indices("crate::") {
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let line = code[..start].matches('\n').count() + 1;
        let rest = &code[start + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The top-level items of the group, split at commas outside nested braces.
            let (mut depth, mut item) = (0, String::new());
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.extend(first_segment(&item).map(|s| (s, line)));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            found.extend(first_segment(&item).map(|s| (s, line)));
        } else {
            found.extend(first_segment(rest).map(|s| (s, line)));
        }
    }
    found
}

fn first_segment(path: &str) -> Option<String> {
    let name: String = path
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty() && name != "self").then_some(name)
}

/// The modules `lib.rs` declares, and the names it re-exports with the module each comes
/// from (`pub use error::{Error, Result};`).
fn crate_root() -> (BTreeSet<String>, BTreeMap<String, String>) {
    let lib = without_comments(&fs::read_to_string(src().join("lib.rs")).unwrap());
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for statement in lib
        .split(';')
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
    {
        if let Some(name) = statement
            .strip_prefix("pub mod ")
            .or(statement.strip_prefix("mod "))
        {
            modules.insert(name.to_string());
        } else if let Some(path) = statement.strip_prefix("pub use ") {
            let (module, names) = path.split_once("::").expect("pub use module::names");
            let names = names.trim_start_matches('{').trim_end_matches('}');
            for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                reexports.insert(name.to_string(), module.to_string());
            }
        }
    }
    (modules, reexports)
}

/// The graph of top-level modules: which module uses which, and where first.
fn graph() -> Edges {
    let (modules, reexports) = crate_root();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut edges = Edges::new();
    for file in files {
        let relative = file.strip_prefix(src()).unwrap();
        let first = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let from = first.trim_end_matches(".rs").to_string();
        if from == "lib" {
            continue;
        }
        assert!(
            modules.contains(&from),
            "{} is not declared in lib.rs",
            relative.display()
        );
        let code = without_tests(&without_comments(&fs::read_to_string(&file).unwrap()));
        for (name, line) in crate_references(&code) {
            let to = match reexports.get(&name) {
                Some(module) => module.clone(),
                None if modules.contains(&name) => name,
                None => panic!(
                    "{}:{line}: crate::{name} is neither a module nor a re-export of lib.rs",
                    relative.display()
                ),
            };
            if to != from {
                let at = format!("{}:{line}", relative.display());
                edges.entry((from.clone(), to)).or_insert(at);
            }
        }
    }
    edges
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// A cycle of the graph, as the modules along it (the first repeated at the end), or `None`.
fn find_cycle(edges: &Edges) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    // Depth-first search; `path` holds the modules on the current branch.
    fn visit<'a>(
        module: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|&m| m == module) {
            let mut cycle: Vec<String> = path[at..].iter().map(|m| m.to_string()).collect();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if !done.insert(module) {
            return None;
        }
        path.push(module);
        for &to in next.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(to, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    let starts: Vec<&str> = next.keys().copied().collect();
    starts
        .into_iter()
        .find_map(|m| visit(m, &next, &mut Vec::new(), &mut done))
}

/// "a -> b -> a (a uses b at a.rs:3; b uses a at b/mod.rs:5)".
fn describe(cycle: &[String], edges: &Edges) -> String {
    let steps: Vec<String> = cycle
        .windows(2)
        .map(|w| {
            let at = &edges[&(w[0].clone(), w[1].clone())];
            format!("{} uses {} at {at}", w[0], w[1])
        })
        .collect();
    format!("{} ({})", cycle.join(" -> "), steps.join("; "))
}

#[test]
fn the_layer_list_names_every_module_once() {
    let (modules, _) = crate_root();
    let listed: Vec<&str> = LAYERS.iter().flat_map(|(_, m)| m.iter().copied()).collect();
    let set: BTreeSet<String> = listed.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        set.len(),
        listed.len(),
        "a module is listed twice in LAYERS"
    );
    assert_eq!(set, modules, "LAYERS and the modules of lib.rs differ");
}

#[test]
fn no_module_uses_a_higher_layer() {
    let mut upward = String::new();
    for ((from, to), at) in &graph() {
        let (Some(low), Some(high)) = (layer_of(from), layer_of(to)) else {
            continue; // the_layer_list_names_every_module_once reports it.
        };
        if high > low {
            let _ = writeln!(
                upward,
                "  {from} ({}) uses {to} ({}) at {at}",
                LAYERS[low].0, LAYERS[high].0
            );
        }
    }
    assert!(upward.is_empty(), "imports against the layers:\n{upward}");
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let edges = graph();
    if let Some(cycle) = find_cycle(&edges) {
        panic!("import cycle: {}", describe(&cycle, &edges));
    }
}

#[test]
fn the_reader_sees_groups_and_paths_and_skips_comments_and_tests() {
    let code = r#"
use crate::{a::{b, c}, d, self};
use crate::e;
// use crate::commented;
/* crate::blocked */
#[serde(serialize_with = "crate::f::g")]
fn h() { let s = "// not a comment"; crate::i::j(); let c = '"'; x_crate::no(); }
#[cfg(test)]
mod tests {
    use crate::in_tests;
}
#[cfg(test)]
use crate::test_only;
$crate::k
"#;
    let code = without_tests(&without_comments(code));
    let names: Vec<(String, usize)> = crate_references(&code);
    let names: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "d", "e", "f", "i", "k"]);
    assert_eq!(crate_references(&code)[3].1, 6, "line numbers are kept");
}

#[test]
fn a_cycle_is_found_and_named() {
    let edge = |a: &str, b: &str, at: &str| ((a.to_string(), b.to_string()), at.to_string());
    let mut edges: Edges = [
        edge("registry", "misere", "registry.rs:11"),
        edge("misere", "spec", "misere/play.rs:107"),
        edge("spec", "registry", "spec.rs:9"),
        edge("spec", "family", "spec.rs:8"),
    ]
    .into();
    let cycle = find_cycle(&edges).expect("a cycle");
    assert_eq!(
        describe(&cycle, &edges),
        "misere -> spec -> registry -> misere (misere uses spec at misere/play.rs:107; \
         spec uses registry at spec.rs:9; registry uses misere at registry.rs:11)"
    );
    edges.remove(&("spec".to_string(), "registry".to_string()));
    assert_eq!(find_cycle(&edges), None);
}
