//! Whole numbers written in decimal straight into a report, without the
//! formatting machinery `write!` goes through for each.

/// `n` in decimal, appended to `out`: what `write!(out, "{n}")` writes.
pub(super) fn decimal(out: &mut String, n: u32) {
    let mut room = [0u8; 10];
    out.extend(digits(n, &mut room).iter().map(|&d| char::from(d)));
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
        }
    }
}
