//! Palindromes: `a(i) = a(len - 1 - i)` for every `i`.

/// The first index `i` (from the start) with `a(i) != a(len - 1 - i)`, if any.
pub fn first_asymmetry(values: &[u64]) -> Option<usize> {
    let len = values.len();
    (0..len / 2).find(|&i| values[i] != values[len - 1 - i])
}

/// Whether the sequence reads the same backwards.
pub fn is_palindrome(values: &[u64]) -> bool {
    first_asymmetry(values).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palindromes() {
        assert!(is_palindrome(&[]));
        assert!(is_palindrome(&[4]));
        assert!(is_palindrome(&[1, 2, 1]));
        assert!(is_palindrome(&[1, 2, 2, 1]));
        assert_eq!(first_asymmetry(&[1, 2, 3, 1]), Some(1));
    }
}
