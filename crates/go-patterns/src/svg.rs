//! SVG pictures of a board with a per-point heat map and a legend.
//!
//! ```
//! use go_board::Board;
//! use go_patterns::{Morphology, svg::{HeatMap, heat_map}};
//! let board = Board::from_diagram(
//!     ". . . . .
//!      . X . . .
//!      . . . . .
//!      . . . O .
//!      . . . . .",
//! )?;
//! let t = Morphology::MOYO.territory(&board);
//! let picture = heat_map(
//!     board.geometry(),
//!     |p| board.color_at(p),
//!     |p| Some(f64::from(t.value(p))),
//!     &HeatMap::signed(130.0).with_title("5/10 moyo"),
//! );
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("5/10 moyo"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write;

use go_board::{Color, Geometry, Point, display::star_points};

/// An RGB colour.
///
/// ```
/// use go_patterns::svg::Rgb;
/// assert_eq!(Rgb(255, 0, 16).to_string(), "#ff0010");
/// assert_eq!(Rgb(0, 0, 0).mix(Rgb(200, 100, 50), 0.5), Rgb(100, 50, 25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour `t` of the way from `self` to `other` (`t` clamped to
    /// 0..=1).
    #[must_use]
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Three colours for the low end, the middle and the high end of a range.
///
/// ```
/// use go_patterns::svg::{Palette, Rgb};
/// let p = Palette::DIVERGING;
/// assert_eq!(p.at(0.0), p.low);
/// assert_eq!(p.at(0.5), p.mid);
/// assert_eq!(p.at(1.0), p.high);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    /// Colour at the bottom of the range.
    pub low: Rgb,
    /// Colour in the middle.
    pub mid: Rgb,
    /// Colour at the top.
    pub high: Rgb,
}

impl Palette {
    /// Red (low, White's side) through white to blue (high, Black's side).
    pub const DIVERGING: Palette = Palette {
        low: Rgb(214, 69, 52),
        mid: Rgb(247, 247, 247),
        high: Rgb(44, 98, 196),
    };
    /// White through light green to dark green.
    pub const SEQUENTIAL: Palette = Palette {
        low: Rgb(247, 252, 245),
        mid: Rgb(116, 196, 118),
        high: Rgb(0, 68, 27),
    };

    /// The colour at fraction `t` (0..=1) of the range.
    #[must_use]
    pub fn at(&self, t: f64) -> Rgb {
        if t <= 0.5 {
            self.low.mix(self.mid, t * 2.0)
        } else {
            self.mid.mix(self.high, t * 2.0 - 1.0)
        }
    }
}

/// How to draw a heat map.
///
/// ```
/// use go_patterns::svg::HeatMap;
/// let options = HeatMap::unit().with_title("ownership").with_labels("White", "Black");
/// assert_eq!(options.range, (0.0, 1.0));
/// assert_eq!(options.low_label, "White");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    /// Title above the legend (none if empty).
    pub title: String,
    /// The values drawn with the palette's low and high colours; values
    /// outside are clamped.
    pub range: (f64, f64),
    /// The colours.
    pub palette: Palette,
    /// Legend text for the low end.
    pub low_label: String,
    /// Legend text for the high end.
    pub high_label: String,
    /// Pixels between lines.
    pub cell: u32,
    /// Opacity of the heat squares (0..=1).
    pub opacity: f64,
    /// Whether to draw GTP coordinates.
    pub coordinates: bool,
}

impl Default for HeatMap {
    /// [`HeatMap::unit`].
    fn default() -> Self {
        HeatMap::unit()
    }
}

impl HeatMap {
    /// Values in 0..=1 (the analyzer's influence: 0 Black, 1 White),
    /// diverging palette reversed so that Black's side is blue.
    #[must_use]
    pub fn unit() -> HeatMap {
        let p = Palette::DIVERGING;
        HeatMap {
            title: String::new(),
            range: (0.0, 1.0),
            palette: Palette {
                low: p.high,
                mid: p.mid,
                high: p.low,
            },
            low_label: "Black".into(),
            high_label: "White".into(),
            cell: 24,
            opacity: 0.75,
            coordinates: true,
        }
    }

    /// Signed values in `-scale..=scale`, positive for Black (territory,
    /// influence).
    #[must_use]
    pub fn signed(scale: f64) -> HeatMap {
        HeatMap {
            range: (-scale, scale),
            palette: Palette::DIVERGING,
            low_label: "White".into(),
            high_label: "Black".into(),
            ..HeatMap::unit()
        }
    }

    /// The same with a title.
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> HeatMap {
        self.title = title.into();
        self
    }

    /// The same with legend labels for the low and high ends.
    #[must_use]
    pub fn with_labels(mut self, low: impl Into<String>, high: impl Into<String>) -> HeatMap {
        self.low_label = low.into();
        self.high_label = high.into();
        self
    }

