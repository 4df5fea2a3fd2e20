//! [`Rfc3339`]: a timestamp in the text Go's `time.Parse(time.RFC3339, ...)` accepts, as
//! terraform-plugin-framework-timetypes' `RFC3339` type validates it, equal when it names
//! the same instant.

use super::{custom_string, CustomType};
use crate::rules::Invalid;
use crate::value::Value;

/// The layout Go's messages name the format by.
const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

/// A timestamp as RFC 3339 text (`2006-01-02T15:04:05Z`, `2006-01-02T15:04:05.5+01:00`).
///
/// Validation accepts what Go's `time.Parse` with the `RFC3339` layout accepts (a
/// fraction of a second after a period or comma, offsets up to `±24:60`, a one-digit
/// hour), with timetypes' diagnostic "Invalid RFC3339 String Value". Two values are
/// semantically equal when they name the same instant, to the nanosecond:
/// `2024-01-01T00:00:00Z` and `2024-01-01T01:00:00+01:00` are.
///
/// ```
/// use tfvalue::custom_types::Rfc3339;
///
/// let at = Rfc3339::new("2024-02-29T23:59:60Z");
/// assert_eq!(
///     at.parse().unwrap_err().to_string(),
///     r#"parsing time "2024-02-29T23:59:60Z": second out of range"#
/// );
/// let t = Rfc3339::new("2024-02-29T23:59:59.25-01:30").parse()?;
/// assert_eq!((t.year(), t.month(), t.day(), t.nanosecond()), (2024, 2, 29, 250_000_000));
/// assert_eq!(t.offset_seconds(), -5400);
/// assert_eq!(t.unix_seconds(), 1_709_251_199 + 5400); // 2024-03-01T01:29:59Z
/// # Ok::<(), tfvalue::custom_types::Rfc3339Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rfc3339(String);

custom_string!(Rfc3339);

impl Rfc3339 {
    /// The parts of the timestamp, or why the text is not one.
    pub fn parse(&self) -> Result<Timestamp, Rfc3339Error> {
        parse_rfc3339(&self.0)
    }
}

impl CustomType for Rfc3339 {
    fn validate(value: &Value) -> Result<(), Invalid> {
        let Some(text) = value.as_str() else {
            return Ok(());
        };
        parse_rfc3339(text).map(drop).map_err(|e| {
            Invalid::diagnostic(
                "Invalid RFC3339 String Value",
                format!(
                    "A string value was provided that is not valid RFC3339 string format.\n\n\
                     Given Value: {text}\nError: {e}"
                ),
            )
        })
    }

    fn semantically_equal(kept: &Value, new: &Value) -> bool {
        match (
            kept.as_str().map(parse_rfc3339),
            new.as_str().map(parse_rfc3339),
        ) {
            (Some(Ok(a)), Some(Ok(b))) => a.same_instant(&b),
            _ => false,
        }
    }
}

/// The parts of an RFC 3339 timestamp, as written (the offset's local time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timestamp {
    year: u16,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
    nanosecond: u32,
    offset_seconds: i32,
}

impl Timestamp {
    /// The year, 0 to 9999.
    pub fn year(&self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        self.month
    }

    /// The day of the month, 1 to 31.
    pub fn day(&self) -> u8 {
        self.day
    }

    /// The hour, 0 to 23.
    pub fn hour(&self) -> u8 {
        self.hour
    }

    /// The minute, 0 to 59.
    pub fn minute(&self) -> u8 {
        self.minute
    }

    /// The second, 0 to 59 (Go's parser refuses a leap second).
    pub fn second(&self) -> u8 {
        self.second
    }

    /// The fraction of the second in nanoseconds (digits past the ninth are dropped, as
    /// Go drops them).
    pub fn nanosecond(&self) -> u32 {
        self.nanosecond
    }

    /// The offset from UTC in seconds, east positive (`Z` is 0).
    pub fn offset_seconds(&self) -> i32 {
        self.offset_seconds
    }

    /// Whole seconds since 1970-01-01T00:00:00Z of the instant named (the fraction is
    /// [`nanosecond`](Self::nanosecond)).
    pub fn unix_seconds(&self) -> i64 {
        let days = days_from_civil(i64::from(self.year), self.month, self.day);
        days * 86_400
            + i64::from(self.hour) * 3600
            + i64::from(self.minute) * 60
            + i64::from(self.second)
            - i64::from(self.offset_seconds)
    }

