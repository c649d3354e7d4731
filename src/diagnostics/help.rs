//! The parts of the diagnostics' labels and help worked out from what was
//! written: the bytes that are not UTF-8, and the name nearest a name written
//! wrong.

/// The label of `E109`: the first run of bytes that are not UTF-8, and how
/// many more the game has.
pub(super) fn not_utf8_label(len: usize, more: usize, bytes: usize) -> String {
    let first = if len == 1 {
        "this byte is not UTF-8".to_string()
    } else {
        format!("these {len} bytes are not UTF-8")
    };
    match more {
        0 => first,
        1 => format!("{first}, nor is one more place of this game ({bytes} bytes in all)"),
        n => format!("{first}, nor are {n} more places of this game ({bytes} bytes in all)"),
    }
}

/// "; did you mean `X`?" for a name written wrong, `X` the nearest of some
/// known names ([`crate::suggest::nearest`]), or nothing.
pub(super) fn hint<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    crate::suggest::did_you_mean(written, known)
}

/// [`hint`] for a spot name written wrong, among every spot name.
pub(super) fn spot_hint(written: &str) -> String {
    let names: Vec<String> = crate::tiles::Spot::all().map(|s| s.to_string()).collect();
    hint(written, names.iter().map(String::as_str))
}

/// [`hint`] for a Variants entry that is not a variant, among the variants.
pub(super) fn variant_hint(written: &str) -> String {
    use crate::rules::variants::Variant;
    if Variant::named(written).is_some() {
        return String::new();
    }
    hint(written, Variant::ALL.map(Variant::name))
}
