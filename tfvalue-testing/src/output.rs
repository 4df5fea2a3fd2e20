//! Text helpers: command output for messages, and HCL string literals.

use std::process::{ExitStatus, Output};

/// The stdout of a command, as text.
pub fn stdout_text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The stdout and stderr of a command, labelled, as text.
pub fn output_text(out: &Output) -> String {
    format!(
        "--- stdout\n{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// An HCL string literal for `s` (quotes, backslashes, control characters and template
/// sequences escaped), for building configurations from values such as paths.
pub fn hcl_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes `line` straight to the process's stderr: the test harness captures
/// `eprintln!` of passing tests, and a skipped step must be seen.
pub(crate) fn print_notice(line: &str) {
    use std::io::Write as _;
    // Ignored: if stderr is gone there is no one to tell.
    let _ = writeln!(std::io::stderr().lock(), "note: {line}");
}

/// An exit status as a reader wants it: the code, or that a signal ended the process.
pub(crate) fn status_text(status: ExitStatus) -> String {
    status.code().map_or_else(
        || format!("{status} (killed by a signal)"),
        |c| c.to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hcl_strings_escape_what_hcl_would_read() {
        assert_eq!(hcl_string("plain"), "\"plain\"");
        assert_eq!(hcl_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(hcl_string("${x} %{y} $z"), "\"$${x} %%{y} $z\"");
        assert_eq!(hcl_string("l1\nl2\t\u{1}"), "\"l1\\nl2\\t\\u0001\"");
    }
}
