//! Go's words for what the operating system answers, so that errors read as the Go
//! provider's do: `open /x: no such file or directory`, `exec: "jq": executable file not
//! found in $PATH`, `exit status 1`. Also Go's lexical path functions (`filepath.Clean`,
//! `Dir`, `Abs`) and `%q` quoting, which upstream's behaviour and messages rest on.

use std::io;
use std::path::Path;

/// An error number's text as Go's `syscall.Errno` prints it: the C library's message
/// with a lowercase first letter ("no such file or directory"). Errors that carry no
/// number keep their own text.
pub fn errno_text(error: &io::Error) -> String {
    let Some(code) = error.raw_os_error() else {
        return error.to_string();
    };
    let full = io::Error::from_raw_os_error(code).to_string();
    let text = full
        .strip_suffix(&format!(" (os error {code})"))
        .unwrap_or(&full);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Go's `*os.PathError` text: `<op> <path>: <errno text>`.
pub fn path_error(op: &str, path: &str, error: &io::Error) -> String {
    format!("{op} {path}: {}", errno_text(error))
}

/// Go's `filepath.Clean` on Unix: the shortest lexically equal path (`.` for an empty
/// one), with `//`, `/./` and `x/..` folded.
pub fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".to_owned();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if rooted => {}
                _ => parts.push(".."),
            },
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// Go's `filepath.Dir` on Unix: all but the last element, cleaned.
pub fn dir(path: &str) -> String {
    match path.rfind('/') {
        Some(i) => clean(&path[..=i]),
        None => ".".to_owned(),
    }
}

/// Go's `filepath.Abs`: `path` joined to the working directory unless absolute, cleaned.
///
/// # Errors
/// When the working directory cannot be read (Go's `getwd` text).
pub fn abs(path: &str) -> Result<String, String> {
    if path.starts_with('/') {
        return Ok(clean(path));
    }
    let cwd = std::env::current_dir().map_err(|e| format!("getwd: {}", errno_text(&e)))?;
    let cwd = cwd.to_string_lossy();
    Ok(clean(&format!("{cwd}/{path}")))
}

/// Go's `%q` of a string: double-quoted, with `\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`,
/// `\f`, `\v`, `\xNN` for other control bytes below 0x80 and `\uNNNN` for other
/// control characters; printable characters as they are.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if c.is_control() && (c as u32) < 0x80 => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `path` is a regular file with an execute bit (what Go's `LookPath` accepts).
///
/// # Errors
/// Go's reasons: the `stat` error, "is a directory", "permission denied".
pub fn executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt as _;
    let meta =
        std::fs::metadata(path).map_err(|e| path_error("stat", &path.to_string_lossy(), &e))?;
    if meta.is_dir() {
        return Err("is a directory".to_owned());
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err("permission denied".to_owned());
    }
    Ok(())
}

/// Go's `exec.LookPath`: a name with a slash is checked as it is; any other is searched
/// in the directories of `PATH` (an empty entry is the working directory, which Go
/// refuses to run from).
///
/// # Errors
/// Go's `*exec.Error` text: `exec: "<name>": executable file not found in $PATH`, or the
/// reason the named file cannot run.
pub fn look_path(name: &str) -> Result<String, String> {
    let fail = |reason: &str| format!("exec: {}: {reason}", quote(name));
    if name.contains('/') {
        return executable(Path::new(name))
            .map(|()| name.to_owned())
            .map_err(|reason| fail(&reason));
    }
    let path = std::env::var("PATH").unwrap_or_default();
    for entry in path.split(':') {
        let dir = if entry.is_empty() { "." } else { entry };
        let candidate = format!("{dir}/{name}");
        if executable(Path::new(&candidate)).is_ok() {
            if !candidate.starts_with('/') {
                return Err(fail(
                    "cannot run executable found relative to current directory",
                ));
            }
            return Ok(candidate);
        }
    }
    Err(fail("executable file not found in $PATH"))
}

/// Go's names of the signals 1 to 15 on Linux (`syscall.Signal.String`), in order.
const SIGNALS: &str = "hangup|interrupt|quit|illegal instruction|trace/breakpoint trap|\
                       aborted|bus error|floating point exception|killed|user defined signal 1|\
                       segmentation fault|user defined signal 2|broken pipe|alarm clock|terminated";

/// How a finished process ended, as Go's `ProcessState.String` says it: `exit status 1`,
/// `signal: killed`.
pub fn exit_text(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt as _;
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    let Some(signal) = status.signal() else {
        return "exit status -1".to_owned();
    };
    let name = usize::try_from(signal - 1)
        .ok()
        .and_then(|i| SIGNALS.split('|').nth(i))
        .map_or_else(|| format!("signal {signal}"), str::to_owned);
    let core = if status.core_dumped() {
        " (core dumped)"
    } else {
        ""
    };
    format!("signal: {name}{core}")
}

/// Go's `ProcessState.ExitCode`: the exit code, `-1` when a signal ended the process.
pub fn exit_code(status: &std::process::ExitStatus) -> i64 {
    status.code().map_or(-1, i64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_and_dir_are_gos() {
        for (path, cleaned) in [
            ("", "."),
            ("a//b/./c/..", "a/b"),
            ("/../x", "/x"),
            ("../../x", "../../x"),
            ("a/../..", ".."),
            ("/", "/"),
        ] {
            assert_eq!(clean(path), cleaned, "clean({path:?})");
        }
        for (path, parent) in [("f", "."), ("a/b/", "a/b"), ("/f", "/"), ("a//b", "a")] {
            assert_eq!(dir(path), parent, "dir({path:?})");
        }
    }

    #[test]
    fn texts_are_gos() {
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(errno_text(&missing), "no such file or directory");
        assert_eq!(
            path_error("open", "/x", &missing),
            "open /x: no such file or directory"
        );
        assert_eq!(quote("a\"b\\\n\u{1}é"), r#""a\"b\\\n\x01é""#);
        assert_eq!(
            look_path("surely-no-such-command-here"),
            Err(
                r#"exec: "surely-no-such-command-here": executable file not found in $PATH"#
                    .to_owned()
            )
        );
        assert_eq!(
            look_path("/no/such/dir/cmd"),
            Err(
                r#"exec: "/no/such/dir/cmd": stat /no/such/dir/cmd: no such file or directory"#
                    .to_owned()
            )
        );
    }

    #[test]
    fn exits_read_as_gos() {
        use std::os::unix::process::ExitStatusExt as _;
        let exited = std::process::ExitStatus::from_raw(1 << 8);
        assert_eq!(
            (exit_text(&exited), exit_code(&exited)),
            ("exit status 1".to_owned(), 1)
        );
        let killed = std::process::ExitStatus::from_raw(9);
        assert_eq!(
            (exit_text(&killed), exit_code(&killed)),
            ("signal: killed".to_owned(), -1)
        );
        let texts = [1, 15].map(|n| exit_text(&std::process::ExitStatus::from_raw(n)));
        assert_eq!(texts, ["signal: hangup", "signal: terminated"]);
    }
}
