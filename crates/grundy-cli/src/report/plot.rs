//! The pictures, drawn with plotters from shapes, with tick labels and legends in a small font
//! compiled into the binary (no system font is needed); the captions explain the axes and the
//! colours.

use std::path::Path;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::failure::Failure;
use grundy::nim_fractals::automaton::{self, EvolutionGraph, Layout};
use grundy::reproduce::{Axes, FigureData, Plot, Series};

/// One colour per series, in order.
const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// A 14 KB subset (printable ASCII) of DejaVu Sans; licence in `assets/FONT-LICENSE.txt`.
pub(crate) const FONT: &[u8] = include_bytes!("../../assets/GrundySans.ttf");

/// Registers [`FONT`] as plotters' "sans-serif" (once).
fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known to parse (a unit test checks it).
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Tick labels and legends.
fn label_style(anchor: (HPos, VPos)) -> TextStyle<'static> {
    ("sans-serif", 13)
        .into_font()
        .color(&RGBColor(60, 60, 60))
        .pos(Pos::new(anchor.0, anchor.1))
}

/// A tick value as a short label: an integer when it is one, else three significant digits.
fn tick_label(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.3}")
    }
}

/// Draws `figure` to `path` (`.svg` or `.png`).
pub fn draw(figure: &FigureData, path: &Path) -> Result<(), Failure> {
    register_font();
    let title = if figure.title.is_empty() { 0 } else { TITLE };
    let (w, h) = match &figure.plot {
        // As tall as the grid of square cells a 720-pixel width gives (no blank band below).
        Plot::Heatmap { cells, .. } => (720, heatmap_height(cells, 720) + title),
        Plot::Points { .. } => (960, 420 + title),
        Plot::Evolution(_) => (800, 800 + title),
    };
    let svg = path.extension().is_some_and(|e| e == "svg");
    save_picture(
        path,
        (w, h),
        svg,
        |root| paint(root, figure, w, h),
        |root| paint(root, figure, w, h),
    )
}

/// Renders a picture of `size` pixels in memory, as SVG (`svg`) or PNG, with the painter for
/// that backend, then writes it to `path`: a full disk or a missing directory is reported as
/// the file system says it, in one line.
pub(crate) fn save_picture(
    path: &Path,
    size: (u32, u32),
    svg: bool,
    paint_svg: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), String>,
    paint_png: impl FnOnce(&DrawingArea<super::png::PngBackend, Shift>) -> Result<(), String>,
) -> Result<(), Failure> {
    let failed = |e: String| {
        Failure::Grundy(grundy::Error::Invalid(format!(
            "cannot draw the picture {}: {e}",
            path.display()
        )))
    };
    let bytes = if svg {
        let mut text = String::new();
        {
            let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
            paint_svg(&root).map_err(failed)?;
            root.present().map_err(|e| failed(e.to_string()))?;
        }
        text.into_bytes()
    } else {
        let (w, h) = size;
        let mut pixels = vec![0u8; w as usize * h as usize * 3];
        {
            let font =
                ab_glyph::FontRef::try_from_slice(FONT).map_err(|e| failed(e.to_string()))?;
            let root = super::png::PngBackend::new(&mut pixels, size, font).into_drawing_area();
            paint_png(&root).map_err(failed)?;
            root.present().map_err(|e| failed(e.to_string()))?;
        }
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder
            .write_header()
            .and_then(|mut writer| writer.write_image_data(&pixels))
            .map_err(|e| failed(e.to_string()))?;
        bytes
    };
    std::fs::write(path, bytes).map_err(|e| {
        Failure::Grundy(grundy::Error::Invalid(format!(
            "cannot write the picture {}: {e}",
            path.display()
        )))
    })
}

