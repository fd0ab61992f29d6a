//! `report.md`: the same content as the page, as GitHub Markdown.

use super::{details, heading, range, tally, STATUSES};
use grundy::reproduce::{Grid, Mode, Report};

/// The Markdown report.
pub fn render(report: &Report) -> String {
    let mut m = String::from(
        "# grundy reproduce: every table, figure and statement of the four papers, the known periods of octal games, the misère quotients of the literature, and the boards and graphs (Cram, Chomp, Node-Kayles, Arc-Kayles)\n\n",
    );
    m.push_str(match report.mode {
        Mode::Quick => {
            "Quick mode (small ranges; `grundy reproduce --out DIR` runs the full ranges).\n\n"
        }
        Mode::Full => "Full mode (the papers' ranges where they state one).\n\n",
    });
    m.push_str(STATUSES);
    m.push_str("\n\n| paper | statements | hold | counterexample | evidence | not checkable | tables | figures |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for s in &report.papers {
        let t = tally(s.claims.iter());
        m.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            heading(s.paper),
            t.statements,
            t.hold,
            t.counterexamples,
            t.evidence,
            t.not_checkable,
            s.tables.len(),
            s.figures.len()
        ));
    }
    for s in &report.papers {
        m.push_str(&format!(
            "\n## {}\n\n*{}*\n\n### Statements\n\n",
            heading(s.paper),
            s.paper.citation()
        ));
        m.push_str("| statement | what it says | checked over | status | details | check it alone |\n|---|---|---|---|---|---|\n");
        for row in &s.claims {
            let status = match row.outcome() {
                "counterexample" => "**counterexample**".to_string(),
                o => o.to_string(),
            };
            m.push_str(&format!(
                "| {} | {} | {} | {status} | {} | {} |\n",
                cell(&row.label),
                cell(&row.statement),
                cell(&range(row)),
                cell(&details(row).join("; ")),
                row.command()
                    .map_or(String::new(), |c| format!("`{}`", cell(&c)))
            ));
        }
        for t in &s.tables {
            let verdict = match t.agrees {
                Some(true) => "Agrees with the paper (every printed cell compared). ",
                Some(false) => "**Differs from the paper.** ",
                None => "",
            };
            m.push_str(&format!(
                "\n### {}\n\n{verdict}{} Data: `csv/{}.csv`.\n\n",
                t.title, t.note, t.id
            ));
            grid(&mut m, &t.layout, &t.marked);
        }
        for f in &s.figures {
            m.push_str(&format!(
                "\n### {}\n\n![{}](figures/{id}.svg)\n\n{} Data: `csv/{id}.csv`; PNG: `figures/{id}.png`.\n",
                f.title,
                f.title,
                f.note,
                id = f.id
            ));
        }
    }
    m
}

fn grid(m: &mut String, g: &Grid, marked: &[(usize, usize)]) {
    m.push_str(&format!(
        "| {} |\n|{}\n",
        g.header
            .iter()
            .map(|h| cell(h))
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(g.header.len())
    ));
    for (r, row) in g.rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, x)| {
                if marked.contains(&(r, c)) && !x.is_empty() {
                    format!("**{}**", cell(x))
                } else {
                    cell(x)
                }
            })
            .collect();
        m.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
}

/// A table cell: no pipes or newlines.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}
