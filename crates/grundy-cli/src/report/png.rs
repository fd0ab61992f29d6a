//! The PNG backend: plotters' bitmap backend with its text drawn again.
//!
//! plotters 0.3.7 draws each glyph of a text with the left edge of its bitmap at the pen
//! position, leaving out the glyph's left side bearing and rounding the pen to whole pixels,
//! so that narrow letters sit too far left and words look torn ("positi ons"). [`PngBackend`]
//! passes every drawing call to [`BitMapBackend`] except text, whose glyphs it places at their
//! own pixel bounds (pen position plus bearing, kerning included), as the SVG text a browser
//! draws would be. Only the compiled-in font is used, so text is never rotated or restyled
//! here: the pictures need neither.

use ab_glyph::{point, Font, FontRef, ScaleFont};
use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

/// [`BitMapBackend`] with text drawn glyph by glyph at the glyphs' own bounds.
pub struct PngBackend<'a> {
    inner: BitMapBackend<'a>,
    font: FontRef<'static>,
}

type Failed<'a> = DrawingErrorKind<<BitMapBackend<'a> as DrawingBackend>::ErrorType>;

impl<'a> PngBackend<'a> {
    /// A backend drawing into `pixels` (RGB, `size.0 * size.1 * 3` bytes).
    pub fn new(pixels: &'a mut [u8], size: (u32, u32), font: FontRef<'static>) -> Self {
        PngBackend {
            inner: BitMapBackend::with_buffer(pixels, size),
            font,
        }
    }
}

impl<'a> DrawingBackend for PngBackend<'a> {
    type ErrorType = <BitMapBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), Failed<'a>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), Failed<'a>> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Failed<'a>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Failed<'a>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Failed<'a>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Failed<'a>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Failed<'a>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Failed<'a>> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), Failed<'a>> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Failed<'a>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let font = self.font.as_scaled(style.size() as f32);
        let glyphs: Vec<_> = text.chars().map(|c| font.glyph_id(c)).collect();
        let advance = |i: usize| {
            let kern = if i > 0 {
                font.kern(glyphs[i - 1], glyphs[i])
            } else {
                0.0
            };
            kern + font.h_advance(glyphs[i])
        };
        let width: f32 = (0..glyphs.len()).map(advance).sum();
        let height = font.ascent() - font.descent();
        let anchor = style.anchor();
        let left = pos.0 as f32
            - match anchor.h_pos {
                HPos::Left => 0.0,
                HPos::Center => width / 2.0,
                HPos::Right => width,
            };
        let top = pos.1 as f32
            - match anchor.v_pos {
                VPos::Top => 0.0,
                VPos::Center => height / 2.0,
                VPos::Bottom => height,
            };
        let (w, h) = self.get_size();
        let mut pen = left;
        for (i, &id) in glyphs.iter().enumerate() {
            if i > 0 {
                pen += font.kern(glyphs[i - 1], id);
            }
            let glyph = id.with_scale_and_position(font.scale(), point(pen, top + font.ascent()));
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                let mut result = Ok(());
                outline.draw(|x, y, coverage| {
                    let (x, y) = (
                        bounds.min.x as i32 + x as i32,
                        bounds.min.y as i32 + y as i32,
                    );
                    if result.is_ok() && x >= 0 && y >= 0 && x < w as i32 && y < h as i32 {
                        let shade = BackendColor {
                            alpha: color.alpha * f64::from(coverage),
                            rgb: color.rgb,
                        };
                        result = self.inner.draw_pixel((x, y), shade);
                    }
                });
                result?;
            }
            pen += font.h_advance(id);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ab_glyph::{Font, ScaleFont};
    use plotters::style::text_anchor::Pos;

    /// The first column with ink of `text` drawn at x = 10 (left anchor) at 40 pixels.
    fn first_ink(text: &str) -> usize {
        let font = FontRef::try_from_slice(crate::report::plot::FONT).unwrap();
        let (w, h) = (200u32, 60u32);
        let mut pixels = vec![255u8; (w * h * 3) as usize];
        {
            let root = PngBackend::new(&mut pixels, (w, h), font).into_drawing_area();
            let style = ("sans-serif", 40)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Top));
            root.draw(&Text::new(text.to_string(), (10, 5), style))
                .unwrap();
            root.present().unwrap();
        }
        (0..w as usize)
            .find(|&x| (0..h as usize).any(|y| pixels[(y * w as usize + x) * 3] < 128))
            .unwrap()
    }

    #[test]
    fn glyphs_start_at_their_left_side_bearing() {
        let font = FontRef::try_from_slice(crate::report::plot::FONT).unwrap();
        let scaled = font.as_scaled(40.0);
        // plotters' own text puts every glyph's ink at x = 10; these bearings are not 0.
        let mut widest = 0.0f32;
        for c in ['i', 'l', 'o', 'W'] {
            let bearing = scaled.h_side_bearing(font.glyph_id(c));
            widest = widest.max(bearing);
            let expected = 10.0 + bearing;
            let ink = first_ink(&c.to_string()) as f32;
            assert!(
                (ink - expected).abs() <= 1.0,
                "{c}: ink at {ink}, bearing puts it at {expected}"
            );
        }
        assert!(widest >= 3.0, "{widest}");
    }
}
