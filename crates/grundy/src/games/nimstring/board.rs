//! Dots-and-Boxes boards as strings and coins, and their text form.
//!
//! A board of `R x C` boxes has `(R + 1) x (C + 1)` dots. Its lines are numbered horizontal
//! ones first, row of dots by row of dots, left to right (`r * C + c` for the line from dot
//! `(r, c)` to dot `(r, c + 1)`, rows and columns from 0 here), then the vertical ones, row of
//! boxes by row of boxes (`H + r * (C + 1) + c` for the line from dot `(r, c)` to dot
//! `(r + 1, c)`, `H = (R + 1) C`). Box `(r, c)` is coin `1 + r C + c`; a line between two boxes
//! is a string between their coins, a line on the border a string from its box to the ground.
//!
//! **Text form.** A position (the lines not yet drawn) is written as the board, its rows joined
//! by `/`: rows of dots `+` with `-` for a drawn line and `.` for a line not drawn between
//! them, and rows of boxes with `|` for a drawn line and `.` for a line not drawn, each box an
//! `o` (its coin). The empty 1 x 2 board is `+.+.+/.o.o./+.+.+`; with its top and its middle
//! line drawn, `+-+-+/.o|o./+.+.+`. Moves name dots by row and column from 1, as people count.

use crate::{Error, Result};

/// What a position is, in words.
pub const HINT: &str = "a board as rows joined by '/': dots '+', lines drawn '-' and '|', lines not drawn '.', boxes 'o' (like +-+.+/|o.o./+.+.+ for a 1x2 board); the empty board by default";

/// The number of lines of an `rows x cols` board, or why it is refused.
pub fn line_count(rows: u32, cols: u32) -> Result<usize> {
    let (r, c) = (u64::from(rows), u64::from(cols));
    let lines = 2 * r * c + r + c;
    if lines > super::MAX_STRINGS as u64 {
        return Err(Error::TooLarge(format!(
            "a Dots-and-Boxes board has at most {} lines (one bit each in a position); {rows}x{cols} has {lines}",
            super::MAX_STRINGS
        )));
    }
    Ok(lines as usize)
}

/// The strings of a board (their two ends) and its vertex names.
pub type Layout = (Vec<super::Ends>, Vec<String>);

/// The strings (their two ends) and the vertex names of an `rows x cols` board.
pub fn strings(rows: u32, cols: u32) -> Result<Layout> {
    let lines = line_count(rows, cols)?;
    let coin = |r: u32, c: u32| 1 + r * cols + c;
    let mut ends = Vec::with_capacity(lines);
    for r in 0..=rows {
        for c in 0..cols {
            let above = if r > 0 { coin(r - 1, c) } else { super::GROUND };
            let below = if r < rows { coin(r, c) } else { super::GROUND };
            ends.push((above, below));
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            let left = if c > 0 { coin(r, c - 1) } else { super::GROUND };
            let right = if c < cols { coin(r, c) } else { super::GROUND };
            ends.push((left, right));
        }
    }
    let mut names = vec!["0".to_string()];
    for r in 0..rows {
        for c in 0..cols {
            names.push(format!("({},{})", r + 1, c + 1));
        }
    }
    Ok((ends, names))
}

/// Whether line `e` (not drawn) is in `set`.
fn open(set: u128, e: usize) -> bool {
    set >> e & 1 == 1
}

/// The text form of the lines `set` not yet drawn.
pub fn show((rows, cols): (u32, u32), set: u128) -> String {
    let (rows, cols) = (rows as usize, cols as usize);
    let horizontal = (rows + 1) * cols;
    let mut out: Vec<String> = Vec::with_capacity(2 * rows + 1);
    for r in 0..=rows {
        let mut row = String::from("+");
        for c in 0..cols {
            row.push(if open(set, r * cols + c) { '.' } else { '-' });
            row.push('+');
        }
        out.push(row);
        if r < rows {
            let mut row = String::new();
            for c in 0..=cols {
                let e = horizontal + r * (cols + 1) + c;
                row.push(if open(set, e) { '.' } else { '|' });
                if c < cols {
                    row.push('o');
                }
            }
            out.push(row);
        }
    }
    out.join("/")
}

