//! `cargo xtask package`: check that every publishable crate would package.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use clap::Parser;
use serde_json::Value;

use crate::engines::{target_dir, workspace_root};

/// Check the packaging of every publishable crate.
///
/// For each crate of the workspace that may be published, in dependency
/// order: the manifest has a description, licence, repository,
/// documentation link, README, one to five keywords, categories and
/// `[package.metadata.docs.rs] all-features = true`; the crate folder holds
/// its README and both licence files; every path dependency also names a
/// version; and `cargo package --list` takes the README and the licences
/// into the package. With --dry-run, `cargo publish --dry-run` (which builds
/// the packaged crate) runs for the crates without workspace dependencies —
/// the others cannot be verified on their own before their dependencies are
/// on crates.io. With --verify-workspace, `cargo package --workspace`
/// packages every publishable crate and builds each from its package
/// against the others' packages (cargo 1.90 or later; a full debug build of
/// the workspace, many minutes). Cargo takes packages of the same version
/// for unchanged (their extraction under `$CARGO_HOME/registry/src/-HASH/`
/// and their build), so the task builds in a target folder of its own,
/// `xtask-package`, and deletes it and those extractions of the
/// workspace's crates first.
#[derive(Parser)]
#[command(name = "package", bin_name = "cargo xtask package", version)]
pub struct Options {
    /// Also run `cargo publish --dry-run` for the crates that depend on no
    /// other workspace crate
    #[arg(long)]
    dry_run: bool,
    /// Also package every publishable crate together and build each from
    /// its package (`cargo package --workspace`)
    #[arg(long)]
    verify_workspace: bool,
}

/// One workspace crate, as `cargo metadata` describes it.
struct Crate {
    name: String,
    dir: PathBuf,
    manifest: Value,
    /// The workspace crates it depends on (normal and build dependencies).
    local_deps: BTreeSet<String>,
}

pub fn run(options: &Options) -> ExitCode {
    match check(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("package: {e}");
            ExitCode::FAILURE
        }
    }
}

fn check(options: &Options) -> Result<(), String> {
    let root = workspace_root();
    let crates = publishable(&root)?;
    let order = dependency_order(&crates)?;
    println!("package: publish order: {}", order.join(", "));
    let mut problems = Vec::new();
    for name in &order {
        let krate = &crates[name];
        let mut own = manifest_problems(krate);
        own.extend(package_list_problems(&root, name)?);
        if options.dry_run && krate.local_deps.is_empty() {
            own.extend(dry_run_problems(&root, name)?);
        }
        if own.is_empty() {
            println!("package: {name}: ok");
        }
        problems.extend(own.into_iter().map(|p| format!("{name}: {p}")));
    }
    if options.verify_workspace {
        problems.extend(workspace_problems(&root, &crates)?);
    }
    if problems.is_empty() {
        println!("package: {} crates ok", order.len());
        Ok(())
    } else {
        for p in &problems {
            println!("package: {p}");
        }
        Err(format!("{} problems", problems.len()))
    }
}

/// The workspace's crates that may be published, by name.
fn publishable(root: &Path) -> Result<BTreeMap<String, Crate>, String> {
    let output = cargo(root)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cannot read cargo metadata's output: {e}"))?;
    let packages = metadata["packages"]
        .as_array()
        .ok_or("cargo metadata lists no packages")?;
    let names: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut crates = BTreeMap::new();
    for p in packages {
        // `publish = false` is an empty list of registries.
        if p["publish"].as_array().is_some_and(Vec::is_empty) {
            continue;
        }
        let name = p["name"].as_str().unwrap_or_default().to_string();
        let dir = Path::new(p["manifest_path"].as_str().unwrap_or_default())
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let local_deps = p["dependencies"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["kind"].as_str() != Some("dev"))
            .filter_map(|d| d["name"].as_str())
            .filter(|d| names.contains(d))
            .map(str::to_string)
            .collect();
        crates.insert(
            name.clone(),
            Crate {
                name,
                dir,
                manifest: p.clone(),
                local_deps,
            },
        );
    }
    Ok(crates)
}

/// The crates, each after those it depends on.
fn dependency_order(crates: &BTreeMap<String, Crate>) -> Result<Vec<String>, String> {
    let mut order: Vec<String> = Vec::new();
    while order.len() < crates.len() {
        let ready: Vec<String> = crates
            .values()
            .filter(|c| !order.contains(&c.name))
            .filter(|c| {
                c.local_deps
                    .iter()
                    .all(|d| order.contains(d) || !crates.contains_key(d))
            })
            .map(|c| c.name.clone())
            .collect();
        if ready.is_empty() {
            return Err("the workspace crates depend on each other in a cycle".into());
        }
        order.extend(ready);
    }
    Ok(order)
}

