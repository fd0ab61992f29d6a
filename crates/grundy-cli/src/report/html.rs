//! `index.html`: one page, inline CSS, pictures referenced by relative path (opens from
//! `file://`).

use super::{details, heading, range, tally, STATUSES};
use grundy::reproduce::{Mode, PaperSection, Report, Status, Table};

const STYLE: &str = r#"
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1em 2em; color: #222; line-height: 1.4; }
h1 { border-bottom: 2px solid #444; padding-bottom: .2em; }
h2 { margin-top: 2.5em; border-bottom: 1px solid #aaa; padding-bottom: .2em; }
h3 { margin-top: 1.8em; }
p.cite { color: #555; font-style: italic; margin-top: -.5em; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 6px; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.layout td { text-align: right; font-variant-numeric: tabular-nums; }
table.layout td:first-child, table.layout th { font-weight: bold; background: #f6f6f6; }
td.mark { background: #ffe08a; }
table.layout td.text { text-align: left; }
.scroll { overflow-x: auto; max-width: 100%; }
.badge { display: inline-block; padding: 1px 6px; border-radius: 3px; font-size: 12px; font-weight: bold; white-space: nowrap; }
.holds { background: #d4f4d4; color: #185c18; }
.counterexample { background: #ffd6d6; color: #8a1010; }
.evidence { background: #fff1c4; color: #6b5200; }
.unchecked { background: #e8e8e8; color: #555; }
.agree { color: #185c18; font-weight: bold; }
.disagree { color: #8a1010; font-weight: bold; }
code { font-size: 12px; background: #f5f5f5; padding: 1px 3px; overflow-wrap: break-word; }
td code { display: inline-block; min-width: 18em; }
td.details { font-size: 12px; max-width: 28em; }
figure { margin: 1em 0 2em; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 13px; color: #444; max-width: 60em; }
nav a { margin-right: 1em; }
"#;

/// The page.
pub fn render(report: &Report) -> String {
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str("<title>grundy reproduce: the four papers, octal games, misère quotients and boards</title>\n<style>");
    h.push_str(STYLE);
    h.push_str("</style>\n</head>\n<body>\n");
    h.push_str("<h1>grundy reproduce: every table, figure and statement of the four papers, the known periods of octal games, the misère quotients of the literature, and the boards and graphs (Cram, Chomp, Node-Kayles, Arc-Kayles)</h1>\n");
    let mode = match report.mode {
        Mode::Quick => "quick mode (small ranges; <code>grundy reproduce --out DIR</code> runs the full ranges)",
        Mode::Full => "full mode (the papers' ranges where they state one)",
    };
    h.push_str(&format!(
        "<p>Computed by grundy in {mode}. Each statement row gives the range it was checked over, its status and the command that checks it alone; tables are rebuilt from values computed in this run (the data of each is in <code>csv/</code>), pictures are in <code>figures/</code> as SVG and PNG.</p>\n"
    ));
    h.push_str("<nav>");
    for s in &report.papers {
        h.push_str(&format!(
            "<a href=\"#{}\">{}</a>",
            s.paper.name(),
            esc(super::heading(s.paper))
        ));
    }
    h.push_str("</nav>\n");
    h.push_str(&format!("<p>{}</p>\n", esc(STATUSES)));
    h.push_str("<h3>Summary</h3>\n<table>\n<tr><th>paper</th><th>statements</th><th>hold</th><th>counterexample</th><th>evidence</th><th>not checkable</th><th>tables</th><th>figures</th></tr>\n");
    for s in &report.papers {
        let t = tally(s.claims.iter());
        h.push_str(&format!(
            "<tr><td><a href=\"#{}\">{}</a></td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
            s.paper.name(),
            esc(heading(s.paper)),
            t.statements,
            t.hold,
            t.counterexamples,
            t.evidence,
            t.not_checkable,
            s.tables.len(),
            s.figures.len()
        ));
    }
    h.push_str("</table>\n");
    for s in &report.papers {
        section(&mut h, s);
    }
    h.push_str("</body>\n</html>\n");
    h
}

fn section(h: &mut String, s: &PaperSection) {
    h.push_str(&format!(
        "<h2 id=\"{}\">{}</h2>\n<p class=\"cite\">{}</p>\n",
        s.paper.name(),
        esc(heading(s.paper)),
        esc(s.paper.citation())
    ));
    for t in &s.tables {
        table(h, t);
    }
    for f in &s.figures {
        h.push_str(&format!(
            "<h3 id=\"{id}\">{}</h3>\n<figure><img src=\"figures/{id}.svg\" alt=\"{}\">\n<figcaption>{} <a href=\"figures/{id}.png\">PNG</a> · <a href=\"csv/{id}.csv\">data (CSV)</a></figcaption></figure>\n",
            esc(&f.title),
            esc(&f.title),
            esc(&f.note),
            id = f.id
        ));
    }
    h.push_str("<h3>Statements</h3>\n<div class=\"scroll\"><table>\n<tr><th>statement</th><th>what it says</th><th>checked over</th><th>status</th><th>details</th><th>check it alone</th></tr>\n");
    for row in &s.claims {
        let class = match row.outcome() {
            "holds" => "holds",
            "counterexample" => "counterexample",
            "evidence" => "evidence",
            _ => "unchecked",
        };
        let lines = details(row);
        // The counterexample, what was and was not compared, and the cases stay visible; the
        // notes fold away.
        let notes = match &row.status {
            Status::Checked { verdict, .. } => verdict.notes.len(),
            Status::NotCheckable { .. } => 0,
        };
        let (head, notes) = lines.split_at(lines.len() - notes);
        let mut details: Vec<String> = head.iter().map(|d| esc(d)).collect();
        if !notes.is_empty() {
            let notes: Vec<String> = notes.iter().map(|d| esc(d)).collect();
            details.push(format!(
                "<details><summary>{} more line(s)</summary>{}</details>",
                notes.len(),
                notes.join("<br>")
            ));
        }
        h.push_str(&format!(
            "<tr><td><b>{}</b></td><td>{}</td><td>{}</td><td><span class=\"badge {class}\">{}</span></td><td class=\"details\">{}</td><td>{}</td></tr>\n",
            esc(&row.label),
            esc(&row.statement),
            esc(&range(row)),
            row.outcome(),
            details.join("<br>"),
            row.command().map_or(String::new(), |c| format!("<code>{}</code>", esc(&c)))
        ));
    }
    h.push_str("</table></div>\n");
}

fn table(h: &mut String, t: &Table) {
    h.push_str(&format!("<h3 id=\"{}\">{}</h3>\n", t.id, esc(&t.title)));
    let verdict = match t.agrees {
        Some(true) => {
            "<span class=\"agree\">Agrees with the paper (every printed cell compared).</span> "
        }
        Some(false) => "<span class=\"disagree\">Differs from the paper (marked cells).</span> ",
        None => "",
    };
    h.push_str(&format!(
        "<p>{verdict}{} <a href=\"csv/{}.csv\">data (CSV)</a></p>\n",
        esc(&t.note),
        t.id
    ));
    h.push_str("<div class=\"scroll\"><table class=\"layout\">\n<tr>");
    for c in &t.layout.header {
        h.push_str(&format!("<th>{}</th>", esc(c)));
    }
    h.push_str("</tr>\n");
    for (r, row) in t.layout.rows.iter().enumerate() {
        h.push_str("<tr>");
        for (c, cell) in row.iter().enumerate() {
            let mut classes = Vec::new();
            if t.marked.contains(&(r, c)) {
                classes.push("mark");
            }
            if cell.len() > 16 {
                classes.push("text");
            }
            let class = if classes.is_empty() {
                String::new()
            } else {
                format!(" class=\"{}\"", classes.join(" "))
            };
            h.push_str(&format!("<td{class}>{}</td>", esc(cell)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n");
}

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_markup() {
        assert_eq!(super::esc("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