fn paint<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    figure: &FigureData,
    w: u32,
    h: u32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    // The title (the game and what is drawn) in a band at the top; the picture below it.
    let (root, h) = if figure.title.is_empty() {
        (root.clone(), h)
    } else {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let style = ("sans-serif", 16)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(figure.title.clone(), (w as i32 / 2, 6), style))
            .map_err(|e| e.to_string())?;
        (root.margin(TITLE, 0, 0, 0), h - TITLE)
    };
    let root = &root;
    match &figure.plot {
        Plot::Heatmap {
            cells,
            origin,
            step,
        } => heatmap(root, cells, (*origin, *step), &figure.axes, w, h),
        Plot::Points {
            series,
            lines,
            log_x,
            log_y,
        } => points(root, series, *lines, (*log_x, *log_y), &figure.axes, w, h),
        Plot::Evolution(graph) => paint_evolution(root, graph, w.min(h)),
    }
}

/// The height of the band holding a picture's title.
const TITLE: u32 = 28;

/// Room around a heat map's grid: left (row labels), bottom (column labels and x title), top
/// (y title), right (colour bar and its labels).
const HEATMAP_PADDING: (i32, i32, i32, i32) = (56, 40, 22, 84);

/// The side of a heat map's square cells in a picture `w` wide and `h` high.
fn cell_size(cells: &[Vec<Option<u64>>], w: u32, h: u32) -> i32 {
    let (pad_left, pad_bottom, pad_top, pad_right) = HEATMAP_PADDING;
    let rows = cells.len().max(1) as i32;
    let cols = cells.iter().map(Vec::len).max().unwrap_or(1).max(1) as i32;
    ((w as i32 - pad_left - pad_right) / cols)
        .min((h as i32 - pad_top - pad_bottom) / rows)
        .max(1)
}

/// The height that fits the grid of a heat map `w` wide (at most square).
fn heatmap_height(cells: &[Vec<Option<u64>>], w: u32) -> u32 {
    let (_, pad_bottom, pad_top, _) = HEATMAP_PADDING;
    let size = cell_size(cells, w, w);
    (pad_top + pad_bottom + cells.len().max(1) as i32 * size + 8) as u32
}

/// A colour from dark purple (0) through blue and green to yellow (1), after viridis.
fn viridis(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let x = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// `cells[row][column]`, row 0 at the bottom; `origin` the coordinates (column, row) of the
/// first cell and `step` the coordinates a cell spans; a colour bar with its scale on the right,
/// the axis titles below and above.
fn heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    cells: &[Vec<Option<u64>>],
    (origin, step_coords): ((u64, u64), u64),
    axes: &Axes,
    w: u32,
    h: u32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let rows = cells.len().max(1) as i32;
    let cols = cells.iter().map(Vec::len).max().unwrap_or(1).max(1) as i32;
    let (pad_left, _, pad_top, _) = HEATMAP_PADDING;
    let size = cell_size(cells, w, h);
    let values = || cells.iter().flatten().flatten().copied();
    let (low, high) = (values().min().unwrap_or(0), values().max().unwrap_or(0));
    let span = (high - low).max(1) as f64;
    let (left, top) = (pad_left, pad_top);
    let bottom = top + rows * size;
    for (r, row) in cells.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            if let Some(v) = value {
                let (x, y) = (left + c as i32 * size, bottom - (r as i32 + 1) * size);
                root.draw(&Rectangle::new(
                    [(x, y), (x + size, y + size)],
                    viridis((v - low) as f64 / span).filled(),
                ))
                .map_err(|e| e.to_string())?;
            }
        }
    }
    let frame = [(left, top), (left + cols * size, bottom)];
    root.draw(&Rectangle::new(frame, RGBColor(120, 120, 120)))
        .map_err(|e| e.to_string())?;
    // Column coordinates below, row coordinates to the left, at the middle of their cells,
    // every `step` (a 1-2-5 step, at least one cell).
    let text = |t: String, at: (i32, i32), anchor| {
        root.draw(&Text::new(t, at, label_style(anchor)))
            .map_err(|e| e.to_string())
    };
    let step = nice_step(f64::from(cols.max(rows)), 8.0).max(1.0) as i32;
    for c in (0..cols).step_by(step as usize) {
        let x = left + c * size + size / 2;
        let label = origin.0 + c as u64 * step_coords;
        text(
            label.to_string(),
            (x, bottom + 4),
            (HPos::Center, VPos::Top),
        )?;
    }
    for r in (0..rows).step_by(step as usize) {
        let y = bottom - r * size - size / 2;
        let label = origin.1 + r as u64 * step_coords;
        text(
            label.to_string(),
            (left - 5, y),
            (HPos::Right, VPos::Center),
        )?;
    }
    let right = left + cols * size;
    text(
        axes.x.clone(),
        ((left + right) / 2, bottom + 22),
        (HPos::Center, VPos::Top),
    )?;
    text(axes.y.clone(), (left, top - 6), (HPos::Left, VPos::Bottom))?;
    // The colour bar: the scale from the lowest value (bottom) to the highest (top), integer
    // ticks.
    let (bar_left, bar_right) = (right + 16, right + 30);
    let bar_height = bottom - top;
    for i in 0..bar_height {
        let t = f64::from(i) / f64::from(bar_height.max(2) - 1);
        let y = bottom - i - 1;
        root.draw(&Rectangle::new(
            [(bar_left, y), (bar_right, y + 1)],
            viridis(t).filled(),
        ))
        .map_err(|e| e.to_string())?;
    }
    let tick = nice_step(span, 6.0).max(1.0) as u64;
    let mut v = low.div_ceil(tick) * tick;
    while v <= high {
        let y = bottom - ((v - low) as f64 / span * f64::from(bar_height - 1)).round() as i32 - 1;
        text(
            v.to_string(),
            (bar_right + 4, y),
            (HPos::Left, VPos::Center),
        )?;
        v += tick;
    }
    text(
        axes.colour.clone(),
        (w as i32 - 4, top - 6),
        (HPos::Right, VPos::Bottom),
    )?;
    Ok(())
}

