//! Helpers shared by the integration tests: finding GNU Go and the peer
//! suites, skipping with a notice when they are absent.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub const GNUGO: &str = "/usr/games/gnugo";

/// GNU Go's path, or `None` after printing a notice. Panics instead when
/// `GO_ANALYSIS_REQUIRE_GNUGO=1` (as in CI).
pub fn gnugo(test: &str) -> Option<PathBuf> {
    let path = Path::new(GNUGO);
    if path.exists() {
        return Some(path.to_path_buf());
    }
    if std::env::var("GO_ANALYSIS_REQUIRE_GNUGO").as_deref() == Ok("1") {
        panic!("{test}: GNU Go is required (GO_ANALYSIS_REQUIRE_GNUGO=1) but {GNUGO} is missing");
    }
    eprintln!("{test}: skipped, {GNUGO} not installed");
    None
}

/// The peer-suites folder, or `None` after printing a notice.
pub fn peer_suites(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("GO_ANALYSIS_PEER_SUITES") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "{test}: skipped, peer suites not found at {} (set GO_ANALYSIS_PEER_SUITES)",
            dir.display()
        );
        None
    }
}

/// A fresh empty folder under the target directory's temp area.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-gtp-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}
