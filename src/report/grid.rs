//! A table in the house style ([`new_table`](super::table::new_table)),
//! drawn straight into the report where that is provably what comfy-table
//! draws, and by comfy-table otherwise.
//!
//! comfy-table stays the renderer and the reference. Its dynamic
//! arrangement gives each column exactly its widest cell when the widest
//! cells, the padding and the borders all fit in the width allowed: the
//! table is then fully determined by those widths, and is written here
//! directly. That holds where:
//! - no colour is on (comfy-table would style the header);
//! - every cell is printable ASCII, one character one column (no line
//!   break, no tab, nothing whose width needs Unicode's tables);
//! - every row has a cell for each column of the header;
//! - the widest cells, the padding and the borders fit in the width.
//!
//! Any other table is drawn by comfy-table, cell for cell the same.

use std::cell::RefCell;
use std::sync::OnceLock;

use comfy_table::presets;

use super::decimal::decimal;
use super::style::Style;
use super::table::table_in;

/// A table's header and cells, to be drawn once all are written.
pub(super) struct Grid<'h> {
    header: &'h [&'h str],
    /// Every cell's text, one after another.
    text: String,
    /// Where each cell ends in `text`, row after row.
    ends: Vec<usize>,
}

impl<'h> Grid<'h> {
    /// An empty table under `header`.
    pub(super) fn new(header: &'h [&'h str]) -> Self {
        Grid {
            header,
            // Room for a deal's score table.
            text: String::with_capacity(512),
            ends: Vec::with_capacity(header.len() * 12),
        }
    }

    /// The next cell: `text`.
    pub(super) fn cell(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    /// The next cell, written by `write`.
    pub(super) fn cell_with(&mut self, write: impl FnOnce(&mut String)) {
        write(&mut self.text);
        self.ends.push(self.text.len());
    }

    /// The next cell: a number.
    pub(super) fn number(&mut self, n: u32) {
        decimal(&mut self.text, n);
        self.ends.push(self.text.len());
    }

    /// The cells, in order.
    fn cells(&self) -> impl Iterator<Item = &str> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(s, &e)| &self.text[s..e])
    }

    /// Appends the table to `out` in the report's style, each line
    /// after `indent` and ending in a line break.
    pub(super) fn write(&self, out: &mut String, indent: &str) {
        self.write_styled(out, indent, super::style::get());
    }

    /// [`Grid::write`] under a given style.
    pub(super) fn write_styled(&self, out: &mut String, indent: &str, style: Style) {
        if !self.write_direct(out, indent, style) {
            self.write_comfy(out, indent, style);
        }
    }

    /// The table as comfy-table draws it: the reference.
    pub(super) fn write_comfy(&self, out: &mut String, indent: &str, style: Style) {
        let mut table = table_in(self.header, style);
        let cells: Vec<&str> = self.cells().collect();
        for row in cells.chunks(self.header.len().max(1)) {
            table.add_row(row.to_vec());
        }
        for line in table.lines() {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
        }
    }

    /// The table written directly, where comfy-table would draw each
    /// column as wide as its widest cell; false, with nothing written,
    /// where it might not.
    pub(super) fn write_direct(&self, out: &mut String, indent: &str, style: Style) -> bool {
        let Some(widths) = self.widths(style) else {
            return false;
        };
        LAST_FRAME.with_borrow_mut(|last| {
            if !last
                .as_ref()
                .is_some_and(|frame| frame.is_for(self.header, &widths, style.ascii))
            {
                *last = Some(Frame::new(self.header, widths, style.ascii));
            }
            if let Some(frame) = last {
                self.write_framed(out, indent, frame);
            }
        });
        true
    }

    /// The table's rows within its frame.
    fn write_framed(&self, out: &mut String, indent: &str, frame: &Frame) {
        push_lines(out, indent, &frame.head);
        let mut start = 0;
        for row in self.ends.chunks(frame.widths.len()) {
            let cells = row.iter().map(|&end| {
                let cell = &self.text[start..end];
                start = end;
                cell
            });
            frame.tails.row(out, indent, cells);
        }
        push_lines(out, indent, &frame.bottom);
    }

    /// Each column's width, its widest cell or header (one at least),
    /// where the table can be written directly.
    fn widths(&self, style: Style) -> Option<Vec<usize>> {
        let columns = self.header.len();
        if style.color || columns == 0 || !self.ends.len().is_multiple_of(columns) {
            return None;
        }
        if !plain(&self.text) || !self.header.iter().all(|h| plain(h)) {
            return None;
        }
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.len().max(1)).collect();
        let mut start = 0;
        for row in self.ends.chunks(columns) {
            for (width, &end) in widths.iter_mut().zip(row) {
                *width = (*width).max(end - start);
                start = end;
            }
        }
        // A space either side of each cell, a border before each and after the last.
        let drawn = widths.iter().sum::<usize>() + 3 * columns + 1;
        let allowed = style.width.map_or(super::WIDTH + 20, usize::from);
        (drawn <= allowed).then_some(widths)
    }
}

