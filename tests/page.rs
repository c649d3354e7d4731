#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The verdict page (`carcref show --html`) and the raster board (`show
//! --png`): through the command line (exit codes, what is written, the page
//! self-contained and small enough), the page's structure pinned by a
//! snapshot (its outline of ids, classes and roles, and the keys of its data,
//! not its bytes), and the page driven in headless Chromium (`--dump-dom`
//! with a virtual time budget): no script error, `#turn=N` shows turn N,
//! stepping forward changes the board, a faulty record shows its code at its
//! turn. The browser tests say they skip, and why, where no Chromium can be
//! found (`.ci/run` installs it).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn carcref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// A fresh folder under the target folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("page-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const VALID: &str = "notation/examples/hig2012-three-expansions.cgn";
const E501: &str = "notation/games/invalid/e501-two-tile-city-scored-as-rgg.cgn";
const E301: &str = "notation/games/invalid/e301-city-edge-against-field.cgn";

/// A page written to a file.
fn page_of(record: &str, dir: &Path, extra: &[&str]) -> (PathBuf, Output) {
    let out = dir.join(format!(
        "{}.html",
        Path::new(record).file_stem().unwrap().to_string_lossy()
    ));
    let mut args = vec!["show", record, "--html", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = carcref(&args);
    (out, output)
}

/// The 4-player game with every expansion, as `carcref gen` makes it.
fn every_expansion(dir: &Path) -> PathBuf {
    let out = carcref(&[
        "gen",
        "--seed",
        "47",
        "--players",
        "4",
        "--expansions",
        "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,crop-circles-1,crop-circles-2,mage-and-witch,ferries,robbers,messengers",
    ]);
    assert!(out.status.success());
    let path = dir.join("every.cgn");
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

#[test]
fn a_valid_game_makes_a_self_contained_page() {
    let dir = scratch("valid");
    let (path, out) = page_of(VALID, &dir, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Nothing fetched: no external script, style, image or font.
    for needle in [
        "src=\"http",
        "href=\"http",
        "url(",
        "@import",
        "@font-face",
        "<link",
    ] {
        assert!(!page.contains(needle), "the page holds {needle}");
    }
    // The board's tiles are drawn once a kind and placed by <use>.
    let uses = page.matches("<use class=\"tile\"").count();
    let arts = page.matches("<g id=\"art").count();
    assert!(uses > 60 && arts < uses, "{uses} tiles, {arts} drawings");
    assert!(page.contains("data-status=\"valid\""));
    assert!(page.contains("id=\"no-faults\""));
    // The score sheet as `score` prints it.
    let score = carcref(&["score", VALID]);
    let sheet = String::from_utf8(score.stdout).unwrap();
    let first = sheet.lines().nth(1).unwrap();
    assert!(
        page.contains(
            &first
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        )
    );
    // The chart: a line a player, and its text alternative.
    assert_eq!(page.matches("<polyline class=\"line\"").count(), 4);
    assert!(page.contains("id=\"chart-desc\"") && page.contains("id=\"chart-table\""));
}

#[test]
fn every_example_of_both_editions_has_a_page() {
    let dir = scratch("examples");
    let mut editions = Vec::new();
    let paths = common::cgn_files(root().join("notation/examples"));
    for path in paths {
        let (page, out) = page_of(path.to_str().unwrap(), &dir, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let page = std::fs::read_to_string(page).unwrap();
        for edition in ["HiG-2012", "RGG-2000"] {
            if page.contains(&format!("<dt>Rules</dt><dd>{edition}</dd>"))
                && !editions.contains(&edition)
            {
                editions.push(edition);
            }
        }
        assert!(page.ends_with("</html>\n"));
    }
    assert_eq!(editions.len(), 2);
}

#[test]
fn the_page_prints_a_paper_verdict_and_reads_without_its_script() {
    let dir = scratch("print");
    let (path, _) = page_of(E301, &dir, &[]);
    let page = std::fs::read_to_string(path).unwrap();
    let print = &page[page.find("@media print").unwrap()..];
    let print = &print[..print.find("\n}\n").unwrap()];
    // The controls, the list of turns, the chart and the repairs are left
    // off the paper; the tags, the board, the faults and the sheet stay.
    let hidden: Vec<&str> = print
        .lines()
        .filter(|l| l.contains("display: none"))
        .flat_map(|l| l.split('{').next().unwrap().split(','))
        .map(str::trim)
        .collect();
    for off in ["#controls", "#turns", "#chart-section", "#repairs"] {
        assert!(hidden.contains(&off), "{off} is printed");
    }
    for kept in ["#tags", "#verdict", "#sheet", "#board-figure", "#stage"] {
        assert!(
            !hidden.iter().any(|h| h.starts_with(kept)),
            "{kept} is not printed"
        );
    }
    // Printing shows the last frame; so does the page as written.
    assert!(page.contains("addEventListener('beforeprint'"));
    let (every, _) = page_of(VALID, &dir, &[]);
    let every = std::fs::read_to_string(every).unwrap();
    let last: usize = every
        .split("data-frame=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    for layer in every.split("<g class=\"layer").skip(1) {
        let b = layer
            .split("data-b=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let gone = layer.starts_with(" gone");
        assert_eq!(gone, b.parse::<usize>().is_ok_and(|b| b <= last));
    }
}

#[test]
fn a_faulty_game_shows_its_faults_repairs_and_the_editions() {
    let dir = scratch("faulty");
    let (path, out) = page_of(E501, &dir, &["--compare-editions"]);
    assert_eq!(out.status.code(), Some(1));
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(page.contains("data-status=\"invalid\""));
    assert!(page.contains("data-code=\"E501\" data-turn=\"1\""));
    // Its message, help, and the record's text underlined.
    assert!(page.contains("Ann&#39;s score this turn is 4, not 2"));
    assert!(page.contains("help: Ann scores 4 this turn"));
    assert!(page.contains("<u>2</u>"));
    // The report as check writes it.
    assert!(page.contains("claimed 2; the referee counts 4"));
    // fix's verdict: no slip explains the claim.
    assert!(page.contains("id=\"repairs\""));
    assert!(page.contains("No reading of one or two slips explains every fault"));
    // The editions compared.
    assert!(page.contains("id=\"editions\""));
    assert!(page.contains("2 tiles × 1 = 2 (a two-tile city)"));
}

#[test]
fn an_illegal_turn_stops_the_board_and_says_so() {
    let dir = scratch("illegal");
    let (path, out) = page_of(E301, &dir, &[]);
    assert_eq!(out.status.code(), Some(1));
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(page.contains(
        "Turn 1 is illegal (E301 tile does not fit): the board stops after turn 0, the last legal turn."
    ));
    // The illegal turn is a frame of its own, on the board as it was.
    assert!(page.contains("\"illegal\":true"));
    assert_eq!(page.matches("<use class=\"tile\"").count(), 1);
    // fix's readings, with their diffs.
    assert!(page.contains("turn 1: r90 instead of r0 <span class=\"kinds\">(rotation)</span>"));
    assert!(page.contains("<span class=\"hunk\">@@ line 8 @@</span>\n<del>-1. Ann E 0,-1 r0</del>\n<ins>+1. Ann E 0,-1 r90</ins>"));
}

#[test]
fn the_page_goes_to_standard_output_and_game_n_is_chosen() {
    let two = format!(
        "{}\n{}",
        std::fs::read_to_string(root().join(E501)).unwrap(),
        std::fs::read_to_string(root().join(E301)).unwrap()
    );
    let dir = scratch("stdout");
    let file = dir.join("two.cgn");
    std::fs::write(&file, two).unwrap();
    let out = carcref(&["show", file.to_str().unwrap(), "--html", "-", "--game", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains("data-code=\"E301\"") && !page.contains("data-code=\"E501\""));
    let out = carcref(&["show", file.to_str().unwrap(), "--html", "-", "--game", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no game 3"));
}

#[test]
fn a_game_that_cannot_be_replayed_has_no_page() {
    let dir = scratch("unreadable");
    let (path, out) = page_of("notation/games/invalid/e206-no-rules-tag.cgn", &dir, &[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("E206"), "{stderr}");
    assert!(stderr.contains("cannot be replayed (its header is unusable); no page written"));
    assert!(!path.exists());
    // In a round, it is listed in the index without a page.
    let pages = dir.join("pages/");
    let out = carcref(&[
        "show",
        "notation/games/invalid/e206-no-rules-tag.cgn",
        E501,
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(index.contains("data-faults=\"E206\""));
    assert!(index.contains("e206-no-rules-tag.cgn game 1 (no page: not replayed)"));
    assert!(!index.contains("<a href=\"\">"));
}

#[test]
fn a_rounds_pages_and_their_index() {
    let dir = scratch("round");
    let pages = dir.join("pages");
    let out = carcref(&[
        "show",
        VALID,
        E501,
        "notation/games/invalid/e301-road-against-field.cgn",
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "e301-road-against-field-1.html",
            "e501-two-tile-city-scored-as-rgg-1.html",
            "hig2012-three-expansions-1.html",
            "index.html"
        ]
    );
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(index.contains("<a href=\"e501-two-tile-city-scored-as-rgg-1.html\">"));
    assert!(index.contains("data-faults=\"E501\""));
    assert!(index.contains("3 games, 1 valid, 2 faulty"));
    assert!(index.contains("Ann, Bob"));
    // Several records without --html are refused.
    let out = carcref(&["show", VALID, E501]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_page_of_every_expansion_is_small() {
    let dir = scratch("every");
    let record = every_expansion(&dir);
    let out_path = dir.join("every.html");
    let out = carcref(&[
        "show",
        record.to_str().unwrap(),
        "--html",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let size = std::fs::metadata(&out_path).unwrap().len();
    assert!(size <= 1_500_000, "the page is {size} bytes");
}

/// The outline of a page: each element with an id or a role, and the
/// distinct classes, in order of first appearance; then the keys of its
/// data and of its frames.
fn outline(page: &str) -> String {
    let mut lines = Vec::new();
    let mut classes: Vec<String> = Vec::new();
    for tag in page.split('<').skip(1) {
        let Some(end) = tag.find('>') else { continue };
        let tag = &tag[..end];
        if tag.starts_with('/') || tag.starts_with('!') {
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let attr = |a: &str| {
            let key = format!(" {a}=\"");
            tag.find(&key).map(|i| {
                let rest = &tag[i + key.len()..];
                rest[..rest.find('"').unwrap_or(rest.len())].to_string()
            })
        };
        if let Some(class) = attr("class") {
            for c in class.split(' ') {
                if !classes.iter().any(|x| x == c) {
                    classes.push(c.to_string());
                }
            }
        }
        let id = attr("id").filter(|i| !i.starts_with("art") && !i.starts_with("fault-"));
        let role = attr("role");
        if id.is_some() || role.is_some() {
            lines.push(format!(
                "{name}{}{}",
                id.map_or(String::new(), |i| format!("#{i}")),
                role.map_or(String::new(), |r| format!(" role={r}"))
            ));
        }
    }
    classes.sort();
    lines.push(format!("classes: {}", classes.join(" ")));
    let start = page
        .find("<script id=\"game-data\" type=\"application/json\">")
        .unwrap();
    let json = &page[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k.join(" ")
    };
    lines.push(format!("data: {}", keys(&data)));
    let mut frame_keys: Vec<String> = Vec::new();
    for f in data["frames"].as_array().unwrap() {
        for k in f.as_object().unwrap().keys() {
            if !frame_keys.contains(k) {
                frame_keys.push(k.clone());
            }
        }
    }
    frame_keys.sort();
    lines.push(format!("frame: {}", frame_keys.join(" ")));
    lines.join("\n")
}

#[test]
fn the_pages_structure() {
    let dir = scratch("structure");
    let (path, _) = page_of(E501, &dir, &["--compare-editions"]);
    let faulty = outline(&std::fs::read_to_string(path).unwrap());
    let record = every_expansion(&dir);
    let (path, _) = page_of(record.to_str().unwrap(), &dir, &[]);
    let every = outline(&std::fs::read_to_string(path).unwrap());
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("page_outline_e501", faulty);
        insta::assert_snapshot!("page_outline_every_expansion", every);
    });
}

#[test]
fn show_png_draws_the_board() {
    let dir = scratch("png");
    let png = dir.join("board.png");
    let out = carcref(&["show", VALID, "--png", png.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // The size of the SVG picture.
    let svg = String::from_utf8(carcref(&["show", VALID, "--svg", "-"]).stdout).unwrap();
    let width: u32 = svg
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse::<f64>()
        .unwrap()
        .ceil() as u32;
    let png_width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(png_width, width);
    // A faulty record: the board after its last legal turn, labelled.
    let out = carcref(&["show", E301, "--png", "-"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.starts_with(b"\x89PNG"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("turn 1 is illegal: E301"));
}

/// The depth of the deepest element under `node`.
fn depth(node: roxmltree::Node<'_, '_>) -> usize {
    1 + node
        .children()
        .filter(|c| c.is_element())
        .map(depth)
        .max()
        .unwrap_or(0)
}

#[test]
fn the_board_svg_is_plain_enough_for_common_renderers() {
    // ImageMagick's own reader refused groups nested deeply, drew the lying
    // farmers and the flight arrows (a rotate in a group) off their tiles,
    // and a bold label's tspan over the words after it.
    let dir = scratch("plain");
    let record = every_expansion(&dir);
    let out = carcref(&["show", record.to_str().unwrap(), "--svg", "-"]);
    let svg = String::from_utf8(out.stdout).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(
        depth(doc.root_element()) <= 6,
        "nested {} deep",
        depth(doc.root_element())
    );
    assert!(!svg.contains("rotate("));
    assert!(!svg.contains("<tspan"));
    assert!(!svg.contains("<use") && !svg.contains("<symbol") && !svg.contains("<filter"));
    // Farmers lie down all the same, and roads join round.
    assert!(svg.contains("class=\"follower\""));
    assert!(svg.contains("class=\"road\" d=") && !svg.contains("stroke-width=\"8.3\"/>"));
}

// ---- In a browser ----

/// Chromium (or Chrome), if one can be found.
fn browser() -> Option<PathBuf> {
    if let Some(b) = std::env::var_os("CARCREF_CHROMIUM") {
        return Some(PathBuf::from(b));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// The DOM of a page after its script ran, and Chromium's standard error.
fn dump_dom(browser: &Path, page: &Path, fragment: &str) -> (String, String) {
    let profile = page.with_extension(format!("profile-{}", fragment.len()));
    let _ = std::fs::remove_dir_all(&profile);
    let url = format!(
        "file://{}{fragment}",
        page.canonicalize().unwrap().display()
    );
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(url)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// An attribute of the root element.
fn root_attr(dom: &str, name: &str) -> Option<String> {
    let start = dom.find("<html")?;
    let tag = &dom[start..start + dom[start..].find('>')?];
    let key = format!(" {name}=\"");
    let i = tag.find(&key)?;
    let rest = &tag[i + key.len()..];
    Some(rest[..rest.find('"')?].to_string())
}

/// The elements of the board shown: tiles and layers not hidden.
fn shown(dom: &str) -> Vec<String> {
    let board = &dom[dom.find("id=\"tiles\"").unwrap()..dom.find("id=\"last-mark\"").unwrap()];
    board
        .split('<')
        .filter(|t| {
            (t.starts_with("use ") || t.starts_with("g class=\"layer")) && !t.contains(" gone")
        })
        .map(|t| t[..t.find('>').unwrap_or(t.len())].to_string())
        .collect()
}

fn no_script_error(dom: &str, stderr: &str) {
    assert_eq!(
        root_attr(dom, "data-ready").as_deref(),
        Some("true"),
        "the script did not finish"
    );
    assert_eq!(root_attr(dom, "data-script-errors"), None);
    // Chromium logs what the page writes to its console (`INFO:CONSOLE`):
    // the page writes nothing there, errors or not.
    assert!(
        !stderr.contains("Uncaught") && !stderr.contains("CONSOLE"),
        "{stderr}"
    );
}

#[test]
fn in_a_browser() {
    let Some(chromium) = browser() else {
        eprintln!(
            "skipped: no Chromium found (chromium, chromium-browser, google-chrome on PATH, or CARCREF_CHROMIUM); `.ci/run` installs Debian's chromium"
        );
        return;
    };
    let dir = scratch("browser");
    let record = every_expansion(&dir);
    let (page, out) = page_of(record.to_str().unwrap(), &dir, &[]);
    assert!(out.status.success());
    // #turn=N shows turn N.
    let (at_40, stderr) = dump_dom(&chromium, &page, "#turn=40");
    no_script_error(&at_40, &stderr);
    assert_eq!(root_attr(&at_40, "data-turn").as_deref(), Some("40"));
    let tiles_40 = shown(&at_40)
        .iter()
        .filter(|t| t.starts_with("use "))
        .count();
    // The start tile(s) and one a turn.
    let html = std::fs::read_to_string(&page).unwrap();
    let placed_by_40 = html
        .split("<use class=\"tile\"")
        .skip(1)
        .filter(|t| {
            let a: usize = t
                .split("data-a=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            a <= 40
        })
        .count();
    assert_eq!(tiles_40, placed_by_40);
    // Stepping forward changes the board.
    let (at_41, stderr) = dump_dom(&chromium, &page, "#turn=40&press=ArrowRight");
    no_script_error(&at_41, &stderr);
    assert_eq!(root_attr(&at_41, "data-turn").as_deref(), Some("41"));
    assert_ne!(shown(&at_40), shown(&at_41));
    // Home and End.
    let (start, _) = dump_dom(&chromium, &page, "#turn=40&press=Home");
    assert_eq!(root_attr(&start, "data-turn").as_deref(), Some("0"));
    let (end, _) = dump_dom(&chromium, &page, "#turn=3&press=End");
    assert_eq!(
        root_attr(&end, "data-frame"),
        root_attr(&html, "data-frame")
    );

    // A faulty record shows its code at its turn.
    let (page, _) = page_of(E301, &dir, &[]);
    let (dom, stderr) = dump_dom(&chromium, &page, "#turn=1");
    no_script_error(&dom, &stderr);
    assert_eq!(root_attr(&dom, "data-turn").as_deref(), Some("1"));
    let note = &dom[dom.find("id=\"turn-fault\"").unwrap()..];
    let note = &note[..note.find("</div>").unwrap()];
    assert!(
        note.contains("data-codes=\"E301\"") && !note.contains("hidden"),
        "{note}"
    );
    let (page, _) = page_of(E501, &dir, &[]);
    let (dom, stderr) = dump_dom(&chromium, &page, "#turn=1");
    no_script_error(&dom, &stderr);
    assert!(dom.contains("data-codes=\"E501\""));
    let (dom, _) = dump_dom(&chromium, &page, "#turn=0");
    assert!(dom.contains("data-codes=\"\""));
}
