//! `grundy seq GAME --genus --to N`: Conway's genus of each heap of a heap game
//! (`grundy::misere::genus`), a row as each heap is done; a heap that meets a limit ends the
//! output after the rows before it, with the limit as the `error:` line (exit 2).

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Outcome};
use crate::cli::{Format, SeqArgs};
use grundy::misere::{canonical, genus};
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
    if let Format::Bfile = args.output.format() {
        return Err(unsupported(
            Format::Bfile,
            "--genus (use text, csv or json)",
        ));
    }
    // Rows are written as each heap is done (text and CSV, flushed; JSON at the end), so a
    // heap that meets a limit leaves the rows before it on stdout and the limit on stderr.
    let bar = crate::progress::bar(to.saturating_sub(from).saturating_add(1), "genus");
    let mut rows = Rows {
        format: args.output.format(),
        game: game.spec(),
        heaps: Vec::new(),
        cgsuite: Vec::new(),
        written: 0,
    };
    // CGSuite's genus and IsTame come from each heap's misère canonical form, while it stays
    // within SEQ_MAX_NODES canonical games.
    let mut forms = canonical::Forms::with_limits(
        game.as_ref(),
        canonical::SEQ_MAX_NODES,
        canonical::MAX_POSITIONS,
    );
    let mut forms_ok = true;
    let mut write_error = None;
    let result = genus::genus_each(game.as_ref(), from, to, &mut |heap| {
        let cg = if forms_ok {
            match forms.position(&[heap.heap]) {
                Ok(g) => Some(Cgsuite {
                    genus: forms.universe.genus_cgsuite(g),
                    is_tame: forms.universe.is_tame(g),
                    phylum: forms.universe.phylum(g),
                }),
                Err(_) => {
                    forms_ok = false;
                    None
                }
            }
        } else {
            None
        };
        rows.cgsuite.push(cg);
        rows.heaps.push(heap);
        if let Err(e) = rows.write_new(out) {
            write_error = Some(e);
            return Err(grundy::Error::Invalid(
                "the output cannot be written".into(),
            ));
        }
        bar.set_position(rows.heaps.len() as u64);
        Ok(())
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e.into());
    }
    match result {
        Ok(()) => rows.finish(out, from, to, None),
        // Nothing computed: nothing written, the error alone.
        Err(e) if rows.heaps.is_empty() => Err(e.into()),
        Err(e) => {
            rows.finish(out, from, to, Some(&e.to_string()))?;
            Err(e.into())
        }
    }
}

/// CGSuite's words for one heap, from its misère canonical form.
#[derive(serde::Serialize)]
struct Cgsuite {
    genus: String,
    is_tame: bool,
    phylum: canonical::Phylum,
}

fn is_tame(c: &Option<Cgsuite>) -> &'static str {
    match c {
        Some(c) if c.is_tame => "IsTame",
        Some(_) => "not IsTame",
        None => "-",
    }
}

/// The rows of `seq --genus`, written as they come.
struct Rows {
    format: Format,
    game: String,
    heaps: Vec<genus::HeapGenus>,
    cgsuite: Vec<Option<Cgsuite>>,
    /// Rows written so far (text and CSV).
    written: usize,
}

fn tame(t: Option<bool>) -> &'static str {
    match t {
        Some(true) => "genus-tame",
        Some(false) => "genus-wild",
        None => "not decided",
    }
}

impl Rows {
    /// Writes the heaps not written yet (the header before the first), and flushes.
    fn write_new(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.format == Format::Json {
            return Ok(());
        }
        if self.written == 0 {
            match self.format {
                Format::Text => writeln!(
                    out,
                    "{}: genus g^{{γ0 γ1 ...}} of each heap (g normal value, γk = G-(heap + k copies of *2)); CGSuite's genus and IsTame of its misère canonical form; genus-tameness",
                    self.game
                )?,
                _ => writeln!(out, "heap,value,genus,notation,tame,genus_cgsuite,is_tame_cgsuite")?,
            }
        }
        for (h, cg) in self.heaps[self.written..]
            .iter()
            .zip(&self.cgsuite[self.written..])
        {
            let cg_genus = cg.as_ref().map_or("-", |c| c.genus.as_str());
            if self.format == Format::Text {
                let why = h
                    .wild
                    .as_deref()
                    .map_or(String::new(), |w| format!(" ({w})"));
                let status = if h.proven { "" } else { " (observed)" };
                writeln!(
                    out,
                    "{:>6}  {:<16} {:<12} {:<10} {}{why}{status}",
                    h.heap,
                    h.notation,
                    cg_genus,
                    is_tame(cg),
                    tame(h.tame)
                )?;
            } else {
                let superscript: Vec<String> = h.genus.iter().map(u64::to_string).collect();
                writeln!(
                    out,
                    "{},{},\"{}\",\"{}\",{},\"{}\",{}",
                    h.heap,
                    h.value,
                    superscript.join(" "),
                    h.notation,
                    h.tame.map_or(String::new(), |t| t.to_string()),
                    cg.as_ref().map_or("", |c| c.genus.as_str()),
                    cg.as_ref().map_or(String::new(), |c| c.is_tame.to_string())
                )?;
            }
        }
        self.written = self.heaps.len();
        out.flush()
    }

    /// The end of the output: JSON's document (with `"complete"`, and `"stopped"` when a heap
    /// met a limit), the text's notes (when every heap is done).
    fn finish(&self, out: &mut dyn Write, from: u64, to: u64, stopped: Option<&str>) -> Outcome {
        match self.format {
            Format::Json => {
                // Each heap with `cgsuite`: CGSuite's genus, IsTame and phylum (null past
                // SEQ_MAX_NODES canonical games).
                let heaps: Vec<serde_json::Value> = self
                    .heaps
                    .iter()
                    .zip(&self.cgsuite)
                    .map(|(h, cg)| {
                        let mut row = json!(h);
                        row["cgsuite"] = json!(cg);
                        row
                    })
                    .collect();
                let mut answer = json!({
                    "game": self.game,
                    "from": from,
                    "to": to,
                    "heaps": heaps,
                    "tameness": genus::TAMENESS,
                    "cgsuite_tameness": canonical::CGSUITE_TAMENESS,
                    "complete": stopped.is_none(),
                });
                if let Some(why) = stopped {
                    answer["stopped"] = json!(why);
                }
                write_json(out, &answer)
            }
            Format::Text if stopped.is_none() => {
                writeln!(out, "genus-tame: {}", genus::TAMENESS)?;
                writeln!(out, "{}", canonical::CGSUITE_TAMENESS)?;
                if self.cgsuite.iter().any(Option::is_none) {
                    writeln!(
                        out,
                        "-: the misère canonical forms needed more than {} canonical games (SEQ_MAX_NODES); see grundy value GAME N --misere --canonical",
                        canonical::SEQ_MAX_NODES
                    )?;
                }
                if self.heaps.iter().all(|h| h.proven) {
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
            _ => Ok(()),
        }
    }
}
