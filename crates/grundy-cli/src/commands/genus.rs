//! `grundy seq GAME --genus --to N`: Conway's genus of each heap of a heap game
//! (`grundy::misere::genus`).

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Outcome};
use crate::cli::{Format, SeqArgs};
use grundy::misere::genus;
use grundy::spec;

pub fn run(args: SeqArgs, out: &mut dyn Write) -> Outcome {
    if args.misere || args.game.starts_with(grundy::misere::play::PREFIX) {
        return Err(grundy::Error::Invalid(
            "--genus already holds the misère values (and the normal one); leave out --misere and the misere- prefix".into(),
        )
        .into());
    }
    if args.analyze || args.plot.is_some() || args.position.is_some() {
        return Err(grundy::Error::Invalid(
            "--genus takes a heap game, --to and --from only (no position, --analyze or --plot)"
                .into(),
        )
        .into());
    }
    let game = spec::parse_game(&args.game)?;
    let to = number(
        args.to
            .as_deref()
            .ok_or_else(|| grundy::Error::Invalid("seq --genus needs --to N".into()))?,
    )?;
    let from = args.from.as_deref().map(number).transpose()?.unwrap_or(0);
    let bar = crate::progress::bar(to.saturating_sub(from).saturating_add(1), "genus");
    let heaps = genus::genus_sequence(game.as_ref(), from, to, &mut |done| bar.set_position(done));
    bar.finish_and_clear();
    let heaps = heaps?;
    let tame = |t: Option<bool>| match t {
        Some(true) => "genus-tame",
        Some(false) => "genus-wild",
        None => "not decided",
    };
    match args.output.format() {
        Format::Json => write_json(
            out,
            &json!({
                "game": game.spec(),
                "from": from,
                "to": to,
                "heaps": heaps,
                "tameness": genus::TAMENESS,
            }),
        ),
        Format::Text => {
            writeln!(
                out,
                "{}: genus g^{{γ0 γ1 ...}} of each heap (g normal value, γk = G-(heap + k copies of *2))",
                game.spec()
            )?;
            for h in &heaps {
                let why = h
                    .wild
                    .as_deref()
                    .map_or(String::new(), |w| format!(" ({w})"));
                let status = if h.proven { "" } else { " (observed)" };
                writeln!(
                    out,
                    "{:>6}  {:<16} {}{why}{status}",
                    h.heap,
                    h.notation,
                    tame(h.tame)
                )?;
            }
            writeln!(out, "genus-tame: {}", genus::TAMENESS)?;
            if heaps.iter().all(|h| h.proven) {
                writeln!(
                    out,
                    "every superscript proven to alternate from where it is cut (each follower's from its options' and one computed equality; crates/grundy/src/misere/genus.rs)"
                )?;
            } else {
                writeln!(
                    out,
                    "(observed): more than {} positions reachable, so the superscript is computed until its last {} entries alternate (at most {} copies of *2), not proven",
                    genus::MAX_FOLLOWERS,
                    genus::ALTERNATION,
                    genus::MAX_K
                )?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "heap,value,genus,notation,tame")?;
            for h in &heaps {
                let superscript: Vec<String> = h.genus.iter().map(u64::to_string).collect();
                writeln!(
                    out,
                    "{},{},\"{}\",\"{}\",{}",
                    h.heap,
                    h.value,
                    superscript.join(" "),
                    h.notation,
                    h.tame.map_or(String::new(), |t| t.to_string())
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "--genus (use text, csv or json)")),
    }
}