    /// True when both name the same instant, whatever their offsets.
    pub fn same_instant(&self, other: &Timestamp) -> bool {
        self.unix_seconds() == other.unix_seconds() && self.nanosecond == other.nanosecond
    }

    /// The same instant in UTC (offset 0, shown `Z`); `None` when its UTC date falls
    /// outside the years 0 to 9999 that RFC 3339 text can write.
    pub fn to_utc(&self) -> Option<Timestamp> {
        let seconds = self.unix_seconds();
        let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
        let of_day = seconds.rem_euclid(86_400);
        Some(Timestamp {
            year: u16::try_from(year).ok().filter(|y| *y <= 9999)?,
            month,
            day,
            hour: u8::try_from(of_day / 3600).ok()?,
            minute: u8::try_from(of_day % 3600 / 60).ok()?,
            second: u8::try_from(of_day % 60).ok()?,
            nanosecond: self.nanosecond,
            offset_seconds: 0,
        })
    }
}

/// RFC 3339 text, as Go's `Format(time.RFC3339Nano)` writes it: the fraction without
/// trailing zeros (none when whole), `Z` for offset 0.
impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )?;
        if self.nanosecond != 0 {
            let fraction = format!("{:09}", self.nanosecond);
            write!(f, ".{}", fraction.trim_end_matches('0'))?;
        }
        if self.offset_seconds == 0 {
            return f.write_str("Z");
        }
        let sign = if self.offset_seconds < 0 { '-' } else { '+' };
        let minutes = self.offset_seconds.unsigned_abs() / 60;
        write!(f, "{sign}{:02}:{:02}", minutes / 60, minutes % 60)
    }
}

/// The date `days` after 1970-01-01 in the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    // `month` is 1 to 12 and `day` 1 to 31 by construction.
    (year, month as u8, day as u8)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn is_leap(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

fn days_in(month: u8, year: u16) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Why a text is not an RFC 3339 timestamp, in Go's `time.ParseError` words:
/// `parsing time "2023-07-25T" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "15"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rfc3339Error {
    message: String,
}

impl std::fmt::Display for Rfc3339Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Rfc3339Error {}

/// A string quoted as Go's `time` package quotes one in errors: `"` and `\` escaped, every
/// byte of a control or non-ASCII character as `\xNN`.
fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c.is_ascii() && !c.is_ascii_control() {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    out.push('"');
    out
}

struct Parser<'a> {
    all: &'a str,
    rest: &'a str,
}

impl<'a> Parser<'a> {
    /// "cannot parse": the text left at the element `element` of the layout.
    fn cannot(&self, at: &str, element: &str) -> Rfc3339Error {
        Rfc3339Error {
            message: format!(
                "parsing time {} as {}: cannot parse {} as {}",
                go_quote(self.all),
                go_quote(LAYOUT),
                go_quote(at),
                go_quote(element)
            ),
        }
    }

    /// An error with Go's message after the value (": month out of range").
    fn message(&self, message: &str) -> Rfc3339Error {
        Rfc3339Error {
            message: format!("parsing time {}{message}", go_quote(self.all)),
        }
    }

    fn literal(&mut self, c: u8) -> Result<(), Rfc3339Error> {
        match self.rest.as_bytes().first() {
            Some(&b) if b == c => {
                self.rest = &self.rest[1..];
                Ok(())
            }
            _ => Err(self.cannot(self.rest, std::str::from_utf8(&[c]).unwrap_or("?"))),
        }
    }

    fn digit(&self, i: usize) -> Option<u8> {
        self.rest
            .as_bytes()
            .get(i)
            .filter(|b| b.is_ascii_digit())
            .map(|b| b - b'0')
    }

    /// Go's `getnum`: one or two digits (`fixed`: exactly two).
    fn number(&mut self, fixed: bool, element: &str) -> Result<u8, Rfc3339Error> {
        let hold = self.rest;
        let Some(first) = self.digit(0) else {
            return Err(self.cannot(hold, element));
        };
        match self.digit(1) {
            Some(second) => {
                self.rest = &self.rest[2..];
                Ok(first * 10 + second)
            }
            None if fixed => Err(self.cannot(hold, element)),
            None => {
                self.rest = &self.rest[1..];
                Ok(first)
            }
        }
    }
}