/// A step of 1, 2 or 5 times a power of ten giving about `target` ticks over `span`.
fn nice_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(f64::MIN_POSITIVE);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * p)
}

fn points<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    series: &[Series],
    lines: bool,
    (log_x, log_y): (bool, bool),
    axes: &Axes,
    w: u32,
    h: u32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let ty = |y: f64| if log_y { y.max(1.0).log10() } else { y };
    let tx = |x: f64| if log_x { x.max(1.0).log10() } else { x };
    let all = || series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut y0, mut y1) = (if log_y { f64::INFINITY } else { 0.0 }, f64::NEG_INFINITY);
    for &(x, y) in all() {
        (x0, x1) = (x0.min(tx(x)), x1.max(tx(x)));
        (y0, y1) = (y0.min(ty(y)), y1.max(ty(y)));
    }
    if !x0.is_finite() {
        return Ok(());
    }
    if log_y {
        (y0, y1) = (y0.floor(), y1.ceil());
    }
    if log_x {
        x0 = x0.floor();
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if y1 <= y0 {
        y1 = y0 + 1.0;
    }
    let (left, right, top, bottom) = (64.0, w as f64 - 16.0, 24.0, h as f64 - 44.0);
    // Integer data get integer ticks (no 0.5 between two values).
    let integers = |f: fn(&(f64, f64)) -> f64| all().all(|p| f(p).fract() == 0.0);
    let (x_integer, y_integer) = (!log_x && integers(|p| p.0), !log_y && integers(|p| p.1));
    let px_raw = |v: f64| (left + (v - x0) / (x1 - x0) * (right - left)).round() as i32;
    let px = |x: f64| px_raw(tx(x));
    let py = |y: f64| (bottom - (ty(y) - y0) / (y1 - y0) * (bottom - top)).round() as i32;
    let py_raw = |v: f64| (bottom - (v - y0) / (y1 - y0) * (bottom - top)).round() as i32;
    let grid = RGBColor(225, 225, 225);
    let axis = BLACK.stroke_width(1);
    // Grid lines and ticks: every power of ten on a log axis, a 1-2-5 step otherwise.
    let y_step = if log_y {
        1.0
    } else if y_integer {
        nice_step(y1 - y0, 8.0).max(1.0)
    } else {
        nice_step(y1 - y0, 8.0)
    };
    let mut v = (y0 / y_step).ceil() * y_step;
    while v <= y1 + 1e-9 {
        let y = py_raw(v);
        root.draw(&PathElement::new(
            vec![(left as i32, y), (right as i32, y)],
            grid,
        ))
        .map_err(|e| e.to_string())?;
        root.draw(&PathElement::new(
            vec![(left as i32 - 6, y), (left as i32, y)],
            axis,
        ))
        .map_err(|e| e.to_string())?;
        let text = if log_y {
            format!("1e{}", v.round() as i64)
        } else {
            tick_label(v)
        };
        root.draw(&Text::new(
            text,
            (left as i32 - 9, y),
            label_style((HPos::Right, VPos::Center)),
        ))
        .map_err(|e| e.to_string())?;
        v += y_step;
    }
    let x_step = if log_x {
        1.0
    } else if x_integer {
        nice_step(x1 - x0, 10.0).max(1.0)
    } else {
        nice_step(x1 - x0, 10.0)
    };
    let mut v = (x0 / x_step).ceil() * x_step;
    while v <= x1 + 1e-9 {
        let x = px_raw(v);
        root.draw(&PathElement::new(
            vec![(x, top as i32), (x, bottom as i32)],
            grid,
        ))
        .map_err(|e| e.to_string())?;
        root.draw(&PathElement::new(
            vec![(x, bottom as i32), (x, bottom as i32 + 6)],
            axis,
        ))
        .map_err(|e| e.to_string())?;
        root.draw(&Text::new(
            if log_x {
                tick_label(10f64.powi(v.round() as i32))
            } else {
                tick_label(v)
            },
            (x, bottom as i32 + 8),
            label_style((HPos::Center, VPos::Top)),
        ))
        .map_err(|e| e.to_string())?;
        v += x_step;
    }
    root.draw(&PathElement::new(
        vec![
            (left as i32, top as i32),
            (left as i32, bottom as i32),
            (right as i32, bottom as i32),
        ],
        axis,
    ))
    .map_err(|e| e.to_string())?;
    // Later series first, so that the first ones (e.g. the small values, drawn along the
    // bottom) stay on top and visible; lines two pixels wide.
    for (i, s) in series.iter().enumerate().rev() {
        let colour = PALETTE[i % PALETTE.len()];
        let shown: Vec<(i32, i32)> = s
            .points
            .iter()
            .filter(|p| (!log_y || p.1 > 0.0) && (!log_x || p.0 > 0.0))
            .map(|&(x, y)| (px(x), py(y)))
            .collect();
        if lines {
            root.draw(&PathElement::new(shown.clone(), colour.stroke_width(2)))
                .map_err(|e| e.to_string())?;
        }
        let radius = 2;
        for p in shown {
            root.draw(&Circle::new(p, radius, colour.filled()))
                .map_err(|e| e.to_string())?;
        }
    }
    root.draw(&Text::new(
        axes.x.clone(),
        (((left + right) / 2.0) as i32, bottom as i32 + 24),
        label_style((HPos::Center, VPos::Top)),
    ))
    .map_err(|e| e.to_string())?;
    root.draw(&Text::new(
        axes.y.clone(),
        (left as i32 - 56, top as i32 - 8),
        label_style((HPos::Left, VPos::Bottom)),
    ))
    .map_err(|e| e.to_string())?;
    // A legend in one row above the plot, ending at its right edge, when there is more than
    // one series (outside the plot, so that it hides no point).
    if series.len() > 1 {
        let width = |s: &Series| 16 + 7 * s.label.len() as i32 + 14;
        let mut x = right as i32 - series.iter().map(width).sum::<i32>();
        let y = top as i32 - 12;
        for (i, s) in series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            root.draw(&Rectangle::new(
                [(x, y - 5), (x + 10, y + 5)],
                colour.filled(),
            ))
            .map_err(|e| e.to_string())?;
            root.draw(&Text::new(
                s.label.clone(),
                (x + 16, y),
                label_style((HPos::Left, VPos::Center)),
            ))
            .map_err(|e| e.to_string())?;
            x += width(s);
        }
    }
    Ok(())
}

