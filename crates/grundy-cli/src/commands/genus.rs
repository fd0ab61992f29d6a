//! `grundy seq GAME --genus --to N`: Conway's genus of each heap of a heap game
//! (`grundy::misere::genus`), a row as each heap is done; a heap that meets a limit ends the
//! output after the rows before it, a valid and incomplete answer (JSON `"complete": false`),
//! with the limit as the `stopped:` line (exit code 3, as a record run that stops short); a
//! limit met at the first heap is an error (exit code 2, nothing on stdout).

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Outcome};
use crate::cli::{Format, SeqArgs};
use crate::failure::Failure;
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
    // heap that meets a limit leaves the rows before it on stdout (exit code 3) and the limit
    // on stderr.
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
    rows.end(out, from, to, result)
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
    /// Ends the output after the run's `result`: whole when every heap is done; after a heap
    /// that met a limit, the rows before it stay a valid, incomplete answer (exit code 3, the
    /// limit on the `stopped:` line); with no row, the error alone (exit code 2, nothing
    /// written).
    fn end(&self, out: &mut dyn Write, from: u64, to: u64, result: grundy::Result<()>) -> Outcome {
        match result {
            Ok(()) => self.finish(out, from, to, None),
            Err(e) if self.heaps.is_empty() => Err(e.into()),
            Err(e) => {
                self.finish(out, from, to, Some(&e.to_string()))?;
                Err(Failure::Incomplete(format!(
                    "{e} (the output holds the heaps {from}..{})",
                    from + self.heaps.len() as u64 - 1
                )))
            }
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 50, item 6: a heap that meets a limit after rows were written ends a valid,
    /// incomplete output with exit code 3 (`Failure::Incomplete`), not an error (code 2, which
    /// promises an empty stdout); before any row, it is an error and nothing is written.
    #[test]
    fn a_limit_after_rows_is_an_incomplete_answer_and_before_them_an_error() {
        let limit = || Err(grundy::Error::TooLarge("heap 1: a limit".into()));
        let nim0 = genus::HeapGenus {
            heap: 0,
            value: 0,
            genus: vec![1, 2, 0],
            notation: "0^{120}".into(),
            settled_at: Some(2),
            proven: true,
            tame: Some(true),
            wild: None,
        };
        for format in [Format::Json, Format::Csv, Format::Text] {
            let mut rows = Rows {
                format,
                game: "nim".into(),
                heaps: Vec::new(),
                cgsuite: Vec::new(),
                written: 0,
            };
            let mut out = Vec::new();
            let refused = rows.end(&mut out, 0, 1, limit());
            assert!(matches!(refused, Err(Failure::Grundy(_))) && out.is_empty());
            rows.heaps.push(nim0.clone());
            rows.cgsuite.push(None);
            rows.write_new(&mut out).unwrap();
            match rows.end(&mut out, 0, 1, limit()) {
                Err(Failure::Incomplete(why)) => assert!(
                    why.contains("heap 1: a limit") && why.contains("the heaps 0..0"),
                    "{why}"
                ),
                other => panic!("{other:?}"),
            }
            let text = String::from_utf8(out).unwrap();
            if format == Format::Json {
                let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(answer["complete"], false);
                assert_eq!(answer["heaps"].as_array().unwrap().len(), 1);
            } else {
                assert!(text.lines().any(|l| l.contains("0^{120}")), "{text}");
            }
        }
    }
}