/// Parses RFC 3339 text as Go's `time.Parse(time.RFC3339, text)` does, with its error
/// messages.
pub fn parse_rfc3339(text: &str) -> Result<Timestamp, Rfc3339Error> {
    let mut p = Parser {
        all: text,
        rest: text,
    };
    // Year: four digits.
    let year = {
        let b = p.rest.as_bytes();
        if b.len() < 4 || !b[..4].iter().all(u8::is_ascii_digit) {
            return Err(p.cannot(p.rest, "2006"));
        }
        let y = b[..4]
            .iter()
            .fold(0_u16, |n, d| n * 10 + u16::from(d - b'0'));
        p.rest = &p.rest[4..];
        y
    };
    p.literal(b'-')?;
    let month = p.number(true, "01")?;
    if !(1..=12).contains(&month) {
        return Err(p.message(": month out of range"));
    }
    p.literal(b'-')?;
    let day = p.number(true, "02")?;
    p.literal(b'T')?;
    let hour = p.number(false, "15")?;
    if hour >= 24 {
        return Err(p.message(": hour out of range"));
    }
    p.literal(b':')?;
    let minute = p.number(true, "04")?;
    if minute >= 60 {
        return Err(p.message(": minute out of range"));
    }
    p.literal(b':')?;
    let second = p.number(true, "05")?;
    if second >= 60 {
        return Err(p.message(": second out of range"));
    }
    // A fraction, which the layout does not name but Go reads after the seconds.
    let mut nanosecond = 0_u32;
    let b = p.rest.as_bytes();
    if b.len() >= 2 && (b[0] == b'.' || b[0] == b',') && b[1].is_ascii_digit() {
        let n = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let mut scale = 100_000_000_u32;
        for d in &b[1..n.min(10)] {
            nanosecond += u32::from(d - b'0') * scale;
            scale /= 10;
        }
        p.rest = &p.rest[n..];
    }
    // The zone: Z, or ±hh:mm.
    let hold = p.rest;
    let offset_seconds = if let Some(rest) = p.rest.strip_prefix('Z') {
        p.rest = rest;
        0
    } else {
        let b = p.rest.as_bytes();
        if b.len() < 6 || b[3] != b':' {
            return Err(p.cannot(hold, "Z07:00"));
        }
        let two = |i: usize| {
            (b[i].is_ascii_digit() && b[i + 1].is_ascii_digit())
                .then(|| i32::from(b[i] - b'0') * 10 + i32::from(b[i + 1] - b'0'))
        };
        let (Some(hh), Some(mm)) = (two(1), two(4)) else {
            return Err(p.cannot(hold, "Z07:00"));
        };
        if mm > 60 {
            return Err(p.message(": time zone offset minute out of range"));
        }
        if hh > 24 {
            return Err(p.message(": time zone offset hour out of range"));
        }
        let offset = (hh * 60 + mm) * 60;
        let offset = match b[0] {
            b'+' => offset,
            b'-' => -offset,
            _ => return Err(p.cannot(hold, "Z07:00")),
        };
        p.rest = &p.rest[6..];
        offset
    };
    if !p.rest.is_empty() {
        return Err(p.message(&format!(": extra text: {}", go_quote(p.rest))));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(p.message(": day out of range"));
    }
    Ok(Timestamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanosecond,
        offset_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_rfc3339(text).unwrap_err().to_string()
    }

    #[test]
    fn accepts_what_go_accepts() {
        let t = parse_rfc3339("2023-07-25T20:43:16Z").unwrap();
        assert_eq!((t.year(), t.month(), t.day()), (2023, 7, 25));
        assert_eq!((t.hour(), t.minute(), t.second()), (20, 43, 16));
        assert_eq!((t.nanosecond(), t.offset_seconds()), (0, 0));
        assert_eq!(t.unix_seconds(), 1_690_317_796);
        let t = parse_rfc3339("2023-07-25T20:43:16-05:00").unwrap();
        assert_eq!(t.offset_seconds(), -18_000);
        assert_eq!(t.unix_seconds(), 1_690_317_796 + 18_000);
        // Fractions after a period or a comma; past nine digits dropped.
        assert_eq!(
            parse_rfc3339("1985-04-12T23:20:50.52Z")
                .unwrap()
                .nanosecond(),
            520_000_000
        );
        assert_eq!(
            parse_rfc3339("1985-04-12T23:20:50,5Z")
                .unwrap()
                .nanosecond(),
            500_000_000
        );
        let t = parse_rfc3339("1985-04-12T23:20:50.1234567899+00:00").unwrap();
        assert_eq!(t.nanosecond(), 123_456_789);
        // Leap years.
        assert!(parse_rfc3339("2024-02-29T00:00:00Z").is_ok());
        assert!(parse_rfc3339("2000-02-29T00:00:00Z").is_ok());
        assert_eq!(
            err("2023-02-29T00:00:00Z"),
            r#"parsing time "2023-02-29T00:00:00Z": day out of range"#
        );
        assert_eq!(
            err("1900-02-29T00:00:00Z"),
            r#"parsing time "1900-02-29T00:00:00Z": day out of range"#
        );
        assert_eq!(
            err("2024-04-31T00:00:00Z"),
            r#"parsing time "2024-04-31T00:00:00Z": day out of range"#
        );
        // Go reads a one-digit hour, and offsets up to 24:60.
        assert_eq!(parse_rfc3339("2024-01-01T1:02:03Z").unwrap().hour(), 1);
        assert_eq!(
            parse_rfc3339("2024-01-01T00:00:00+24:00")
                .unwrap()
                .offset_seconds(),
            86_400
        );
        // The edges of the calendar.
        assert_eq!(
            parse_rfc3339("1970-01-01T00:00:00Z")
                .unwrap()
                .unix_seconds(),
            0
        );
        assert_eq!(
            parse_rfc3339("0000-01-01T00:00:00Z")
                .unwrap()
                .unix_seconds(),
            -62_167_219_200
        );
        assert_eq!(
            parse_rfc3339("9999-12-31T23:59:59Z")
                .unwrap()
                .unix_seconds(),
            253_402_300_799
        );
    }

    #[test]
    fn refuses_in_go_words() {
        let layout = "\"2006-01-02T15:04:05Z07:00\"";
        assert_eq!(
            err("20:43:16-05:00"),
            format!(
                r#"parsing time "20:43:16-05:00" as {layout}: cannot parse "20:43:16-05:00" as "2006""#
            )
        );
        assert_eq!(
            err("2023-07-25T"),
            format!(r#"parsing time "2023-07-25T" as {layout}: cannot parse "" as "15""#)
        );
        assert_eq!(
            err("2023-07-25 20:43:16Z"),
            format!(
                r#"parsing time "2023-07-25 20:43:16Z" as {layout}: cannot parse " 20:43:16Z" as "T""#
            )
        );
        assert_eq!(
            err("2023-07-25t20:43:16Z"),
            format!(
                r#"parsing time "2023-07-25t20:43:16Z" as {layout}: cannot parse "t20:43:16Z" as "T""#
            )
        );
        assert_eq!(
            err("2023-7-25T20:43:16Z"),
            format!(
                r#"parsing time "2023-7-25T20:43:16Z" as {layout}: cannot parse "7-25T20:43:16Z" as "01""#
            )
        );
        assert_eq!(
            err("2023-07-25T20:43:16"),
            format!(
                r#"parsing time "2023-07-25T20:43:16" as {layout}: cannot parse "" as "Z07:00""#
            )
        );
        assert_eq!(
            err("2023-07-25T20:43:16.Z"),
            format!(
                r#"parsing time "2023-07-25T20:43:16.Z" as {layout}: cannot parse ".Z" as "Z07:00""#
            )
        );
        assert_eq!(
            err("2023-07-25T20:43:16+0500"),
            format!(
                r#"parsing time "2023-07-25T20:43:16+0500" as {layout}: cannot parse "+0500" as "Z07:00""#
            )
        );
        assert_eq!(
            err("2023-07-25T20:43:16z"),
            format!(
                r#"parsing time "2023-07-25T20:43:16z" as {layout}: cannot parse "z" as "Z07:00""#
            )
        );
        assert_eq!(
            err("2023-13-01T00:00:00Z"),
            r#"parsing time "2023-13-01T00:00:00Z": month out of range"#
        );
        assert_eq!(
            err("2023-00-01T00:00:00Z"),
            r#"parsing time "2023-00-01T00:00:00Z": month out of range"#
        );
        assert_eq!(
            err("2023-01-01T24:00:00Z"),
            r#"parsing time "2023-01-01T24:00:00Z": hour out of range"#
        );
        assert_eq!(
            err("2023-01-01T00:60:00Z"),
            r#"parsing time "2023-01-01T00:60:00Z": minute out of range"#
        );
        assert_eq!(
            err("2023-01-01T00:00:00+25:00"),
            r#"parsing time "2023-01-01T00:00:00+25:00": time zone offset hour out of range"#
        );
        assert_eq!(
            err("2023-01-01T00:00:00Z "),
            r#"parsing time "2023-01-01T00:00:00Z ": extra text: " ""#
        );
        // Control and non-ASCII bytes quoted as Go quotes them.
        assert_eq!(
            err("2023-01-01T00:00:00Zé\n"),
            r#"parsing time "2023-01-01T00:00:00Z\xc3\xa9\x0a": extra text: "\xc3\xa9\x0a""#
        );
        assert_eq!(
            err(""),
            format!(r#"parsing time "" as {layout}: cannot parse "" as "2006""#)
        );
    }

    #[test]
    fn utc_and_text_round_trip() {
        let utc = |text: &str| parse_rfc3339(text).unwrap().to_utc().map(|t| t.to_string());
        assert_eq!(
            utc("2024-02-29T23:30:00+00:00").as_deref(),
            Some("2024-02-29T23:30:00Z")
        );
        assert_eq!(
            utc("2024-03-01T01:00:00+01:30").as_deref(),
            Some("2024-02-29T23:30:00Z")
        );
        assert_eq!(
            utc("2023-12-31T20:00:00-05:00").as_deref(),
            Some("2024-01-01T01:00:00Z")
        );
        assert_eq!(
            utc("2000-02-28T23:00:00-01:00").as_deref(),
            Some("2000-02-29T00:00:00Z")
        );
        assert_eq!(
            utc("1900-02-28T23:00:00-01:00").as_deref(),
            Some("1900-03-01T00:00:00Z")
        );
        assert_eq!(
            utc("1969-12-31T23:59:59.5-00:00").as_deref(),
            Some("1969-12-31T23:59:59.5Z")
        );
        assert_eq!(
            utc("2024-01-01T00:00:00.120Z").as_deref(),
            Some("2024-01-01T00:00:00.12Z")
        );
        // Out of the years text can write.
        assert_eq!(utc("0000-01-01T00:00:00+01:00"), None);
        assert_eq!(utc("9999-12-31T23:00:00-01:00"), None);
        // Offsets are written back as given.
        let t = parse_rfc3339("2024-07-01T08:05:09.000001-09:30").unwrap();
        assert_eq!(t.to_string(), "2024-07-01T08:05:09.000001-09:30");
        // Every day of a leap and a common year round-trips through the day count.
        for days in -800_000..800_000 {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn the_custom_type_validates_and_compares_instants() {
        let v = |t: &str| Value::String(t.to_owned());
        assert!(Rfc3339::validate(&v("2023-07-25T20:43:16Z")).is_ok());
        let invalid = Rfc3339::validate(&v("2023-07-25T")).unwrap_err();
        assert_eq!(invalid.summary(), Some("Invalid RFC3339 String Value"));
        assert_eq!(
            invalid.detail(),
            "A string value was provided that is not valid RFC3339 string format.\n\n\
             Given Value: 2023-07-25T\n\
             Error: parsing time \"2023-07-25T\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"\" as \"15\""
        );
        assert!(Rfc3339::semantically_equal(
            &v("2023-07-25T20:43:16Z"),
            &v("2023-07-25T20:43:16+00:00")
        ));
        assert!(Rfc3339::semantically_equal(
            &v("2023-07-25T20:43:16Z"),
            &v("2023-07-25T15:43:16-05:00")
        ));
        assert!(Rfc3339::semantically_equal(
            &v("2023-07-25T20:43:16.5Z"),
            &v("2023-07-25T20:43:16.500Z")
        ));
        assert!(!Rfc3339::semantically_equal(
            &v("2023-07-25T20:43:16Z"),
            &v("2023-07-25T20:43:16.000000001Z")
        ));
        assert!(!Rfc3339::semantically_equal(
            &v("2023-07-25T20:43:16Z"),
            &v("2023-07-25T20:43:16-01:00")
        ));
        assert!(!Rfc3339::semantically_equal(&v("x"), &v("x")));
        // Across midnight, month and year ends.
        assert!(Rfc3339::semantically_equal(
            &v("2024-01-01T00:30:00+01:00"),
            &v("2023-12-31T23:30:00Z")
        ));
        assert!(Rfc3339::semantically_equal(
            &v("2024-03-01T00:00:00+24:00"),
            &v("2024-02-29T00:00:00Z")
        ));
    }
}
