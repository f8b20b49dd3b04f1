//! Typed option values shared by the tasks: each parser names the bad
//! value in its error (clap adds the option's name).

use std::time::Duration;

/// A time limit in seconds, `0` for none.
pub fn timeout(value: &str) -> Result<Timeout, String> {
    let secs: f64 = value
        .parse()
        .map_err(|_| format!("needs a number of seconds, got {value:?}"))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("needs a number of seconds, got {value:?}"));
    }
    Ok(Timeout((secs > 0.0).then(|| Duration::from_secs_f64(secs))))
}

/// A time limit per command: `None` for none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timeout(pub Option<Duration>);

/// A finite number (komi).
pub fn finite(value: &str) -> Result<f32, String> {
    value
        .parse::<f32>()
        .ok()
        .filter(|k| k.is_finite())
        .ok_or_else(|| format!("needs a number, got {value:?}"))
}