/// What a table's lines are drawn with, which depends on its header, its
/// columns' widths and its border alone: its rules, its header's row, and
/// the tails of its cells.
struct Frame {
    ascii: bool,
    header: Vec<String>,
    widths: Vec<usize>,
    tails: Tails,
    /// The top rule, the header's row and the rule under it.
    head: String,
    /// The bottom rule.
    bottom: String,
}

thread_local! {
    /// The frame of the last table drawn on this thread: a report's tables
    /// are mostly framed as the one before, and drawn again in it.
    static LAST_FRAME: RefCell<Option<Frame>> = const { RefCell::new(None) };
}

impl Frame {
    fn new(header: &[&str], widths: Vec<usize>, ascii: bool) -> Frame {
        let border = Border::of(ascii);
        let tails = Tails::new(&widths, border.vertical);
        let mut head = String::new();
        border.top.draw(&mut head, "", &widths);
        tails.row(&mut head, "", header.iter().copied());
        border.under_header.draw(&mut head, "", &widths);
        let mut bottom = String::new();
        border.bottom.draw(&mut bottom, "", &widths);
        Frame {
            ascii,
            header: header.iter().map(|h| h.to_string()).collect(),
            widths,
            tails,
            head,
            bottom,
        }
    }

    /// Whether this is the frame of a table under `header`, of `widths`.
    fn is_for(&self, header: &[&str], widths: &[usize], ascii: bool) -> bool {
        self.ascii == ascii
            && self.widths == widths
            && self
                .header
                .iter()
                .map(String::as_str)
                .eq(header.iter().copied())
    }
}

/// Lines, each ending in a line break, appended to `out` after `indent`.
fn push_lines(out: &mut String, indent: &str, lines: &str) {
    if indent.is_empty() {
        out.push_str(lines);
    } else {
        for line in lines.split_inclusive('\n') {
            out.push_str(indent);
            out.push_str(line);
        }
    }
}

/// Whether `text` is printable ASCII alone, one column a byte. (Every
/// byte is looked at, with no early return, which compiles to a few
/// instructions for many bytes at once.)
fn plain(text: &str) -> bool {
    let outside = text.bytes().fold(0u8, |outside, b| {
        outside | u8::from(!(b' '..=b'~').contains(&b))
    });
    outside == 0
}

/// What follows each cell of a row to the next cell, for cells no wider
/// than their column: the spaces that pad the widest cell, then the line
/// between columns and a space, or the right border and the line's end.
/// A cell `n` bytes long is followed by its column's tail less `n` spaces.
struct Tails {
    /// The left border and a space, then each column's tail.
    text: String,
    /// Where each column's tail ends in `text` (the first starts after the border).
    ends: Vec<usize>,
}

