//! Unified diffs of a file as written against the same file rewritten (what
//! `fmt --check --diff` prints), built a piece at a time: a file is read a
//! game at a time, and each game's text is compared with its rewriting on its
//! own ([`similar`]'s line diff), the line numbers running on over the file.

use std::fmt::Write as _;

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// The hunks of a file's diff so far.
#[derive(Debug, Default)]
pub struct UnifiedDiff {
    hunks: String,
    /// Lines of the file as written, and as rewritten, before the next piece.
    old_lines: usize,
    new_lines: usize,
}

/// The lines of a text (a last line without a line feed counts).
fn line_count(text: &str) -> usize {
    text.bytes().filter(|b| *b == b'\n').count()
        + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

/// A hunk range: its first line (1-based; the line before it when it is
/// empty) and its length.
fn range(before: usize, r: &std::ops::Range<usize>) -> String {
    let start = before + r.start + usize::from(!r.is_empty());
    format!("{start},{}", r.len())
}

impl UnifiedDiff {
    /// An empty diff.
    pub fn new() -> UnifiedDiff {
        UnifiedDiff::default()
    }

    /// Adds the next piece of the file: `old` as written, `new` rewritten.
    pub fn piece(&mut self, old: &str, new: &str) {
        if old != new {
            let diff = similar::TextDiff::from_lines(old, new);
            for group in diff.grouped_ops(CONTEXT) {
                let (Some(first), Some(last)) = (group.first(), group.last()) else {
                    continue;
                };
                let old_range = first.old_range().start..last.old_range().end;
                let new_range = first.new_range().start..last.new_range().end;
                let _ = writeln!(
                    self.hunks,
                    "@@ -{} +{} @@",
                    range(self.old_lines, &old_range),
                    range(self.new_lines, &new_range)
                );
                for op in &group {
                    for change in diff.iter_changes(op) {
                        let sign = match change.tag() {
                            similar::ChangeTag::Equal => ' ',
                            similar::ChangeTag::Delete => '-',
                            similar::ChangeTag::Insert => '+',
                        };
                        self.hunks.push(sign);
                        self.hunks.push_str(change.value());
                        if change.missing_newline() {
                            self.hunks.push_str("\n\\ No newline at end of file\n");
                        }
                    }
                }
            }
        }
        self.old_lines += line_count(old);
        self.new_lines += line_count(new);
    }

    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.hunks.is_empty()
    }

    /// The diff of a file named `name`: its header and its hunks (nothing when
    /// nothing changes).
    pub fn finish(self, name: &str) -> String {
        if self.hunks.is_empty() {
            return String::new();
        }
        format!(
            "--- {name}\t(as written)\n+++ {name}\t(canonical)\n{}",
            self.hunks
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunks_number_lines_over_the_pieces() {
        let mut d = UnifiedDiff::new();
        d.piece("a\nb\n", "a\nb\n");
        d.piece("c\nx\n", "c\ny\n");
        assert_eq!(
            d.finish("f"),
            "--- f\t(as written)\n+++ f\t(canonical)\n@@ -3,2 +3,2 @@\n c\n-x\n+y\n"
        );
    }

    #[test]
    fn a_line_removed_and_a_last_line_feed_added() {
        let mut d = UnifiedDiff::new();
        d.piece("a\n\n\nb", "a\n\nb\n");
        assert_eq!(
            d.finish("f"),
            "--- f\t(as written)\n+++ f\t(canonical)\n@@ -1,4 +1,3 @@\n a\n \n-\n-b\n\\ No newline at end of file\n+b\n"
        );
    }

    #[test]
    fn no_change_no_diff() {
        let mut d = UnifiedDiff::new();
        d.piece("a\n", "a\n");
        assert!(d.is_empty());
        assert_eq!(d.finish("f"), "");
    }
}
