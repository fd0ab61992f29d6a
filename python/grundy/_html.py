"""HTML for Jupyter: tables in the papers' layout, analyses and verdicts."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable, List, Sequence

import numpy as np

if TYPE_CHECKING:
    from ._arrays import Table
    from ._reports import Analysis, GapsResult, GapStats, Verdict

#: The largest table drawn cell by cell; larger ones show their top-left corner.
MAX_CELLS_SHOWN = 64


def _rows(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def gap_table(gaps: List["GapStats"]) -> str:
    def at(g: "GapStats") -> str:
        if g.max_gap is None or g.max_gap_from is None:
            return "-"
        return f"{g.max_gap_from}..{g.max_gap_from + g.max_gap}"

    return _rows(
        ["value", "count", "first", "last", "max gap", "max gap at"],
        (
            (g.value, g.count, g.first, g.last, "-" if g.max_gap is None else g.max_gap, at(g))
            for g in gaps
        ),
    )


def analysis(a: "Analysis") -> str:
    what = a.name or f"{a.game} {a.position}"
    last = a.frm + a.len - 1
    lines = [f"<p><b>{escape(what)}</b>, n = {a.frm}..{last} ({a.len} values)</p>"]
    if a.max is not None:
        records = " ".join(f"{v}@{n}" for n, v in a.records)
        lines.append(f"<p>max: {a.max}; records (value@n): {escape(records)}</p>")
    if a.periodicity is None:
        lines.append("<p>periodicity: none seen (a period must cover two repetitions and half the range)</p>")
    else:
        p = a.periodicity
        saltus = f", saltus {p.saltus}" if p.saltus else ""
        status = (
            f"<b>proven</b>: {escape(a.proof or '')}"
            if a.proven
            else f"observed only in {a.frm}..{last}, not proven"
        )
        lines.append(f"<p>periodicity: period {p.period}, preperiod {p.preperiod}{saltus}; {status}</p>")
    lines.append(f"<p>palindrome: {'yes' if a.palindrome else 'no'}</p>")
    lines.append(gap_table(a.gaps))
    return "<div>" + "".join(lines) + "</div>"


def gaps_result(r: "GapsResult") -> str:
    return (
        f"<div><p><b>{escape(r.game)}</b>: gaps between equal values for n &lt;= {r.to}</p>"
        + gap_table(r.gaps)
        + f"<p>engine: {escape(r.engine)}</p></div>"
    )


def verdict(v: "Verdict") -> str:
    params = " ".join(f"--{k} {escape(str(x))}" for k, x in v.params.items())
    result = "holds" if v.holds else f"<b>COUNTEREXAMPLE</b>: {escape(v.counterexample or '')}"
    notes = "".join(f"<li>{escape(n)}</li>" for n in v.notes)
    return (
        f"<div><p><b>{escape(v.claim)}</b> {params}: {escape(v.statement)}</p>"
        f"<p>source: {escape(v.source)}</p>"
        f"<p>checked: {escape(v.range)} up to {v.checked_to} ({v.cases} cases)</p>"
        f"<p>{result}</p>" + (f"<ul>{notes}</ul>" if notes else "") + "</div>"
    )


def table(t: "Table") -> str:
    """Rows top to bottom from the largest (the papers' layout), left-out cells blank."""
    rows, cols = t.shape
    shown_rows, shown_cols = min(rows, MAX_CELLS_SHOWN), min(cols, MAX_CELLS_SHOWN)
    values = t.view(np.ndarray)
    lines = []
    for i in reversed(range(shown_rows)):
        cells = []
        for j in range(shown_cols):
            visible = t.shown is None or bool(t.shown[i, j])
            cells.append(f"<td>{values[i, j]}</td>" if visible else "<td></td>")
        lines.append(f"<tr><th>{t.rows[i]}</th>{''.join(cells)}</tr>")
    footer = "".join(f"<th>{c}</th>" for c in t.cols[:shown_cols])
    caption = (
        f"{escape(t.game)} {escape(t.position)}: rows coordinate {t.row_axis + 1} "
        f"(top to bottom, descending), columns coordinate {t.col_axis + 1}"
    )
    if (shown_rows, shown_cols) != (rows, cols):
        caption += f"; the first {shown_rows} x {shown_cols} of {rows} x {cols} cells"
    return (
        f"<table><caption>{caption}</caption><tbody>{''.join(lines)}"
        f"<tr><th></th>{footer}</tr></tbody></table>"
    )
