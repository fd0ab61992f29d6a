//! Glop's notation for Sprouts positions (Lemoine and Viennot, Glop's manual), read and written.
//!
//! A position is its lands, each ended by `]`, and an optional `!` at the end. A land is its
//! regions, each ended by `}`; a region its boundaries, each ended by `.`; a boundary the spots
//! met walking along it with the region on the left (the outer boundary of a region
//! anticlockwise, the others clockwise): `0` a spot with three lives (no curve yet), `1` one
//! with two, `2` one with one life met once, and letters for spots with one life met twice: the
//! same lower-case letter twice on one boundary, or an upper-case letter once in each of two
//! regions. Spots without lives are left out. `0.0.}]!` is two spots; a bare number `p` is the
//! start with `p` spots. A region of three lives or less may list its spots as one boundary
//! (`2AB.}`), as Glop writes it.

use super::land::{Drawing, Region, Spot, END_BOUNDARY, END_REGION, LETTER};
use crate::{Error, Result};

/// The most spots of a start position (`p`), so that its code (two nibbles a spot and the end
/// of its region) fits a part of the search.
pub const MAX_START_SPOTS: u64 = ((super::part::MAX_NIBBLES - 1) / 2) as u64;

/// Reads a position: a number of spots or Glop's notation (see the module docs), as a drawing
/// with one region list (not simplified; its lands are found later).
pub fn parse(text: &str) -> Result<Drawing> {
    let text = text.trim();
    if text.chars().next().is_some_and(|c| c.is_ascii_digit())
        && !text.contains(['.', '}', ']', '!'])
    {
        let spots = crate::number::parse_u64(text)?;
        if spots > MAX_START_SPOTS {
            return Err(Error::TooLarge(format!(
                "a start of {spots} spots: at most {MAX_START_SPOTS} (the start's code must fit a part of the search: {} nibbles)", super::part::MAX_NIBBLES
            )));
        }
        return Ok(Drawing::start(spots as usize));
    }
    Reader::default().read(text)
}

/// A letter seen so far: its spot and where it was seen (region, boundary). Lower-case letters
/// name spots within one boundary (both its sides are there), upper-case ones within one land
/// (one side in each of two regions): Glop's manual writes `aa` in two boundaries of one land
/// for two spots, and `AB` in two lands for four.
struct Letter {
    name: char,
    spot: Spot,
    at: Vec<(usize, usize)>,
}

#[derive(Default)]
struct Reader {
    drawing: Drawing,
    /// The lower-case letters of the boundary being read.
    lower: Vec<Letter>,
    /// The upper-case letters of the land being read.
    upper: Vec<Letter>,
}

impl Reader {
    fn read(mut self, text: &str) -> Result<Drawing> {
        let body = text.strip_suffix('!').unwrap_or(text);
        if body.is_empty() {
            return Ok(self.drawing);
        }
        let bad = |at: usize, what: String| {
            Error::Position(format!("'{text}', character {}: {what}", at + 1))
        };
        let (mut region, mut boundary) = (Region::default(), Vec::new());
        let mut land_regions = 0;
        let mut zero_at = None;
        for (at, c) in body.chars().enumerate() {
            match c {
                '0' | '1' | '2' => {
                    if c == '0' {
                        zero_at = Some(at);
                    }
                    boundary.push(self.drawing.lives.len() as Spot);
                    self.drawing.lives.push(3 - (c as u8 - b'0'));
                }
                c if c.is_alphabetic() => {
                    let place = (self.drawing.regions.len(), region.boundaries.len());
                    let letters = match c.is_lowercase() {
                        true => &mut self.lower,
                        false => &mut self.upper,
                    };
                    let spot = match letters.iter_mut().find(|l| l.name == c) {
                        Some(letter) if letter.at.len() == 2 => {
                            return Err(bad(at, format!("letter {c} appears a third time (a letter is a spot of one life seen twice)")));
                        }
                        Some(letter) => {
                            letter.at.push(place);
                            letter.spot
                        }
                        None => {
                            let spot = self.drawing.lives.len() as Spot;
                            self.drawing.lives.push(1);
                            letters.push(Letter { name: c, spot, at: vec![place] });
                            spot
                        }
                    };
                    boundary.push(spot);
                }
                '.' => {
                    if boundary.is_empty() {
                        return Err(bad(at, "an empty boundary (a boundary lists at least one spot)".into()));
                    }
                    if let Some(z) = zero_at.take() {
                        if boundary.len() > 1 {
                            return Err(bad(z, "a spot 0 (three lives, no curve at it yet) is alone on its boundary".into()));
                        }
                    }
                    check_letters(text, &mut self.lower)?;
                    region.boundaries.push(std::mem::take(&mut boundary));
                }
                '}' => {
                    if !boundary.is_empty() {
                        return Err(bad(at, "the boundary before '}' is not ended by '.'".into()));
                    }
                    if region.boundaries.is_empty() {
                        return Err(bad(at, "an empty region (a region lists at least one boundary)".into()));
                    }
                    self.drawing.regions.push(std::mem::take(&mut region));
                    land_regions += 1;
                }
                ']' => {
                    if !boundary.is_empty() || !region.boundaries.is_empty() {
                        return Err(bad(at, "the region before ']' is not ended by '}'".into()));
                    }
                    if land_regions == 0 {
                        return Err(bad(at, "an empty land (a land lists at least one region)".into()));
                    }
                    check_letters(text, &mut self.upper)?;
                    land_regions = 0;
                }
                '!' => return Err(bad(at, "'!' ends the position: nothing may follow it".into())),
                c => {
                    return Err(bad(at, format!("'{c}' is not a symbol of the notation (0, 1, 2, letters, '.', '}}', ']', '!')")))
                }
            }
        }
        if !boundary.is_empty() || !region.boundaries.is_empty() || land_regions > 0 {
            return Err(Error::Position(format!(
                "'{text}' ends inside a {}: each boundary ends with '.', each region with '}}', each land with ']' (like 0.0.}}]!)",
                if !boundary.is_empty() { "boundary" } else if !region.boundaries.is_empty() { "region" } else { "land" }
            )));
        }
        Ok(self.drawing)
    }
}