impl Tails {
    fn new(widths: &[usize], [left, middle, right]: [char; 3]) -> Tails {
        let mut text = String::with_capacity(widths.iter().sum::<usize>() + 8 * widths.len());
        text.push(left);
        text.push(' ');
        let mut ends = Vec::with_capacity(widths.len() + 1);
        ends.push(text.len());
        for (index, width) in widths.iter().enumerate() {
            repeat(&mut text, SPACES, 1, width + 1);
            if index + 1 < widths.len() {
                text.push(middle);
                text.push(' ');
            } else {
                text.push(right);
                text.push('\n');
            }
            ends.push(text.len());
        }
        Tails { text, ends }
    }

    /// One row: each cell padded to its column, between the vertical lines.
    fn row<'c>(&self, out: &mut String, indent: &str, cells: impl Iterator<Item = &'c str>) {
        push_indent(out, indent);
        out.push_str(&self.text[..self.ends[0]]);
        for (cell, tail) in cells.zip(self.ends.windows(2)) {
            out.push_str(cell);
            out.push_str(&self.text[tail[0] + cell.len()..tail[1]]);
        }
    }
}

/// A line's indent, where it has one (a report's tables mostly have none).
fn push_indent(out: &mut String, indent: &str) {
    if !indent.is_empty() {
        out.push_str(indent);
    }
}

/// Spaces to pad with.
const SPACES: &str = "                                                                ";

/// `count` characters of `run`, a run of one character `size` bytes
/// long, appended to `out`.
fn repeat(out: &mut String, run: &str, size: usize, mut count: usize) {
    let whole = run.len() / size;
    while count > whole {
        out.push_str(run);
        count -= whole;
    }
    out.push_str(&run[..count * size]);
}

/// A horizontal rule: its left end, its line (as a run of its character),
/// where it crosses a column's border, and its right end.
struct Rule {
    left: char,
    line: String,
    /// The size of the line's character in bytes.
    size: usize,
    cross: char,
    right: char,
}

impl Rule {
    fn new([left, line, cross, right]: [char; 4]) -> Rule {
        Rule {
            left,
            line: std::iter::repeat_n(line, SPACES.len()).collect(),
            size: line.len_utf8(),
            cross,
            right,
        }
    }

    /// The rule over columns of `widths`.
    fn draw(&self, out: &mut String, indent: &str, widths: &[usize]) {
        push_indent(out, indent);
        out.push(self.left);
        for (index, width) in widths.iter().enumerate() {
            if index > 0 {
                out.push(self.cross);
            }
            repeat(out, &self.line, self.size, width + 2);
        }
        out.push(self.right);
        out.push('\n');
    }
}

/// The lines a preset draws.
struct Border {
    top: Rule,
    under_header: Rule,
    bottom: Rule,
    /// The left border, the line between columns, the right border.
    vertical: [char; 3],
}

