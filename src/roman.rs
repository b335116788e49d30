//! Roman numerals, as the books number Cases (XXII) and paragraphs (59.IV).

const NUMERALS: [(u32, &str); 13] = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
];

/// `22` → `XXII`. Zero gives an empty string.
pub fn to_roman(mut n: u32) -> String {
    let mut out = String::new();
    for (value, numeral) in NUMERALS {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    out
}

/// `XXII` or `xxii` → `22`; anything that is not a numeral in its canonical form is `None`.
pub fn from_roman(text: &str) -> Option<u32> {
    let upper = text.to_ascii_uppercase();
    let mut rest = upper.as_str();
    let mut n = 0;
    for (value, numeral) in NUMERALS {
        while let Some(tail) = rest.strip_prefix(numeral) {
            n += value;
            rest = tail;
        }
    }
    // Only the canonical spelling round-trips, which rejects `IIII`, `VX` and the empty string.
    (rest.is_empty() && n > 0 && to_roman(n) == upper).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways() {
        let table = [
            (1, "I"),
            (4, "IV"),
            (9, "IX"),
            (14, "XIV"),
            (19, "XIX"),
            (22, "XXII"),
            (59, "LIX"),
        ];
        for (n, numeral) in table {
            assert_eq!(to_roman(n), numeral);
            assert_eq!(from_roman(numeral), Some(n));
            assert_eq!(from_roman(&numeral.to_lowercase()), Some(n));
        }
    }

    #[test]
    fn rejects_what_is_not_a_numeral() {
        for text in ["", "IIII", "VX", "7", "XXIIA", "case"] {
            assert_eq!(from_roman(text), None, "{text:?}");
        }
    }
}