/// Reads the text form back: the set of lines not drawn.
pub fn parse((rows, cols): (u32, u32), text: &str) -> Result<u128> {
    let (rows, cols) = (rows as usize, cols as usize);
    let lines: Vec<&str> = text.trim().split('/').map(str::trim).collect();
    let bad = |why: String| {
        Error::Position(format!(
            "'{text}' is not a {rows}x{cols} Dots-and-Boxes board: {why} (expected {HINT})"
        ))
    };
    if lines.len() != 2 * rows + 1 {
        return Err(bad(format!(
            "{} rows of text, where a board of {rows}x{cols} boxes has {}",
            lines.len(),
            2 * rows + 1
        )));
    }
    let horizontal = (rows + 1) * cols;
    let mut set = 0u128;
    for (i, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 2 * cols + 1 {
            return Err(bad(format!(
                "row {} has {} characters, not {}",
                i + 1,
                chars.len(),
                2 * cols + 1
            )));
        }
        for (j, &ch) in chars.iter().enumerate() {
            let (wanted, line_index): (&[char], Option<usize>) = match (i % 2, j % 2) {
                (0, 0) => (&['+'], None),
                (0, _) => (&['-', '.'], Some((i / 2) * cols + j / 2)),
                (_, 0) => (&['|', '.'], Some(horizontal + (i / 2) * (cols + 1) + j / 2)),
                (_, _) => (&['o'], None),
            };
            if !wanted.contains(&ch) {
                let expected: Vec<String> = wanted.iter().map(|c| format!("'{c}'")).collect();
                return Err(bad(format!(
                    "row {}, character {} is '{ch}' where {} belongs",
                    i + 1,
                    j + 1,
                    expected.join(" or ")
                )));
            }
            if let (Some(e), '.') = (line_index, ch) {
                set |= 1u128 << e;
            }
        }
    }
    Ok(set)
}

/// What drawing line `e` does, in words; `freed`: the coins it completes.
pub fn describe((rows, cols): (u32, u32), e: u32, freed: &[u32]) -> String {
    let horizontal = (rows + 1) * cols;
    let ((r1, c1), (r2, c2)) = if e < horizontal {
        let (r, c) = (e / cols, e % cols);
        ((r, c), (r, c + 1))
    } else {
        let k = e - horizontal;
        let (r, c) = (k / (cols + 1), k % (cols + 1));
        ((r, c), (r + 1, c))
    };
    let line = format!(
        "draw the line from dot ({},{}) to dot ({},{})",
        r1 + 1,
        c1 + 1,
        r2 + 1,
        c2 + 1
    );
    let boxes: Vec<String> = freed
        .iter()
        .map(|&coin| format!("({},{})", (coin - 1) / cols + 1, (coin - 1) % cols + 1))
        .collect();
    match boxes.len() {
        0 => line,
        1 => format!("{line}; it completes box {}: move again", boxes[0]),
        _ => format!(
            "{line}; it completes boxes {}: move again",
            boxes.join(" and ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_has_its_lines_between_boxes_and_on_the_border() {
        let (ends, names) = strings(1, 2).unwrap();
        // Top 2, bottom 2, verticals 3.
        assert_eq!(ends.len(), 7);
        assert_eq!(names.len(), 3);
        // The middle vertical joins the two boxes; the others join a box to the ground.
        assert_eq!(ends[5], (1, 2));
        assert_eq!(ends[0], (0, 1));
        assert_eq!(ends[3], (2, 0));
        assert!(line_count(8, 8).is_err());
        assert_eq!(line_count(7, 7).unwrap(), 112);
    }

    #[test]
    fn the_text_form_reads_back() {
        let all = (1u128 << 7) - 1;
        assert_eq!(show((1, 2), all), "+.+.+/.o.o./+.+.+");
        // Top lines (0, 1) and the middle vertical (5) drawn.
        let set = all & !0b11 & !(1 << 5);
        assert_eq!(show((1, 2), set), "+-+-+/.o|o./+.+.+");
        assert_eq!(parse((1, 2), "+-+-+/.o|o./+.+.+").unwrap(), set);
        for (r, c) in [(1, 1), (2, 3), (3, 2)] {
            let n = line_count(r, c).unwrap();
            for set in [0, (1u128 << n) - 1, 0b1010_0110 & ((1u128 << n) - 1)] {
                assert_eq!(parse((r, c), &show((r, c), set)).unwrap(), set);
            }
        }
        for bad in [
            "+.+.+/.o.o.",
            "+.+.+/.o.o./+.+.",
            "+.+.+/.o-o./+.+.+",
            "+.+x+/.o.o./+.+.+",
        ] {
            assert!(parse((1, 2), bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_name_their_dots_and_the_boxes_they_complete() {
        assert_eq!(
            describe((1, 2), 5, &[]),
            "draw the line from dot (1,2) to dot (2,2)"
        );
        assert_eq!(
            describe((1, 2), 0, &[1]),
            "draw the line from dot (1,1) to dot (1,2); it completes box (1,1): move again"
        );
        assert_eq!(
            describe((1, 2), 5, &[1, 2]),
            "draw the line from dot (1,2) to dot (2,2); it completes boxes (1,1) and (1,2): move again"
        );
    }
}
