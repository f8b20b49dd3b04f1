//! Option values shared by the bench examples (`playouts`, `mcts_bench`,
//! `analyzer_bench`): clap value parsers, each naming the bad value in its
//! error (clap adds the option's name), and the `--policy` values.

use go_analysis::mcts::go::Policy;

/// `--policy light|heavy`: the playout policy.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum PolicyArg {
    /// Uniformly random legal moves that do not fill an own eye.
    Light,
    /// MoGo-style: captures, escapes and 3×3 patterns next to the last move.
    Heavy,
}

impl From<PolicyArg> for Policy {
    fn from(policy: PolicyArg) -> Policy {
        match policy {
            PolicyArg::Light => Policy::Light,
            PolicyArg::Heavy => Policy::Heavy,
        }
    }
}

/// `--size`: a board size in 2..=25.
pub fn size(value: &str) -> Result<usize, String> {
    let size: usize = value
        .parse()
        .map_err(|_| format!("invalid size `{value}`"))?;
    if (2..=25).contains(&size) {
        Ok(size)
    } else {
        Err(format!("size {size} is not in 2..=25"))
    }
}

/// `--seconds`: a positive, finite duration in seconds.
pub fn seconds(value: &str) -> Result<f64, String> {
    let seconds: f64 = value
        .parse()
        .map_err(|_| format!("invalid seconds `{value}`"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds < 1e6 {
        Ok(seconds)
    } else {
        Err(format!("seconds {value} must be positive"))
    }
}

/// `--komi`: a finite komi.
pub fn komi(value: &str) -> Result<f32, String> {
    value
        .parse::<f32>()
        .ok()
        .filter(|k| k.is_finite())
        .ok_or_else(|| format!("invalid komi `{value}`"))
}

/// `--seed`: any 64-bit number.
pub fn seed(value: &str) -> Result<u64, String> {
    value.parse().map_err(|_| format!("invalid seed `{value}`"))
}