/// What the manifest and the crate folder lack.
fn manifest_problems(krate: &Crate) -> Vec<String> {
    let m = &krate.manifest;
    let mut problems = Vec::new();
    for field in [
        "description",
        "license",
        "repository",
        "documentation",
        "readme",
    ] {
        if m[field].as_str().is_none_or(str::is_empty) {
            problems.push(format!("no `{field}`"));
        }
    }
    let count = |field: &str| m[field].as_array().map_or(0, Vec::len);
    if !(1..=5).contains(&count("keywords")) {
        problems.push(format!(
            "{} keywords (crates.io takes 1 to 5)",
            count("keywords")
        ));
    }
    if count("categories") == 0 {
        problems.push("no categories".into());
    }
    if m["metadata"]["docs"]["rs"]["all-features"].as_bool() != Some(true) {
        problems.push("no `[package.metadata.docs.rs] all-features = true`".into());
    }
    for file in ["README.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        if !krate.dir.join(file).is_file() {
            problems.push(format!("no {file} in {}", krate.dir.display()));
        }
    }
    for dep in m["dependencies"].as_array().into_iter().flatten() {
        let is_path = dep["path"].is_string();
        let dev = dep["kind"].as_str() == Some("dev");
        // Dev-dependencies without a version are dropped from the package.
        if is_path && !dev && dep["req"].as_str() == Some("*") {
            problems.push(format!(
                "path dependency {} has no version",
                dep["name"].as_str().unwrap_or("?")
            ));
        }
    }
    problems
}

/// What `cargo package --list` leaves out.
fn package_list_problems(root: &Path, name: &str) -> Result<Vec<String>, String> {
    let output = cargo(root)
        .args(["package", "--list", "--allow-dirty", "--package", name])
        .output()
        .map_err(|e| format!("cannot run cargo package: {e}"))?;
    if !output.status.success() {
        return Ok(vec![format!(
            "cargo package --list failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )]);
    }
    let listed = String::from_utf8_lossy(&output.stdout);
    let files: BTreeSet<&str> = listed.lines().collect();
    Ok(["README.md", "LICENSE-MIT", "LICENSE-APACHE", "Cargo.toml"]
        .into_iter()
        .filter(|f| !files.contains(f))
        .map(|f| format!("the package leaves out {f}"))
        .collect())
}

/// Whether `cargo publish --dry-run` packages and builds the crate.
fn dry_run_problems(root: &Path, name: &str) -> Result<Vec<String>, String> {
    println!("package: cargo publish --dry-run --package {name}");
    let output = cargo(root)
        .args(["publish", "--dry-run", "--allow-dirty", "--package", name])
        .output()
        .map_err(|e| format!("cannot run cargo publish: {e}"))?;
    if output.status.success() {
        Ok(Vec::new())
    } else {
        Ok(vec![format!(
            "cargo publish --dry-run failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )])
    }
}

/// Whether `cargo package --workspace` packages the publishable crates and
/// builds each from its package.
fn workspace_problems(
    root: &Path,
    crates: &BTreeMap<String, Crate>,
) -> Result<Vec<String>, String> {
    println!(
        "package: cargo package --workspace (every publishable crate, built from its package)"
    );
    // Cargo takes a package of a version it has seen for unchanged: a
    // fresh target folder, and no extraction of our crates left over.
    let target = target_dir(root).join("xtask-package");
    remove_if_present(&target)?;
    for stale in stale_extractions(crates) {
        remove_if_present(&stale)?;
    }
    let mut command = cargo(root);
    command.args(["package", "--allow-dirty", "--target-dir"]);
    command.arg(&target);
    for name in crates.keys() {
        command.args(["--package", name]);
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run cargo package: {e}"))?;
    if output.status.success() {
        println!("package: every crate builds from its package");
        Ok(Vec::new())
    } else {
        Ok(vec![format!(
            "cargo package of the workspace failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )])
    }
}

/// The extractions of the workspace's packages from cargo's local
/// registries (folders `$CARGO_HOME/registry/src/-HASH/NAME-VERSION`; the
/// crates.io folders have a name before the dash).
fn stale_extractions(crates: &BTreeMap<String, Crate>) -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    let Some(src) = home.map(|h| h.join("registry").join("src")) else {
        return Vec::new();
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Vec::new();
    };
    let local: Vec<PathBuf> = registries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('-'))
        .map(|e| e.path())
        .collect();
    let mut stale = Vec::new();
    for krate in crates.values() {
        let version = krate.manifest["version"].as_str().unwrap_or_default();
        for registry in &local {
            let dir = registry.join(format!("{}-{version}", krate.name));
            if dir.is_dir() {
                stale.push(dir);
            }
        }
    }
    stale
}

fn remove_if_present(dir: &Path) -> Result<(), String> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot remove {}: {e}", dir.display())),
    }
}

fn cargo(root: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(root);
    command
}
