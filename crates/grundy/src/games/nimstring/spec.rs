//! `nimstring:file=FILE`, `nimstring:strings=0-1,1-2`, `dots:RxC`.

use super::Nimstring;
use crate::family::{Family, SpecArgs};
use crate::games::board::parse_size;
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[NIMSTRING, DOTS];

/// Nimstring on a picture of strings and coins.
pub const NIMSTRING: Family = Family {
    name: "nimstring",
    keys: &["file", "strings"],
    summary: "nimstring:file=F.txt (one string 'u v' a line, vertex 0 the ground; or strings=0-1,1-2,2-0): Nimstring, cut a string, whoever cuts a coin free moves again; values are nimbers or loony (positions: the strings left by number, like 0,2; all by default)",
    build: build_nimstring,
};

/// Dots-and-Boxes as Nimstring.
pub const DOTS: Family = Family {
    name: "dots",
    keys: &[],
    summary: "dots:2x3: Dots-and-Boxes played as Nimstring on a board of 2x3 boxes (draw a line; whoever completes a box moves again; whoever cannot move loses); values are nimbers or loony (positions: boards like +-+.+/|o.o./+.+.+; the empty board by default)",
    build: build_dots,
};

fn build_nimstring(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(nimstring(args)?))
}

fn build_dots(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(dots(args)?))
}

fn nimstring(args: &mut SpecArgs) -> Result<Nimstring> {
    let (pairs, spec) = match (args.take("file"), args.take("strings")) {
        (Some(path), None) => {
            let pairs = crate::files::read_edge_list(&path, "Nimstring file")?;
            (pairs, format!("nimstring:file={path}"))
        }
        (None, Some(text)) => (
            crate::games::hackenbush::spec::inline_pairs(&text, "nimstring string")?,
            format!("nimstring:strings={text}"),
        ),
        _ => {
            return Err(Error::Spec(
                "nimstring takes exactly one of file=FILE or strings=0-1,1-2".into(),
            ))
        }
    };
    Nimstring::new(&pairs, spec)
}

fn dots(args: &mut SpecArgs) -> Result<Nimstring> {
    let size = args
        .take_bare()
        .ok_or_else(|| Error::Spec("dots takes a board size RxC, like dots:2x3".into()))?;
    let (rows, cols) = parse_size(&size)?;
    Nimstring::dots(rows, cols)
}

/// The game of a `nimstring` or `dots` spec string, typed (for the folder's tests and claims).
pub fn build_text(text: &str) -> Result<Nimstring> {
    let mut args = SpecArgs::parse(text)?;
    let (game, family) = if args.family().eq_ignore_ascii_case("dots") {
        (dots(&mut args)?, &DOTS)
    } else {
        (nimstring(&mut args)?, &NIMSTRING)
    };
    args.finish(family)?;
    Ok(game)
}
