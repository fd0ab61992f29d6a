//! `hackenbush:file=FILE`, `hackenbush:edges=0-1,1-2,2-0`, `hackenbush:stalks=3,5,6`.

use super::{Hackenbush, MAX_EDGES};
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "hackenbush",
    keys: &["file", "edges", "stalks"],
    summary: "hackenbush:edges=0-1,1-2,2-0 (or file=G.txt, one edge 'u v' a line; or stalks=3,5): Green Hackenbush, vertex 0 the ground; cut an edge, what hangs from it falls (positions: the edges left by number, like 0,2; all by default)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(hackenbush(args)?))
}

/// The picture of a spec (exactly one of `file`, `edges`, `stalks`).
fn hackenbush(args: &mut SpecArgs) -> Result<Hackenbush> {
    let file = args.take("file");
    let edges = args.take("edges");
    // Stalk lengths as a list (repeats are separate stalks), not a set.
    let stalks = match args.take("stalks") {
        Some(text) => Some(crate::number::parse_position(&text).map_err(|e| {
            Error::Spec(format!(
                "hackenbush:stalks={text}: {e} (stalk lengths, like 3,5,6)"
            ))
        })?),
        None => None,
    };
    let spec = match (&file, &edges, &stalks) {
        (Some(f), None, None) => format!("hackenbush:file={f}"),
        (None, Some(e), None) => format!("hackenbush:edges={e}"),
        (None, None, Some(s)) => format!(
            "hackenbush:stalks={}",
            s.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        ),
        _ => {
            return Err(Error::Spec(
                "hackenbush takes exactly one of file=FILE, edges=0-1,1-2 or stalks=3,5".into(),
            ))
        }
    };
    if let Some(lengths) = stalks {
        return Hackenbush::stalks(&lengths, spec);
    }
    let pairs = match (file, edges) {
        (Some(path), _) => read(&path)?,
        (_, Some(text)) => inline(&text)?,
        _ => unreachable!("one source was checked above"),
    };
    Hackenbush::new(&pairs, spec)
}

/// `0-1,1-2,2-2`: edges as pairs of vertex names joined by `-`.
fn inline(text: &str) -> Result<Vec<(String, String)>> {
    inline_pairs(text, "hackenbush edge")
}

/// `0-1,1-2`: pairs of vertex names joined by `-` (`what`, e.g. "hackenbush edge", names an
/// item in errors).
pub fn inline_pairs(text: &str, what: &str) -> Result<Vec<(String, String)>> {
    text.split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|edge| match edge.split_once('-') {
            Some((u, v)) if !u.trim().is_empty() && !v.trim().is_empty() => {
                Ok((u.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(Error::Spec(format!(
                "{what} '{edge}': two vertex names joined by '-', like 0-1"
            ))),
        })
        .collect()
}

/// A picture file: one edge `u v` a line (names of any kind), `#` starts a comment.
fn read(path: &str) -> Result<Vec<(String, String)>> {
    let edges = crate::files::read_edge_list(path, "Hackenbush file")?;
    if edges.len() > MAX_EDGES {
        return Err(Error::TooLarge(format!(
            "Hackenbush file {path}: a picture has at most {MAX_EDGES} edges; this one has {}",
            edges.len()
        )));
    }
    Ok(edges)
}

/// The picture of a spec string, typed (for the folder's tests and claims).
pub fn build_text(text: &str) -> Result<Hackenbush> {
    let mut args = SpecArgs::parse(text)?;
    let game = hackenbush(&mut args)?;
    args.finish(&FAMILY)?;
    Ok(game)
}
