//! [`Lines`]: a writer that keeps what a log layer writes, for the tests to read.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// The bytes written, shared by every clone (the layer's writer and the test).
#[derive(Clone, Default)]
pub(crate) struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        (self.0.lock().unwrap_or_else(PoisonError::into_inner)).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Lines {
    /// Everything written so far, as text.
    pub(crate) fn text(&self) -> String {
        let bytes = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        String::from_utf8(bytes).expect("log lines are UTF-8")
    }

    /// Every line, parsed: each must be one JSON object.
    pub(crate) fn json(&self) -> Vec<serde_json::Value> {
        (self.text().lines())
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    }
}
