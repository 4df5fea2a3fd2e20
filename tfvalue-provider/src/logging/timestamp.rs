//! The `@timestamp` of a log line, written as go-hclog writes it: RFC 3339 in UTC with
//! exactly six fractional digits (`2026-11-25T12:00:00.123456Z`). go-plugin parses it with
//! the layout `2006-01-02T15:04:05.000000Z07:00`; a line whose timestamp does not match
//! is not read as JSON at all, so the format is exact.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// `now` as a log timestamp; a clock set before 1970 gives the epoch.
pub(crate) fn timestamp(now: SystemTime) -> String {
    format_timestamp(now.duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO))
}

/// The UTC time `since_epoch` after 1970-01-01T00:00:00Z, as `YYYY-MM-DDTHH:MM:SS.ffffffZ`
/// (the microseconds truncated, as Go truncates when it formats).
pub(crate) fn format_timestamp(since_epoch: Duration) -> String {
    let seconds = since_epoch.as_secs();
    let (year, month, day) = civil_from_days(seconds / 86_400);
    let of_day = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
        since_epoch.subsec_micros()
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01, as (year, month 1-12, day 1-31).
///
/// Days are counted from 0000-03-01 instead, so that the leap day ends each year: the
/// calendar repeats every 400 years (an era of 146 097 days), and within an era a year is
/// 365 days plus one every 4th year, minus one every 100th, plus one at the 400th. The
/// months from March on have the lengths 31 30 31 30 31 31 30 31 30 31 31 (29), which the
/// expression `(153 * m + 2) / 5` steps through exactly.
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    // 1970-01-01 is day 719 468 counted from 0000-03-01.
    let shifted = days + 719_468;
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // 0 is March, 11 is February.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: u64, micros: u32) -> String {
        format_timestamp(Duration::new(seconds, micros * 1000))
    }

    #[test]
    fn the_epoch_and_known_instants() {
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000000Z");
        // date -u -d @1795608000 → 2026-11-25 12:00:00
        assert_eq!(at(1_795_608_000, 123_456), "2026-11-25T12:00:00.123456Z");
        assert_eq!(at(951_782_400, 0), "2000-02-29T00:00:00.000000Z");
        assert_eq!(at(951_868_799, 999_999), "2000-02-29T23:59:59.999999Z");
        assert_eq!(at(946_684_799, 1), "1999-12-31T23:59:59.000001Z");
        assert_eq!(at(4_107_542_400, 0), "2100-03-01T00:00:00.000000Z");
        assert_eq!(at(4_107_542_399, 0), "2100-02-28T23:59:59.000000Z");
        assert_eq!(at(253_402_300_799, 0), "9999-12-31T23:59:59.000000Z");
    }

    #[test]
    fn nanoseconds_are_truncated_to_microseconds() {
        let line = format_timestamp(Duration::new(86_400, 999_999_999));
        assert_eq!(line, "1970-01-02T00:00:00.999999Z");
    }

    #[test]
    fn every_day_follows_the_previous_one() {
        // Walks 1970 to 2400 a day at a time: the date always moves on by exactly one
        // day, through every month length and leap rule.
        let lengths = |year: u64| -> [u64; 12] {
            let leap =
                (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
            [
                31,
                if leap { 29 } else { 28 },
                31,
                30,
                31,
                30,
                31,
                31,
                30,
                31,
                30,
                31,
            ]
        };
        let mut expected = (1970, 1, 1);
        for days in 0..157_000 {
            assert_eq!(civil_from_days(days), expected, "day {days}");
            let (year, month, day) = expected;
            expected = if day < lengths(year)[month as usize - 1] {
                (year, month, day + 1)
            } else if month < 12 {
                (year, month + 1, 1)
            } else {
                (year + 1, 1, 1)
            };
        }
    }

    #[test]
    fn a_clock_before_1970_gives_the_epoch() {
        let before = UNIX_EPOCH - Duration::from_secs(10);
        assert_eq!(timestamp(before), "1970-01-01T00:00:00.000000Z");
    }
}
