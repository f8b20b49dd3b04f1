//! Where things are: the workspace, the peer suites, the engines.

use std::path::{Path, PathBuf};

use go_gtp::controller::EngineCommand;

/// The workspace root (xtask lives one folder below it).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// The target directory (`CARGO_TARGET_DIR`, else `target/`).
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

pub fn default_suites_dir(root: &Path) -> PathBuf {
    match std::env::var_os("GO_ANALYSIS_PEER_SUITES") {
        Some(dir) => dir.into(),
        None => root.join("..").join("shared").join("peer-suites"),
    }
}

/// The default engine: the workspace's gtp_engine example, built first
/// (release profile).
pub fn default_engine(root: &Path) -> Result<EngineCommand, String> {
    let binary = target_dir(root)
        .join("release")
        .join("examples")
        .join("gtp_engine");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["build", "--quiet", "--release", "--example", "gtp_engine"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo to build the gtp_engine example: {e}"))?;
    if !status.success() {
        return Err("building the gtp_engine example failed".into());
    }
    if binary.exists() {
        Ok(EngineCommand::new(binary))
    } else {
        Err(format!(
            "no default engine: {} does not exist after building it",
            binary.display()
        ))
    }
}

/// GNU Go, if installed: `/usr/games/gnugo`, else `gnugo` on the `PATH`.
pub fn gnugo() -> Option<PathBuf> {
    let installed = Path::new("/usr/games/gnugo");
    if installed.exists() {
        return Some(installed.to_path_buf());
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("gnugo"))
            .find(|p| p.is_file())
    })
}

/// An engine given on the command line: `ours` for the gtp_engine example
/// (built on demand, with any further words as its arguments), else a
/// command line.
pub fn engine_from_arg(arg: &str, root: &Path) -> Result<EngineCommand, String> {
    let parsed: EngineCommand = arg.parse().map_err(|e| format!("{arg:?}: {e}"))?;
    if parsed.program() == "ours" {
        let mut engine = default_engine(root)?;
        for extra in parsed.args() {
            engine = engine.arg(extra);
        }
        Ok(engine)
    } else {
        Ok(parsed.resolved_against(&std::env::current_dir().unwrap_or_else(|_| root.into())))
    }
}
