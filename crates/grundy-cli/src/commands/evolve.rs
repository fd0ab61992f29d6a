//! `grundy evolve nim --piles K --generations G [--out FILE.svg|.png] [--layout uw|layers]`.
//!
//! The picture is drawn with plotters using circles and lines only (no text), so neither the SVG
//! nor the PNG backend needs a font.

use std::io::Write;
use std::path::Path;

use serde_json::json;

use super::{show_position, write_json, Outcome};
use crate::cli::{EvolveArgs, Format, LayoutArg};
use grundy::nim_fractals::automaton::{self, EvolutionGraph, Kinship, Layout};
use grundy::number::parse_u64;
use grundy::Error;

/// The most P-positions `evolve` generates.
const MAX_POSITIONS: usize = 4_000_000;
/// The most P-positions a picture shows.
const MAX_DRAWN: usize = 250_000;
/// The largest picture side in pixels.
const MAX_SIZE: u64 = 8192;

pub fn run(args: EvolveArgs, out: &mut dyn Write) -> Outcome {
    if args.game != "nim" {
        return Err(Error::Invalid(format!(
            "evolve draws Nim only, not '{}' (for any game use `grundy generations GAME POS`)",
            args.game
        ))
        .into());
    }
    let piles = parse_u64(&args.piles).map_err(|e| Error::Invalid(format!("--piles: {e}")))?;
    let piles = grundy::nim_fractals::nim::NimCount::new(
        usize::try_from(piles).unwrap_or(usize::MAX),
        grundy::nim_fractals::nim::By::Total,
        true,
    )?
    .piles;
    let last =
        parse_u64(&args.generations).map_err(|e| Error::Invalid(format!("--generations: {e}")))?;
    let size = parse_u64(&args.size).map_err(|e| Error::Invalid(format!("--size: {e}")))?;
    if !(64..=MAX_SIZE).contains(&size) {
        return Err(Error::Invalid(format!(
            "--size must be between 64 and {MAX_SIZE} pixels (got {size})"
        ))
        .into());
    }
    let layout = match args.layout {
        Some(LayoutArg::Uw) => Layout::UlamWarburton,
        Some(LayoutArg::Layers) => Layout::Layers,
        None if piles == 3 => Layout::UlamWarburton,
        None => Layout::Layers,
    };
    if layout == Layout::UlamWarburton && piles != 3 {
        return Err(Error::Invalid(format!(
            "--layout uw needs --piles 3 (got {piles}); use --layout layers"
        ))
        .into());
    }
    let working = crate::progress::delayed("computing the generations");
    let generations = automaton::evolve(piles, last, MAX_POSITIONS)?;
    let table = automaton::kinship_table(&generations)?;
    let graph = match &args.out {
        Some(_) => Some(automaton::evolution_graph(piles, last, layout, MAX_DRAWN)?),
        None => None,
    };
    if let (Some(path), Some(graph)) = (&args.out, &graph) {
        draw(graph, path, size as u32)?;
    }
    drop(working);

    let born: Vec<usize> = generations.iter().map(Vec::len).collect();
    let total: usize = born.iter().sum();
    let links: usize = generations
        .iter()
        .flatten()
        .map(|p| automaton::parents(p).len())
        .sum();
    match args.output.format() {
        Format::Json => {
            let mut doc = json!({
                "game": "nim",
                "piles": piles,
                "generations": last,
                "positions": total,
                "links": links,
                "born": born,
                "kinship": table,
                "out": args.out.as_ref().map(|p| p.display().to_string()),
                "layout": graph.as_ref().map(|g| g.layout),
            });
            if args.list {
                doc["cells"] = json!(generations
                    .iter()
                    .enumerate()
                    .flat_map(|(n, ps)| ps
                        .iter()
                        .map(move |p| json!({"position": p, "generation": n})))
                    .collect::<Vec<_>>());
            }
            write_json(out, &doc)
        }
        Format::Text => {
            writeln!(
                out,
                "{piles}-pile Nim, generations 0..={last}: {total} P-positions, {links} parent-child links"
            )?;
            let list: Vec<String> = born.iter().map(usize::to_string).collect();
            writeln!(out, "born per generation: {}", list.join(" "))?;
            write_table(out, &table, last)?;
            if args.list {
                for (n, positions) in generations.iter().enumerate() {
                    for p in positions {
                        writeln!(out, "{n}: {}", show_position(p))?;
                    }
                }
            }
            if let (Some(path), Some(graph)) = (&args.out, &graph) {
                let how = match graph.layout {
                    Layout::UlamWarburton => "Ulam-Warburton cells",
                    Layout::Layers => "one row per generation",
                };
                writeln!(
                    out,
                    "wrote {} ({size}x{size} pixels, {how})",
                    path.display()
                )?;
            }
            Ok(())
        }
        format => Err(super::unsupported(format, "evolve (use text or json)")),
    }
}

fn write_table(out: &mut dyn Write, table: &[Kinship], last: u64) -> Outcome {
    if table.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "P-positions of generations 1..={last} by number of parents and children:"
    )?;
    writeln!(
        out,
        "  {:>7} {:>8} {:>10}  first example",
        "parents", "children", "count"
    )?;
    for k in table {
        let example = k
            .example
            .as_ref()
            .map_or_else(|| "-".to_string(), |e| format!("({})", show_position(e)));
        writeln!(
            out,
            "  {:>7} {:>8} {:>10}  {example}",
            k.parents, k.children, k.count
        )?;
    }
    Ok(())
}

fn draw(graph: &EvolutionGraph, path: &Path, size: u32) -> Outcome {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let paint_with = |svg: bool| {
        crate::report::plot::save_picture(
            path,
            (size, size),
            svg,
            |root| crate::report::plot::paint_evolution(root, graph, size),
            |root| crate::report::plot::paint_evolution(root, graph, size),
        )
    };
    match extension.as_deref() {
        Some("svg") => paint_with(true)?,
        Some("png") => paint_with(false)?,
        _ => {
            return Err(Error::Invalid(format!(
                "--out {} must end in .svg or .png",
                path.display()
            ))
            .into())
        }
    }
    Ok(())
}
