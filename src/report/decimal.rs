//! Whole numbers written in decimal straight into a report, without the
//! formatting machinery `write!` goes through for each.
//!
//! The numbers of a report are nearly all below a thousand (points,
//! scores, deal numbers): those are copied from a table, three bytes at
//! once, and the copy cut to their length.

/// Each number below a thousand: its digits, left-aligned in the first
/// three bytes, and how many there are in the fourth.
const SMALL: [[u8; 4]; 1000] = small();

const fn small() -> [[u8; 4]; 1000] {
    let mut table = [[0u8; 4]; 1000];
    let mut n = 0;
    while n < 1000 {
        let [h, t, u] = [(n / 100) as u8, (n / 10 % 10) as u8, (n % 10) as u8];
        table[n] = if n >= 100 {
            [b'0' + h, b'0' + t, b'0' + u, 3]
        } else if n >= 10 {
            [b'0' + t, b'0' + u, 0, 2]
        } else {
            [b'0' + u, 0, 0, 1]
        };
        n += 1;
    }
    table
}

/// `n` in decimal, appended to `out`: what `write!(out, "{n}")` writes.
pub(super) fn decimal(out: &mut String, n: u32) {
    match SMALL.get(n as usize) {
        Some(&[a, b, c, len]) => {
            for &digit in &[a, b, c][..usize::from(len)] {
                out.push(char::from(digit));
            }
        }
        None => {
            let mut room = [0u8; 10];
            out.extend(digits(n, &mut room).iter().map(|&d| char::from(d)));
        }
    }
}

/// `n` in decimal, appended to the bytes `out`.
#[inline]
pub(super) fn decimal_bytes(out: &mut Vec<u8>, n: u32) {
    match SMALL.get(n as usize) {
        Some(&[a, b, c, len]) => {
            // Three bytes copied, then the ones past the digits cut.
            out.extend_from_slice(&[a, b, c]);
            out.truncate(out.len() - 3 + usize::from(len));
        }
        None => large_bytes(out, n),
    }
}

/// [`decimal_bytes`] of a number of four digits or more.
#[cold]
fn large_bytes(out: &mut Vec<u8>, n: u32) {
    let mut room = [0u8; 10];
    out.extend_from_slice(digits(n, &mut room));
}

/// The digits of `n` in decimal, written at the end of `room`.
pub(super) fn digits(n: u32, room: &mut [u8; 10]) -> &[u8] {
    let mut at = room.len();
    let mut rest = n;
    loop {
        at -= 1;
        room[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            return &room[at..];
        }
    }
}

/// Where a report's words are written: the text report's `String`, or the
/// bytes of the JSON report (a score line's words are the same in both).
pub(super) trait Sink {
    /// Appends `text`.
    fn text(&mut self, text: &str);
    /// Appends `n` in decimal.
    fn number(&mut self, n: u32);
}

impl Sink for String {
    fn text(&mut self, text: &str) {
        self.push_str(text);
    }

    fn number(&mut self, n: u32) {
        decimal(self, n);
    }
}

impl Sink for Vec<u8> {
    #[inline]
    fn text(&mut self, text: &str) {
        self.extend_from_slice(text.as_bytes());
    }

    #[inline]
    fn number(&mut self, n: u32) {
        decimal_bytes(self, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_write_writes_them() {
        let edges = [u32::MAX, u32::MAX - 1, 1_000_000_000, 999_999_999];
        for n in (0..100_000).chain((0..32).map(|i| 1 << i)).chain(edges) {
            let mut out = String::from("x");
            decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
            let mut bytes = b"x".to_vec();
            decimal_bytes(&mut bytes, n);
            assert_eq!(bytes, format!("x{n}").into_bytes());
        }
    }
}
