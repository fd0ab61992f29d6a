//! `--plot FILE.svg|png` of `seq`, `table` and `gaps`: the numbers a command computed, as one of
//! the report's pictures (`report::plot`), with axis titles, integer ticks and, for a table, a
//! heat map with a colour bar.

use std::path::Path;

use grundy::analysis::GapStats;
use grundy::reproduce::{Axes, FigureData, Grid, Plot, Series};

use crate::failure::Failure;

/// The most points a sequence picture draws; longer sequences are drawn as the largest and the
/// smallest value of each run of consecutive positions.
const MAX_POINTS: u64 = 8_000;

/// The most cells a side of a heat map shows; larger tables show the largest value of each
/// square block of cells.
const MAX_SIDE: u64 = 600;

/// Refuses an extension that is not `.svg` or `.png` before anything is computed.
pub fn check_path(path: &Path) -> Result<(), Failure> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg" | "png") => Ok(()),
        _ => Err(Failure::Grundy(grundy::Error::Invalid(format!(
            "--plot {} must end in .svg or .png",
            path.display()
        )))),
    }
}

fn draw(path: &Path, title: &str, plot: Plot, axes: Axes) -> Result<(), Failure> {
    let figure = FigureData {
        id: String::new(),
        title: title.to_string(),
        note: String::new(),
        plot,
        axes,
        data: Grid {
            header: Vec::new(),
            rows: Vec::new(),
        },
    };
    crate::report::plot::draw(&figure, path)
}

/// A sequence `a(from..=to)` received in blocks, drawn as points (or as the range of each run of
/// positions when there are more than [`MAX_POINTS`]).
pub struct SequencePicture {
    next: u64,
    run: u64,
    highs: Vec<(f64, f64)>,
    lows: Vec<(f64, f64)>,
    current: Option<(u64, u64, u64)>,
    /// Subtracted from every position drawn: `from` when positions pass 2^52, where `f64`
    /// no longer tells neighbours apart (the axis title says so).
    origin: u64,
    axes: Axes,
    title: String,
}

impl SequencePicture {
    /// A picture of the values at `from..=to`, with these axis titles.
    pub fn new(from: u64, to: u64, x: &str, y: &str) -> Self {
        let len = to.saturating_sub(from).saturating_add(1);
        let origin = if to > 1 << 52 { from } else { 0 };
        let x = if origin > 0 {
            format!("{x} - {origin}")
        } else {
            x.to_string()
        };
        SequencePicture {
            next: from,
            run: len.div_ceil(MAX_POINTS).max(1),
            highs: Vec::new(),
            lows: Vec::new(),
            current: None,
            origin,
            axes: Axes::new(&x, y, ""),
            title: String::new(),
        }
    }

    /// The same picture with a title above it (the game and what is drawn).
    pub fn titled(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// The next values, in order.
    pub fn push(&mut self, values: &[u64]) {
        for &v in values {
            let n = self.next;
            self.next += 1;
            let (start, low, high) = match self.current {
                Some((start, low, high)) => (start, low.min(v), high.max(v)),
                None => (n, v, v),
            };
            if n + 1 - start == self.run {
                self.close(start, low, high);
            } else {
                self.current = Some((start, low, high));
            }
        }
    }

    fn close(&mut self, start: u64, low: u64, high: u64) {
        let x = (start - self.origin) as f64;
        self.highs.push((x, high as f64));
        if self.run > 1 {
            self.lows.push((x, low as f64));
        }
        self.current = None;
    }

    /// Draws the picture to `path`.
    pub fn finish(mut self, path: &Path) -> Result<(), Failure> {
        if let Some((start, low, high)) = self.current.take() {
            self.close(start, low, high);
        }
        let series = if self.run == 1 {
            vec![Series {
                label: self.axes.y.clone(),
                points: self.highs,
            }]
        } else {
            let run = self.run;
            vec![
                Series {
                    label: format!("largest of each {run} positions"),
                    points: self.highs,
                },
                Series {
                    label: format!("smallest of each {run} positions"),
                    points: self.lows,
                },
            ]
        };
        let plot = Plot::Points {
            series,
            lines: false,
            log_x: false,
            log_y: false,
        };
        draw(path, &self.title, plot, self.axes)
    }
}

/// A table received a row at a time, drawn as a heat map; blocks of cells drawn by their
/// largest value when a side passes [`MAX_SIDE`].
pub struct TablePicture {
    rows: std::ops::RangeInclusive<u64>,
    columns: std::ops::RangeInclusive<u64>,
    block: u64,
    cells: Vec<Vec<Option<u64>>>,
    axes: (String, String),
    title: String,
}

impl TablePicture {
    /// A picture of the rows and columns in these ranges, with these axis titles (row, column).
    pub fn new(
        rows: std::ops::RangeInclusive<u64>,
        columns: std::ops::RangeInclusive<u64>,
        axes: (String, String),
    ) -> Self {
        let side = |r: &std::ops::RangeInclusive<u64>| r.end().saturating_sub(*r.start()) + 1;
        let block = side(&rows).max(side(&columns)).div_ceil(MAX_SIDE).max(1);
        let cells = vec![
            vec![None; side(&columns).div_ceil(block) as usize];
            side(&rows).div_ceil(block) as usize
        ];
        TablePicture {
            rows,
            columns,
            block,
            cells,
            axes,
            title: String::new(),
        }
    }

