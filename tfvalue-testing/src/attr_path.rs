//! Attribute paths as checks name them: `.result`, `.keepers["a"]`, `.rule[0].name`.

use std::fmt;

/// One step of an [`AttrPath`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object attribute (`.name`).
    Attr(String),
    /// A map key (`["key"]`).
    Key(String),
    /// A list or set element by position (`[0]`; a set's elements are in the order
    /// `terraform show -json` prints them).
    Index(usize),
}

/// A path into a resource's attributes, read from text: attribute names after dots,
/// map keys in `["…"]` (with `\"` and `\\` escapes), element positions in `[n]`. The
/// leading dot may be left out (`result` is `.result`); the empty path is the whole
/// resource.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct AttrPath(pub Vec<Step>);

impl AttrPath {
    /// Parses `text`.
    ///
    /// # Errors
    /// When it is not a path; the message says where.
    pub fn parse(text: &str) -> Result<AttrPath, String> {
        let chars: Vec<char> = text.chars().collect();
        let mut steps = Vec::new();
        let mut i = 0;
        let bad = |i: usize, what: &str| {
            format!("attribute path {text:?}: {what} at character {}", i + 1)
        };
        while i < chars.len() {
            match chars[i] {
                '[' if chars.get(i + 1) == Some(&'"') => {
                    let mut key = String::new();
                    i += 2;
                    loop {
                        match chars.get(i) {
                            None => return Err(bad(i, "unterminated key")),
                            Some('\\') => {
                                match chars.get(i + 1) {
                                    Some(&c @ ('"' | '\\')) => key.push(c),
                                    _ => return Err(bad(i, "unknown escape")),
                                }
                                i += 2;
                            }
                            Some('"') => break,
                            Some(&c) => {
                                key.push(c);
                                i += 1;
                            }
                        }
                    }
                    if chars.get(i + 1) != Some(&']') {
                        return Err(bad(i + 1, "expected `]`"));
                    }
                    i += 2;
                    steps.push(Step::Key(key));
                }
                '[' => {
                    let start = i + 1;
                    let end = chars[start..]
                        .iter()
                        .position(|&c| c == ']')
                        .map(|n| start + n)
                        .ok_or_else(|| bad(i, "unterminated `[`"))?;
                    let digits: String = chars[start..end].iter().collect();
                    let index = digits
                        .parse::<usize>()
                        .map_err(|_| bad(start, "expected an index or a quoted key"))?;
                    steps.push(Step::Index(index));
                    i = end + 1;
                }
                '.' if i + 1 < chars.len() => {
                    i += 1;
                    let name = take_name(&chars, &mut i);
                    if name.is_empty() {
                        return Err(bad(i, "expected an attribute name"));
                    }
                    steps.push(Step::Attr(name));
                }
                c if i == 0 && is_name_char(c) => {
                    let name = take_name(&chars, &mut i);
                    steps.push(Step::Attr(name));
                }
                _ => return Err(bad(i, "unexpected character")),
            }
        }
        Ok(AttrPath(steps))
    }

    /// The value at this path in `value`, if there is one.
    pub fn find<'v>(&self, value: &'v serde_json::Value) -> Option<&'v serde_json::Value> {
        self.0.iter().try_fold(value, |v, step| match step {
            Step::Attr(name) | Step::Key(name) => v.as_object()?.get(name),
            Step::Index(i) => v.as_array()?.get(*i),
        })
    }
}

impl fmt::Display for AttrPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.0 {
            match step {
                Step::Attr(name) => write!(f, ".{name}")?,
                Step::Key(key) => write!(f, "[{}]", serde_json::Value::from(key.as_str()))?,
                Step::Index(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

fn take_name(chars: &[char], i: &mut usize) -> String {
    let mut name = String::new();
    while let Some(&c) = chars.get(*i).filter(|&&c| is_name_char(c)) {
        name.push(c);
        *i += 1;
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_parse_and_print_back() {
        let p = AttrPath::parse(r#".keepers["a.b"].list[2].x"#).unwrap();
        assert_eq!(
            p.0,
            vec![
                Step::Attr("keepers".into()),
                Step::Key("a.b".into()),
                Step::Attr("list".into()),
                Step::Index(2),
                Step::Attr("x".into()),
            ]
        );
        assert_eq!(p.to_string(), r#".keepers["a.b"].list[2].x"#);
        assert_eq!(AttrPath::parse("result").unwrap().to_string(), ".result");
        assert_eq!(AttrPath::parse("").unwrap(), AttrPath::default());
        assert_eq!(
            AttrPath::parse(r#"["q\"uote"]"#).unwrap().0,
            vec![Step::Key("q\"uote".into())]
        );
    }

    #[test]
    fn bad_paths_say_where() {
        for (text, what) in [
            (".a[", "unterminated `[`"),
            (".a[x]", "expected an index"),
            (r#".a["k"#, "unterminated key"),
            (".a..b", "expected an attribute name"),
            ("a b", "unexpected character"),
            (".", "unexpected character"),
        ] {
            let e = AttrPath::parse(text).unwrap_err();
            assert!(e.contains(what), "{text}: {e}");
        }
    }

    #[test]
    fn paths_find_values() {
        let v = json!({"keepers": {"a": "1"}, "list": [{"x": true}]});
        let find = |p: &str| AttrPath::parse(p).unwrap().find(&v).cloned();
        assert_eq!(find(r#".keepers["a"]"#), Some(json!("1")));
        assert_eq!(find(".list[0].x"), Some(json!(true)));
        assert_eq!(find(".list[1]"), None);
        assert_eq!(find(".missing"), None);
        assert_eq!(find(""), Some(v.clone()));
    }
}