    fn fraction(&self, v: f64) -> f64 {
        let (lo, hi) = self.range;
        if hi > lo { (v - lo) / (hi - lo) } else { 0.5 }
    }
}

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Formats a legend number compactly.
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e9 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// An SVG picture of a board of geometry `geo` with stones where `stones`
/// says, each point shaded by `values` (no shade where it gives `None`),
/// and a legend with the colour scale.
///
/// The output is deterministic (fixed number formats), so it can be
/// snapshot-tested and diffed.
#[must_use]
pub fn heat_map(
    geo: &Geometry,
    stones: impl Fn(Point) -> Option<Color>,
    values: impl Fn(Point) -> Option<f64>,
    options: &HeatMap,
) -> String {
    let c = f64::from(options.cell.max(4));
    let (w, h) = (geo.width() as f64, geo.height() as f64);
    let margin = if options.coordinates { c } else { c * 0.5 };
    // Wide enough for the title and the end labels (about 0.6 em a glyph).
    let glyphs = [
        options.title.chars().count(),
        options.low_label.chars().count() + 8,
        options.high_label.chars().count() + 8,
    ]
    .into_iter()
    .max()
    .unwrap_or(0) as f64;
    let legend_w = (c * 4.0).max(c * 1.5 + glyphs * c * 0.45 * 0.6);
    let width = margin * 2.0 + w * c + legend_w;
    let height = (margin * 2.0 + h * c).max(c * 8.0);
    // Centre of a point.
    let x = |col: usize| margin + (col as f64 + 0.5) * c;
    let y = |row: usize| margin + (h - 1.0 - row as f64 + 0.5) * c;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    if !options.title.is_empty() {
        let _ = writeln!(s, "<title>{}</title>", escape(&options.title));
    }
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#dcb35c"/>"##,
        margin,
        margin,
        w * c,
        h * c
    );
    // Heat squares.
    let _ = writeln!(s, r#"<g opacity="{:.2}">"#, options.opacity.clamp(0.0, 1.0));
    for &p in geo.points() {
        if let Some(v) = values(p).filter(|v| !v.is_nan()) {
            let fill = options.palette.at(options.fraction(v));
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{c:.1}" height="{c:.1}" fill="{fill}"><title>{p} {}</title></rect>"#,
                x(p.col()) - c / 2.0,
                y(p.row()) - c / 2.0,
                number(v)
            );
        }
    }
    let _ = writeln!(s, "</g>");
    // Lines and star points.
    let _ = writeln!(s, r##"<g stroke="#000000" stroke-width="1">"##);
    for col in 0..geo.width() {
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
            x(col),
            y(geo.height() - 1),
            x(col),
            y(0)
        );
    }
    for row in 0..geo.height() {
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
            x(0),
            y(row),
            x(geo.width() - 1),
            y(row)
        );
    }
    let _ = writeln!(s, "</g>");
    for p in star_points(geo).iter() {
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#000000"/>"##,
            x(p.col()),
            y(p.row()),
            c * 0.1
        );
    }
    // Stones.
    for &p in geo.points() {
        if let Some(color) = stones(p) {
            let (fill, stroke) = match color {
                Color::Black => ("#111111", "#000000"),
                Color::White => ("#f8f8f8", "#333333"),
            };
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                x(p.col()),
                y(p.row()),
                c * 0.45
            );
        }
    }
    // Coordinates.
    if options.coordinates {
        let fs = c * 0.45;
        let _ = writeln!(
            s,
            r##"<g font-size="{fs:.1}" fill="#000000" text-anchor="middle" dominant-baseline="central">"##
        );
        for (col, &letter) in LETTERS.iter().enumerate().take(geo.width()) {
            let letter = letter as char;
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{letter}</text>"#,
                x(col),
                margin / 2.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{letter}</text>"#,
                x(col),
                margin + h * c + margin / 2.0
            );
        }
        for row in 0..geo.height() {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                margin / 2.0,
                y(row),
                row + 1
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                margin + w * c + margin / 2.0,
                y(row),
                row + 1
            );
        }
        let _ = writeln!(s, "</g>");
    }
    // Legend: a vertical gradient, high end on top.
    let lx = margin * 2.0 + w * c + c * 0.5;
    let top = margin + c;
    let bar_h = (height - top - margin - c).max(c * 3.0);
    let _ = writeln!(
        s,
        r#"<defs><linearGradient id="scale" x1="0" y1="1" x2="0" y2="0">"#
    );
    for (offset, t) in [("0%", 0.0), ("50%", 0.5), ("100%", 1.0)] {
        let _ = writeln!(
            s,
            r#"<stop offset="{offset}" stop-color="{}"/>"#,
            options.palette.at(t)
        );
    }
    let _ = writeln!(s, "</linearGradient></defs>");
    let fs = c * 0.45;
    if !options.title.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{lx:.1}" y="{:.1}" font-size="{fs:.1}">{}</text>"#,
            margin + fs / 2.0,
            escape(&options.title)
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{lx:.1}" y="{top:.1}" width="{:.1}" height="{bar_h:.1}" fill="url(#scale)" stroke="#000000"/>"##,
        c * 0.6
    );
    let tx = lx + c * 0.8;
    let (lo, hi) = options.range;
    let labels = [
        (
            top + fs / 2.0,
            format!("{} {}", number(hi), escape(&options.high_label)),
        ),
        (top + bar_h / 2.0, number((lo + hi) / 2.0)),
        (
            top + bar_h - fs / 2.0,
            format!("{} {}", number(lo), escape(&options.low_label)),
        ),
    ];
    for (ty, label) in labels {
        let _ = writeln!(
            s,
            r#"<text x="{tx:.1}" y="{ty:.1}" font-size="{fs:.1}" dominant-baseline="central">{}</text>"#,
            label.trim()
        );
    }
    s.push_str("</svg>\n");
    s
}
