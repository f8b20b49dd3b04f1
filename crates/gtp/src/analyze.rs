//! GoGui analyze commands: how a GUI calls a command and shows its answer.

use std::fmt;

use crate::RegisterError;

/// How GoGui shows the answer of an analyze command (the first field of a
/// `gogui-analyze_commands` line).
///
/// ```
/// use go_gtp::AnalyzeKind;
///
/// assert_eq!(AnalyzeKind::Sboard.to_string(), "sboard");
/// assert_eq!("plist".parse::<AnalyzeKind>(), Ok(AnalyzeKind::Plist));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnalyzeKind {
    /// No answer to show (the command acts, e.g. sets an option).
    None,
    /// A colour per point (`black`, `white`, `empty`, or `#rrggbb`).
    Cboard,
    /// A number per point, shown as shades.
    Dboard,
    /// GoGui graphics commands (`INFLUENCE`, `LABEL`, `MARK`, `SQUARE`,
    /// `TERRITORY`, `VAR`, `TEXT`, …).
    Gfx,
    /// Text with point coordinates that GoGui highlights.
    Hpstring,
    /// Text in HTML.
    Hstring,
    /// Engine parameters, `[type] key value` per line, editable in a dialog.
    Param,
    /// A list of points, marked on the board.
    Plist,
    /// Pairs of a point and a string, shown as labels.
    Pspairs,
    /// Text whose points GoGui marks.
    Pstring,
    /// A string per point, shown as labels.
    Sboard,
    /// Plain text.
    String,
    /// A variation of moves, alternating colours from the side to move.
    Var,
    /// A variation starting with Black.
    Varb,
    /// A variation starting with the colour given by `%c`.
    Varc,
    /// A variation of moves each with its colour.
    Varp,
    /// A variation starting with the side *not* to move.
    Varpo,
    /// A variation starting with White.
    Varw,
}

const KINDS: [(AnalyzeKind, &str); 18] = [
    (AnalyzeKind::None, "none"),
    (AnalyzeKind::Cboard, "cboard"),
    (AnalyzeKind::Dboard, "dboard"),
    (AnalyzeKind::Gfx, "gfx"),
    (AnalyzeKind::Hpstring, "hpstring"),
    (AnalyzeKind::Hstring, "hstring"),
    (AnalyzeKind::Param, "param"),
    (AnalyzeKind::Plist, "plist"),
    (AnalyzeKind::Pspairs, "pspairs"),
    (AnalyzeKind::Pstring, "pstring"),
    (AnalyzeKind::Sboard, "sboard"),
    (AnalyzeKind::String, "string"),
    (AnalyzeKind::Var, "var"),
    (AnalyzeKind::Varb, "varb"),
    (AnalyzeKind::Varc, "varc"),
    (AnalyzeKind::Varp, "varp"),
    (AnalyzeKind::Varpo, "varpo"),
    (AnalyzeKind::Varw, "varw"),
];

impl AnalyzeKind {
    /// The name GoGui uses.
    ///
    /// ```
    /// use go_gtp::AnalyzeKind;
    ///
    /// assert_eq!(AnalyzeKind::Gfx.name(), "gfx");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        KINDS
            .iter()
            .find(|(kind, _)| *kind == self)
            .map_or("none", |(_, name)| name)
    }
}

impl fmt::Display for AnalyzeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a GoGui analyze type.
///
/// ```
/// use go_gtp::{AnalyzeKind, ParseAnalyzeKindError};
///
/// assert_eq!("board".parse::<AnalyzeKind>(), Err(ParseAnalyzeKindError("board".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a GoGui analyze type: {0:?}")]
pub struct ParseAnalyzeKindError(pub String);

impl std::str::FromStr for AnalyzeKind {
    type Err = ParseAnalyzeKindError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KINDS
            .iter()
            .find(|(_, name)| *name == s)
            .map(|(kind, _)| *kind)
            .ok_or_else(|| ParseAnalyzeKindError(s.to_string()))
    }
}

/// One line of `gogui-analyze_commands`: `kind/label/command`.
///
/// ```
/// use go_gtp::{AnalyzeCommand, AnalyzeKind};
///
/// let entry = AnalyzeCommand::new(AnalyzeKind::Sboard, "Liberties", "block_liberties")?;
/// assert_eq!(entry.to_string(), "sboard/Liberties/block_liberties");
/// # Ok::<(), go_gtp::RegisterError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnalyzeCommand {
    pub(crate) kind: AnalyzeKind,
    pub(crate) label: String,
    pub(crate) command: String,
}

impl AnalyzeCommand {
    /// An entry showing the answer of `command` as `kind` under the menu
    /// label `label`.
    ///
    /// # Errors
    /// [`RegisterError::InvalidAnalyze`] if the label or the command is
    /// empty or has a line break, or the label has a `/`.
    ///
    /// ```
    /// use go_gtp::{AnalyzeCommand, AnalyzeKind};
    ///
    /// assert!(AnalyzeCommand::new(AnalyzeKind::Gfx, "a/b", "x").is_err());
    /// assert!(AnalyzeCommand::new(AnalyzeKind::Gfx, "Influence", "").is_err());
    /// ```
    pub fn new(kind: AnalyzeKind, label: &str, command: &str) -> Result<Self, RegisterError> {
        let bad = |s: &str| s.trim().is_empty() || s.chars().any(char::is_control);
        if bad(label) || label.contains('/') || bad(command) {
            return Err(RegisterError::InvalidAnalyze(format!(
                "{kind}/{label}/{command}"
            )));
        }
        Ok(Self {
            kind,
            label: label.to_string(),
            command: command.to_string(),
        })
    }

    /// How the answer is shown.
    ///
    /// ```
    /// use go_gtp::{AnalyzeCommand, AnalyzeKind};
    ///
    /// let entry = AnalyzeCommand::new(AnalyzeKind::Plist, "Legal", "all_legal %c")?;
    /// assert_eq!(entry.kind(), AnalyzeKind::Plist);
    /// # Ok::<(), go_gtp::RegisterError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> AnalyzeKind {
        self.kind
    }

    /// The menu label.
    ///
    /// ```
    /// use go_gtp::{AnalyzeCommand, AnalyzeKind};
    ///
    /// let entry = AnalyzeCommand::new(AnalyzeKind::Plist, "Legal", "all_legal %c")?;
    /// assert_eq!(entry.label(), "Legal");
    /// # Ok::<(), go_gtp::RegisterError>(())
    /// ```
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The command line GoGui sends, with its wildcards.
    ///
    /// ```
    /// use go_gtp::{AnalyzeCommand, AnalyzeKind};
    ///
    /// let entry = AnalyzeCommand::new(AnalyzeKind::Plist, "Legal", "all_legal %c")?;
    /// assert_eq!(entry.command(), "all_legal %c");
    /// # Ok::<(), go_gtp::RegisterError>(())
    /// ```
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }
}

impl fmt::Display for AnalyzeCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.kind, self.label, self.command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_names_round_trip() {
        for (kind, name) in KINDS {
            assert_eq!(kind.name(), name);
            assert_eq!(name.parse::<AnalyzeKind>(), Ok(kind));
        }
    }
}
