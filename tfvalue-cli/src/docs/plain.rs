//! Markdown descriptions as plain text, for the front matter's `description` (read by
//! the registry as text, not Markdown): code spans lose their backticks, links become
//! their text (and their address, when it leads off the page), emphasis and heading marks
//! go. Plain descriptions are used as they are.

use tfvalue::schema::StringKind;

/// `text` as plain text, converted when its `kind` is Markdown.
pub(crate) fn plain(text: &str, kind: StringKind) -> String {
    match kind {
        StringKind::Plain => text.to_owned(),
        StringKind::Markdown => text.lines().map(line).collect::<Vec<_>>().join("\n"),
    }
}

fn line(line: &str) -> String {
    let trimmed = line.trim_start();
    let line = match trimmed.strip_prefix('#') {
        Some(_) => trimmed.trim_start_matches('#').trim_start(),
        None => line,
    };
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            // A code span: its text, as written.
            let ticks = rest.len() - rest.trim_start_matches('`').len();
            let fence = &rest[..ticks];
            if let Some(end) = rest[ticks..].find(fence) {
                out.push_str(rest[ticks..ticks + end].trim());
                rest = &rest[ticks + end + ticks..];
                continue;
            }
            out.push_str(fence);
            rest = &rest[ticks..];
            continue;
        }
        if c == '[' {
            if let Some((text, address, len)) = link(rest) {
                out.push_str(text);
                if leads_off_the_page(address) {
                    out.push(' ');
                    out.push_str(address);
                }
                rest = &rest[len..];
                continue;
            }
        }
        if rest.starts_with("**") || rest.starts_with("__") {
            rest = &rest[2..];
            continue;
        }
        if c == '*' {
            rest = &rest[1..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether a link's address leads to another page or site: not an anchor (`#x`) nor a path
/// on the same site (`/x`, but `//host/x` is another site).
fn leads_off_the_page(address: &str) -> bool {
    let anchor = address.starts_with('#');
    let same_site = address.starts_with('/') && !address.starts_with("//");
    !anchor && !same_site
}

/// `[text](address)` at the start of `s`: the text, the address and the length.
fn link(s: &str) -> Option<(&str, &str, usize)> {
    let close = s.find("](")?;
    let text = &s[1..close];
    if text.contains('[') {
        return None;
    }
    let after = &s[close + 2..];
    let end = after.find(')')?;
    Some((text, &after[..end], close + 2 + end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_text() {
        let md = "## Title\nUse `localfs_file` with **care**, see [the docs](https://example.com/x) or [below](#x).\nA *b* c_d ``a`b``";
        assert_eq!(
            plain(md, StringKind::Markdown),
            "Title\nUse localfs_file with care, see the docs https://example.com/x or below.\nA b c_d a`b"
        );
        assert_eq!(plain(md, StringKind::Plain), md);
        assert_eq!(
            plain("unclosed `tick and [bracket", StringKind::Markdown),
            "unclosed `tick and [bracket"
        );
    }
}