/// Draws the links, then the P-positions coloured by generation (blue: old, red: new), the
/// zero position in black.
pub(crate) fn paint_evolution<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    graph: &EvolutionGraph,
    size: u32,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let fold = |f: fn(f64, f64) -> f64, start: f64, key: fn(&automaton::Node) -> f64| {
        graph.nodes.iter().map(key).fold(start, f)
    };
    let (min_x, max_x) = (
        fold(f64::min, f64::INFINITY, |n| n.x),
        fold(f64::max, f64::NEG_INFINITY, |n| n.x),
    );
    let (min_y, max_y) = (
        fold(f64::min, f64::INFINITY, |n| n.y),
        fold(f64::max, f64::NEG_INFINITY, |n| n.y),
    );
    let side = f64::from(size);
    let margin = (side * 0.04).max(8.0);
    let inner = side - 2.0 * margin;
    let (span_x, span_y) = ((max_x - min_x).max(1.0), (max_y - min_y).max(1.0));
    let (mut sx, mut sy) = (inner / span_x, inner / span_y);
    if graph.layout == Layout::UlamWarburton {
        // Square cells.
        let s = sx.min(sy);
        (sx, sy) = (s, s);
    }
    let (offset_x, offset_y) = (
        margin + (inner - span_x * sx) / 2.0,
        margin + (inner - span_y * sy) / 2.0,
    );
    let point = |x: f64, y: f64| -> (i32, i32) {
        (
            (offset_x + (x - min_x) * sx).round() as i32,
            (side - offset_y - (y - min_y) * sy).round() as i32,
        )
    };
    let unit = sx.min(sy);
    let radius = (unit * 0.28).clamp(1.0, 7.0) as i32;
    let link = RGBColor(150, 150, 150).stroke_width(if unit >= 12.0 { 2 } else { 1 });
    for &(parent, child) in &graph.edges {
        let (p, c) = (&graph.nodes[parent], &graph.nodes[child]);
        root.draw(&PathElement::new(
            vec![point(p.x, p.y), point(c.x, c.y)],
            link,
        ))
        .map_err(|e| e.to_string())?;
    }
    let last = graph.born.len().saturating_sub(1).max(1) as f64;
    for node in &graph.nodes {
        let style = if node.generation == 0 {
            BLACK.filled()
        } else {
            let t = node.generation as f64 / last;
            HSLColor(0.66 * (1.0 - t), 0.85, 0.45).filled()
        };
        let r = if node.generation == 0 {
            radius + 2
        } else {
            radius
        };
        root.draw(&Circle::new(point(node.x, node.y), r, style))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_two_five() {
        assert_eq!(nice_step(100.0, 10.0), 10.0);
        assert_eq!(nice_step(800.0, 10.0), 100.0);
        assert_eq!(nice_step(41.0, 8.0), 10.0);
        assert_eq!(nice_step(12.0, 8.0), 2.0);
    }

    #[test]
    fn the_font_parses_and_labels_are_short() {
        assert!(plotters::style::register_font("test-sans", FontStyle::Normal, FONT).is_ok());
        assert_eq!(tick_label(800.0), "800");
        assert_eq!(tick_label(-3.0), "-3");
        assert_eq!(tick_label(0.25), "0.250");
    }

    #[test]
    fn viridis_ends() {
        assert_eq!(viridis(0.0), RGBColor(68, 1, 84));
        assert_eq!(viridis(1.0), RGBColor(253, 231, 37));
    }
}