/// Checks the letters of a boundary (lower-case) or a land (upper-case) just read, and forgets
/// them: each is seen twice, a lower-case one on one boundary, an upper-case one in two regions.
fn check_letters(text: &str, letters: &mut Vec<Letter>) -> Result<()> {
    for letter in letters.drain(..) {
        let c = letter.name;
        let what = match letter.at[..] {
            [_] => Some("appears once: a letter names a spot of one life seen twice (write 2 for one seen once)"),
            [(r1, _), (r2, _)] if c.is_uppercase() && r1 == r2 => Some(
                "is upper-case but twice in one region (lower-case letters are spots seen twice on one boundary)",
            ),
            _ => None,
        };
        if let Some(what) = what {
            return Err(Error::Position(format!("'{text}': letter {c} {what}")));
        }
    }
    Ok(())
}

/// The names of letters when written: `a`-`z` then Greek small letters for spots seen twice on
/// one boundary, `A`-`Z` then Greek capitals for spots seen in two regions.
fn letter_name(index: usize, upper: bool) -> char {
    const LATIN: usize = 26;
    let (latin, greek) = match upper {
        true => ('A', 'Α'),
        false => ('a', 'α'),
    };
    if index < LATIN {
        char::from(latin as u8 + index as u8)
    } else {
        // Greek has 24 letters from alpha (skipping final sigma in small letters).
        let mut c = greek as u32 + (index - LATIN) as u32;
        if !upper && c >= 'ς' as u32 {
            c += 1;
        }
        if upper && c >= 0x3A2 {
            c += 1;
        }
        char::from_u32(c).unwrap_or('?')
    }
}

/// Writes the lands of a position, each given by its canonical code, in Glop's notation, with
/// letters named as Glop names them: lower-case ones within each boundary, upper-case ones within
/// each land, each in order of appearance.
pub fn write(lands: &[Vec<u8>]) -> String {
    let mut out = String::new();
    for code in lands {
        let (mut lower, mut upper) = (0, 0);
        // Whether each letter of this land is seen in two regions.
        let mut region_of: Vec<Option<usize>> = Vec::new();
        let mut across: Vec<bool> = Vec::new();
        let mut region = 0;
        for &symbol in code {
            match symbol {
                END_REGION => region += 1,
                END_BOUNDARY => {}
                s if s >= LETTER => {
                    let i = usize::from(s - LETTER);
                    if i >= region_of.len() {
                        region_of.resize(i + 1, None);
                        across.resize(i + 1, false);
                    }
                    match region_of[i] {
                        None => region_of[i] = Some(region),
                        Some(r) => across[i] = r != region,
                    }
                }
                _ => {}
            }
        }
        let mut names: Vec<Option<char>> = vec![None; across.len()];
        for &symbol in code {
            if symbol == END_BOUNDARY {
                lower = 0;
            }
            out.push(match symbol {
                END_BOUNDARY => '.',
                END_REGION => '}',
                s if s < LETTER => char::from(b'0' + s),
                s => {
                    let i = usize::from(s - LETTER);
                    *names[i].get_or_insert_with(|| {
                        let counter = if across[i] { &mut upper } else { &mut lower };
                        *counter += 1;
                        letter_name(*counter - 1, across[i])
                    })
                }
            });
        }
        out.push(']');
    }
    out.push('!');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glop_manual_example_reads() {
        // The manual's example position before and after its simplifications.
        let d = parse("1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!").unwrap();
        assert_eq!(d.regions.len(), 5);
        let d = parse("12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!").unwrap();
        assert_eq!(d.regions.len(), 4);
        assert_eq!(parse("3").unwrap(), Drawing::start(3));
        assert_eq!(parse("!").unwrap(), Drawing::default());
    }

    #[test]
    fn malformed_positions_say_what_and_where() {
        for (text, says) in [
            ("0.0.}", "ends inside a land"),
            ("0.0}]", "not ended by '.'"),
            ("0..}]", "character 3: an empty boundary"),
            ("a.}]", "letter a appears once"),
            ("aaa.}]", "appears a third time"),
            ("aab.}]", "letter b appears once"),
            ("ab.a.b.}]", "letter a appears once"),
            ("AA.}]", "is upper-case but twice in one region"),
            ("A.}]A.}]", "letter A appears once"),
            ("02.}]", "a spot 0"),
            ("0.}]#", "'#' is not"),
            ("0.}]!!", "'!' ends the position"),
            ("64", "at most 63"),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
