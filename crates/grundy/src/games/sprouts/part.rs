//! A land's canonical code packed into a fixed number of words, the part the board search and
//! its transposition table keep.
//!
//! Four bits a symbol: `0`, `1`, `2` (spots seen once, with 3, 2 or 1 lives), the ends of a
//! boundary and of a region, the first nine letters; a later letter is an escape and two more
//! nibbles. Nibbles after the last end of a region are padding (zero).

use super::land::{END_BOUNDARY, END_REGION, LETTER};
use crate::{Error, Result};

/// Words of a part: 128 nibbles (four words were too few from 7 spots on: a land of 70
/// nibbles is reached there).
pub const WORDS: usize = 8;

/// A land, packed.
pub type Part = [u64; WORDS];

/// The most nibbles a part holds.
pub const MAX_NIBBLES: usize = WORDS * 16;

const NIBBLE_BOUNDARY: u8 = 3;
const NIBBLE_REGION: u8 = 4;
/// Letters `0..ONE_NIBBLE_LETTERS` take one nibble, `FIRST_LETTER + i`.
const FIRST_LETTER: u8 = 5;
const ONE_NIBBLE_LETTERS: u8 = 9;
/// A later letter: this nibble, then `i - ONE_NIBBLE_LETTERS` in two.
const ESCAPE: u8 = 14;

/// The nibbles of a code.
fn nibbles(code: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(code.len());
    for &symbol in code {
        match symbol {
            END_BOUNDARY => out.push(NIBBLE_BOUNDARY),
            END_REGION => out.push(NIBBLE_REGION),
            s if s < LETTER => out.push(s),
            s => {
                let i = s - LETTER;
                if i < ONE_NIBBLE_LETTERS {
                    out.push(FIRST_LETTER + i);
                } else {
                    let rest = i - ONE_NIBBLE_LETTERS;
                    out.extend([ESCAPE, rest >> 4, rest & 15]);
                }
            }
        }
    }
    out
}

/// The part of a land's code; refused when it does not fit.
pub fn pack(code: &[u8]) -> Result<Part> {
    let nibbles = nibbles(code);
    if nibbles.len() > MAX_NIBBLES {
        return Err(Error::TooLarge(format!(
            "a land whose code takes {} nibbles, more than the {MAX_NIBBLES} a part of the search holds (parts are fixed words, part::WORDS)",
            nibbles.len()
        )));
    }
    let mut part = [0u64; WORDS];
    for (i, &n) in nibbles.iter().enumerate() {
        part[i / 16] |= u64::from(n) << (4 * (i % 16));
    }
    Ok(part)
}

/// Whether a land's code fits a part.
pub fn fits(code: &[u8]) -> bool {
    nibbles(code).len() <= MAX_NIBBLES
}

/// The code of a part (up to its last end of a region); `None` for bits no code packs to.
pub fn unpack(part: &Part) -> Option<Vec<u8>> {
    let mut code = Vec::new();
    let mut end = 0;
    let mut i = 0;
    let nibble = |i: usize| ((part[i / 16] >> (4 * (i % 16))) & 15) as u8;
    while i < MAX_NIBBLES {
        let n = nibble(i);
        i += 1;
        let symbol = match n {
            NIBBLE_BOUNDARY => END_BOUNDARY,
            NIBBLE_REGION => END_REGION,
            ESCAPE if i + 2 <= MAX_NIBBLES => {
                let rest = nibble(i) << 4 | nibble(i + 1);
                i += 2;
                (LETTER + ONE_NIBBLE_LETTERS)
                    .checked_add(rest)
                    .filter(|&s| s < END_BOUNDARY)?
            }
            ESCAPE | 15 => return None,
            n if n >= FIRST_LETTER => LETTER + n - FIRST_LETTER,
            n => n,
        };
        code.push(symbol);
        if symbol == END_REGION {
            end = code.len();
        }
    }
    code.truncate(end);
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_pack_and_unpack() {
        let mut code = vec![0, END_BOUNDARY, 1, 2, END_BOUNDARY, END_REGION];
        for i in 0..12 {
            code.push(LETTER + i);
        }
        code.extend([END_BOUNDARY, END_REGION]);
        let part = pack(&code).unwrap();
        assert_eq!(unpack(&part), Some(code));
        assert!(pack(&[0; MAX_NIBBLES + 1]).is_err());
        assert_eq!(unpack(&[0; WORDS]), Some(Vec::new()));
        assert_eq!(unpack(&[15; WORDS]), None);
    }
}