impl Border {
    /// The lines of the house style's preset, Unicode or ASCII.
    fn of(ascii: bool) -> &'static Border {
        static BORDERS: OnceLock<[Border; 2]> = OnceLock::new();
        let [unicode, ascii_border] = BORDERS.get_or_init(|| {
            [
                Border::of_preset(presets::UTF8_FULL_CONDENSED),
                Border::of_preset(presets::ASCII_FULL_CONDENSED),
            ]
        });
        if ascii {
            ascii_border
        } else {
            unicode
        }
    }

    /// The lines of a comfy-table preset (its characters in the order of
    /// comfy-table's `TableComponent`), which draws no line between rows.
    fn of_preset(preset: &str) -> Border {
        let mut c = [' '; 19];
        for (slot, char) in c.iter_mut().zip(preset.chars()) {
            *slot = char;
        }
        Border {
            top: Rule::new([c[15], c[2], c[13], c[16]]),
            under_header: Rule::new([c[4], c[5], c[6], c[7]]),
            bottom: Rule::new([c[17], c[3], c[14], c[18]]),
            vertical: [c[0], c[8], c[1]],
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Styles in both presets, colour or not, at `widths`.
    fn styles(widths: impl IntoIterator<Item = Option<u16>> + Clone) -> Vec<Style> {
        let mut out = Vec::new();
        for ascii in [false, true] {
            for color in [false, true] {
                for width in widths.clone() {
                    out.push(Style {
                        color,
                        messages_color: false,
                        ascii,
                        width,
                    });
                }
            }
        }
        out
    }

    /// The table both ways in `style`: the same bytes; and whether it was written directly.
    fn same_in(grid: &Grid<'_>, style: Style) -> bool {
        let mut reference = String::from("before\n");
        grid.write_comfy(&mut reference, "  ", style);
        let mut drawn = String::from("before\n");
        grid.write_styled(&mut drawn, "  ", style);
        assert_eq!(drawn, reference, "{style:?}");
        let mut only = String::from("before\n");
        let direct = grid.write_direct(&mut only, "  ", style);
        if direct {
            assert_eq!(only, reference, "{style:?}");
        } else {
            assert_eq!(only, "before\n", "nothing written when not direct");
        }
        direct
    }

    /// The table both ways, in both presets, colour or not, where it
    /// goes to no terminal, to a narrow one, and to one as wide as the
    /// table, a column less and a column more: the same bytes. How many
    /// of them were written directly.
    pub(in super::super) fn same_both_ways(grid: &Grid<'_>) -> usize {
        let mut plain = String::new();
        grid.write_comfy(&mut plain, "", Style::default());
        let own = plain.lines().next().map_or(0, |l| l.chars().count());
        let own = u16::try_from(own).unwrap();
        let widths = [
            None,
            Some(0),
            Some(40),
            Some(own - 1),
            Some(own),
            Some(own + 1),
        ];
        let styles = styles(widths);
        styles.into_iter().filter(|s| same_in(grid, *s)).count()
    }

    fn grid<'h>(header: &'h [&'h str], rows: &[&[&str]]) -> Grid<'h> {
        let mut grid = Grid::new(header);
        for row in rows {
            for cell in *row {
                grid.cell(cell);
            }
        }
        grid
    }

    const LONG: &str = "Points in play (10 led, 1 won as second player, the last trick)";
    const LONGER: &str = "Points in play (10 led, 1 won as second player, the last trick; 2 led or won with sevens to nines, not counting)";

    #[test]
    fn tables_near_the_width_and_with_any_text_are_drawn_as_comfy_table_draws_them() {
        let header = ["Player", "Scores", "Points", "Laws"];
        let cases: Vec<(&[&str], Vec<&[&str]>)> = vec![
            (&header, vec![]),
            (
                &header,
                vec![&["A", LONG, "12", "65"], &["B", "Deal total", "3", ""]],
            ),
            (&header, vec![&["A", LONGER, "12", "48, 49, 64"]]),
            (&header, vec![&["", "", "", ""], &["", "", "", ""]]),
            (&header, vec![&["Élodie", "Point of four", "4", "46, 62"]]),
            (&header, vec![&["A", "4 → 5", "4", "46"]]),
            (&header, vec![&["A", "two\nlines", "4", "46"]]),
            (&header, vec![&["A", "a\ttab", "4", "46"]]),
            (&header, vec![&["A", "trailing  ", " 4", "46 "]]),
            (
                &["Option", "A", "B", "Chosen"],
                vec![&["the deal void", "0", "0", "yes"]],
            ),
            (
                &["Option", "Émile", "B", "Scored"],
                vec![&["a", "12", "3", ""]],
            ),
            (&["x"], vec![&["y"], &[""]]),
            (&[""], vec![&[""]]),
        ];
        let every_width = styles((0..=130).map(Some).chain([None]));
        let mut direct = 0;
        for (header, rows) in &cases {
            for style in &every_width {
                direct += usize::from(same_in(&grid(header, rows), *style));
            }
        }
        assert!(direct > 200, "only {direct} drawn directly");
        // Cells of every length about the width allowed.
        let mut direct = 0;
        for width in 0..110 {
            let cell = "w".repeat(width);
            let words = "word ".repeat(width / 5);
            let rows: [&[&str]; 2] = [&["A", &cell, "1", ""], &["B", &words, "", "7"]];
            direct += same_both_ways(&grid(&header, &rows));
        }
        assert!(direct > 300, "only {direct} drawn directly");
    }
}