    /// The same picture with a title above it (the game and what is drawn).
    pub fn titled(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// The values of row `row` from column `first_column` on.
    pub fn push_row(&mut self, row: u64, first_column: u64, values: &[Option<u64>]) {
        let r = ((row - self.rows.start()) / self.block) as usize;
        for (i, value) in values.iter().enumerate() {
            let c = ((first_column + i as u64 - self.columns.start()) / self.block) as usize;
            if let (Some(v), Some(cell)) = (value, self.cells.get_mut(r).and_then(|x| x.get_mut(c)))
            {
                *cell = Some(cell.map_or(*v, |old: u64| old.max(*v)));
            }
        }
    }

    /// Draws the picture to `path`.
    pub fn finish(self, path: &Path) -> Result<(), Failure> {
        let colour = if self.block == 1 {
            "SG value"
        } else {
            "SG value (largest of a block)"
        };
        let heatmap = Plot::Heatmap {
            cells: self.cells,
            origin: (*self.columns.start(), *self.rows.start()),
            step: self.block,
        };
        draw(
            path,
            &self.title,
            heatmap,
            Axes::new(&self.axes.1, &self.axes.0, colour),
        )
    }
}

/// Gap statistics: for each value, its largest gap and its count, on a logarithmic scale.
pub fn gaps(path: &Path, gaps: &[GapStats], title: &str) -> Result<(), Failure> {
    let series = vec![
        Series {
            label: "largest gap".into(),
            points: gaps
                .iter()
                .filter_map(|g| g.max_gap.map(|m| (g.value as f64, m as f64)))
                .collect(),
        },
        Series {
            label: "count".into(),
            points: gaps
                .iter()
                .map(|g| (g.value as f64, g.count as f64))
                .collect(),
        },
    ];
    let plot = Plot::Points {
        series,
        lines: true,
        log_x: false,
        log_y: true,
    };
    draw(
        path,
        title,
        plot,
        Axes::new("SG value", "largest gap and count (log scale)", ""),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_sequences_are_drawn_as_ranges_of_runs() {
        let mut picture = SequencePicture::new(0, 3 * MAX_POINTS - 1, "n", "v");
        let values: Vec<u64> = (0..3 * MAX_POINTS).map(|n| n % 5).collect();
        picture.push(&values[..1000]);
        picture.push(&values[1000..]);
        assert_eq!(picture.run, 3);
        assert_eq!(picture.highs.len() as u64, MAX_POINTS);
        // The run at 0, 1, 2 has values 0, 1, 2.
        assert_eq!(
            (picture.highs[0], picture.lows[0]),
            ((0.0, 2.0), (0.0, 0.0))
        );
        let mut short = SequencePicture::new(5, 9, "n", "v");
        short.push(&[3, 1, 4, 1, 5]);
        assert_eq!(
            short.highs,
            vec![(5.0, 3.0), (6.0, 1.0), (7.0, 4.0), (8.0, 1.0), (9.0, 5.0)]
        );
        assert!(short.lows.is_empty());
    }
}
