//! The board as a PNG picture (`carcref show --png`): the SVG document of
//! [`super::board_svg`] drawn by `resvg`, in this program, with the fonts the
//! system has. Without any font the picture is drawn all the same, without
//! its words (the coordinates, the legend's names).

use resvg::{tiny_skia, usvg};

/// The largest picture drawn, in pixels a side.
const MAX_SIDE: u32 = 16_384;

/// Draws an SVG document as PNG bytes, at `scale` times its size.
///
/// # Errors
/// Why the document cannot be drawn: it is not SVG that `usvg` reads, or the
/// picture would be empty or too large.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "the picture would be {w}×{h} pixels, more than {MAX_SIDE} a side"
        ));
    }
    let mut pixmap =
        tiny_skia::Pixmap::new(w, h).ok_or_else(|| "the picture would be empty".to_string())?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
