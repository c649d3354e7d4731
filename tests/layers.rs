//! The house rule of the source tree: imports run one way, down the layers,
//! and no files import each other in a circle.
//!
//! Every module of `src/` stands on a layer of [`LAYERS`], the ground floor
//! first; a file may import what its own layer or a lower one holds. The test
//! reads every file of `src/` (apart from the `#[cfg(test)]` modules and the
//! files they declare), collects the `crate::` paths of its `use`
//! declarations (grouped ones included) and of its code (`crate::x::y(…)`),
//! `super::` and `self::` paths and paths through a child module resolved,
//! and names each path by the file of the deepest module it reaches. It
//! fails on an import of a higher layer that [`EXCEPTIONS`] does not list,
//! and on every circle among the files (their strongly connected
//! components), naming the files and what ties them.
//!
//! A file that uses what one of its parent modules' files holds (a file of
//! `rules/expansions/` naming `crate::rules::Game`) is no arrow: a module's
//! `mod.rs` is its face. The crate root `lib.rs` is a layer of its own, above
//! the library's modules: inside the library a thing is named by its module
//! (`crate::diagnostics::Diagnostic`), not by the root's re-export.
//!
//! A new module goes into the row of [`LAYERS`] that says what it is; the test
//! names a module that stands in no row.

#![allow(clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, the ground floor first: each a name and its top-level modules
/// (`lib` is `src/lib.rs`, `main` is `src/main.rs`).
const LAYERS: &[(&str, &[&str])] = &[
    // The game's words, each a module of its own: seats, editions, the
    // expansions' names, tiles and their sides, the board's squares, the
    // figures, and the small pieces of text every layer shows (and lists
    // kept emptied from one game to the next).
    (
        "vocabulary",
        &[
            "player",
            "edition",
            "expansion",
            "pawn",
            "tiles",
            "board",
            "figures",
            "diff",
            "files",
            "shown",
            "suggest",
            "lists",
        ],
    ),
    // CGN syntax: the record as written, its spans and its syntax errors.
    ("notation", &["notation"]),
    // The board's connected roads, cities, fields and monasteries.
    ("features", &["features"]),
    // Score events, the majority rule, the rulebooks' arithmetic, the track.
    ("score", &["score"]),
    // The engine: check, apply, the expansions at their phases.
    ("rules", &["rules"]),
    // The Diagnostic enum, its codes, and spans attached to violations.
    ("diagnostics", &["diagnostics"]),
    // The meaning of the tags, the multi-game stream, what is not CGN.
    ("reading", &["header", "stream", "sniff"]),
    // A record refereed: the replay, the quick verdict, the claims.
    ("referee", &["referee"]),
    // Random legal games, and the importers of other formats.
    ("tools", &["generate", "import"]),
    // An archive's figures, the criteria games are found by, duplicates.
    ("archive", &["archive"]),
    // Every output: faults, score sheets, boards, moves, tiles.
    ("render", &["render"]),
    // Repair suggestions, and what `fix` prints of them.
    ("repair", &["repair"]),
    // The library's front: its one-call functions and re-exports.
    ("library", &["lib"]),
    // The command line's clap definitions.
    ("cli", &["cli"]),
    // One file per subcommand.
    ("commands", &["commands"]),
    // The binary.
    ("binary", &["main"]),
];

/// Imports that may run up a layer (two at most), each as the importing
/// file, the module it imports, and why. Each needs a comment at the import
/// saying the same; an exception no import uses any more fails the test.
const EXCEPTIONS: &[(&str, &str, &str)] = &[];

/// A path one file names: where, what it reads, and the file it reaches.
#[derive(Debug, Clone)]
struct Import {
    line: usize,
    text: String,
    target: String,
    name: String,
}

/// What the checker finds wrong.
#[derive(Debug, Default)]
struct Findings {
    upward: Vec<String>,
    circles: Vec<String>,
    unplaced: Vec<String>,
    stale: Vec<String>,
}

impl Findings {
    fn is_empty(&self) -> bool {
        self.upward.is_empty()
            && self.circles.is_empty()
            && self.unplaced.is_empty()
            && self.stale.is_empty()
    }
}

impl std::fmt::Display for Findings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: [(&str, &Vec<String>); 4] = [
            ("imports that run up a layer", &self.upward),
            ("circles of files", &self.circles),
            ("modules in no layer of LAYERS", &self.unplaced),
            ("exceptions no import uses", &self.stale),
        ];
        for (title, list) in parts {
            if !list.is_empty() {
                writeln!(f, "{title}:")?;
                for l in list {
                    writeln!(f, "  {l}")?;
                }
            }
        }
        Ok(())
    }
}

/// The text with comments (doc comments too), strings and character
/// literals blanked out, lines kept.
fn strip(src: &str) -> Vec<char> {
    let c: Vec<char> = src.chars().collect();
    let mut out = c.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        let to = to.min(out.len());
        for x in out.get_mut(from.min(to)..to).into_iter().flatten() {
            if *x != '\n' {
                *x = ' ';
            }
        }
    };
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut i = 0;
    while i < c.len() {
        let ch = at(i);
        if ch == '/' && at(i + 1) == '/' {
            let end = (i..c.len()).find(|&k| at(k) == '\n').unwrap_or(c.len());
            blank(&mut out, i, end);
            i = end;
        } else if ch == '/' && at(i + 1) == '*' {
            let (mut depth, mut k) = (0usize, i);
            while k < c.len() {
                if at(k) == '/' && at(k + 1) == '*' {
                    depth += 1;
                    k += 2;
                } else if at(k) == '*' && at(k + 1) == '/' {
                    depth -= 1;
                    k += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    k += 1;
                }
            }
            blank(&mut out, i, k);
            i = k;
        } else if ch == 'r'
            && (at(i + 1) == '"' || at(i + 1) == '#')
            && !ident(at(i.wrapping_sub(1)))
        {
            let hashes = (i + 1..c.len()).take_while(|&k| at(k) == '#').count();
            if at(i + 1 + hashes) != '"' {
                i += 1;
                continue;
            }
            let mut k = i + 2 + hashes;
            while k < c.len() && !(at(k) == '"' && (1..=hashes).all(|h| at(k + h) == '#')) {
                k += 1;
            }
            blank(&mut out, i + 1, k + 1 + hashes);
            i = k + 1 + hashes;
        } else if ch == '"' {
            let mut k = i + 1;
            while k < c.len() && at(k) != '"' {
                k += if at(k) == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, k + 1);
            i = k + 1;
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                let end = (i + 3..c.len()).find(|&k| at(k) == '\'').unwrap_or(c.len());
                blank(&mut out, i, end + 1);
                i = end + 1;
            } else if at(i + 2) == '\'' {
                blank(&mut out, i, i + 3);
                i += 3;
            } else {
                i += 1;
            }
        } else if ident(ch) {
            // A whole word at once: an `r` inside one starts no raw string.
            while i < c.len() && ident(at(i)) {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// A token of the stripped text: a word, `::`, or one character.
#[derive(Debug, Clone, PartialEq)]
struct Token {
    text: String,
    line: usize,
    at: usize,
}

fn tokens(c: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Token {
                text: c[start..i].iter().collect(),
                line,
                at: start,
            });
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Token {
                text: "::".into(),
                line,
                at: i,
            });
            i += 2;
        } else {
            out.push(Token {
                text: ch.to_string(),
                line,
                at: i,
            });
            i += 1;
        }
    }
    out
}

/// The end (exclusive) of the item starting at token `i`: its `;` or its
/// block's closing brace, whichever comes first.
fn item_end(t: &[Token], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < t.len() {
        match t[i].text.as_str() {
            ";" if depth == 0 => return i + 1,
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    t.len()
}

/// The tokens outside `#[cfg(test)]` items, and the child modules those
/// items declare in files of their own (`#[cfg(test)] mod tests;`).
fn without_tests(t: Vec<Token>) -> (Vec<Token>, Vec<String>) {
    let is = |i: usize, s: &str| t.get(i).is_some_and(|x| x.text == s);
    let mut keep = Vec::new();
    let mut test_children = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let cfg_test = is(i, "#")
            && is(i + 1, "[")
            && is(i + 2, "cfg")
            && is(i + 3, "(")
            && is(i + 4, "test")
            && is(i + 5, ")")
            && is(i + 6, "]");
        if !cfg_test {
            keep.push(t[i].clone());
            i += 1;
            continue;
        }
        let mut k = i + 7;
        // Further attributes.
        while is(k, "#") && is(k + 1, "[") {
            let mut depth = 0usize;
            while k < t.len() {
                match t[k].text.as_str() {
                    "[" => depth += 1,
                    "]" => {
                        depth -= 1;
                        if depth == 0 {
                            k += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
        }
        let mut m = k;
        if is(m, "pub") {
            m += 1;
            if is(m, "(") {
                m = (m..t.len())
                    .find(|&x| is(x, ")"))
                    .map_or(t.len(), |x| x + 1);
            }
        }
        if is(m, "mod") && is(m + 2, ";") {
            test_children.push(t[m + 1].text.clone());
        }
        i = item_end(&t, k);
    }
    (keep, test_children)
}

/// A `use` tree read from token `i` (after `use`), each leaf as its
/// segments and line; returns the index after its `;`.
fn use_tree(
    t: &[Token],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, usize)>,
) -> usize {
    let mut path = prefix.to_vec();
    let mut line = t.get(i).map_or(0, |x| x.line);
    loop {
        let Some(tok) = t.get(i) else {
            return i;
        };
        match tok.text.as_str() {
            "::" => i += 1,
            "{" => {
                i += 1;
                loop {
                    match t.get(i).map(|x| x.text.as_str()) {
                        None => return i,
                        Some("}") => return i + 1,
                        Some(",") => i += 1,
                        Some(_) => i = use_tree(t, i, &path, out),
                    }
                }
            }
            "*" => {
                out.push((path, line));
                return i + 1;
            }
            "self" if !prefix.is_empty() => {
                // `{self, …}`: the module itself.
                line = tok.line;
                i += 1;
            }
            "as" => i += 2,
            "," | "}" | ";" => {
                out.push((path, line));
                return if tok.text == ";" { i + 1 } else { i };
            }
            word => {
                path.push(word.to_string());
                line = tok.line;
                i += 1;
            }
        }
    }
}

/// The module path of a source file (`src/rules/expansions/river.rs`:
/// `rules::expansions::river`; `src/lib.rs`: the root).
fn module_of(file: &str) -> Vec<String> {
    let rel = file.strip_prefix("src/").unwrap_or(file);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The top-level module of a file, as [`LAYERS`] names it.
fn top_of(file: &str) -> String {
    match file {
        "src/lib.rs" => "lib".into(),
        "src/main.rs" => "main".into(),
        _ => module_of(file).first().cloned().unwrap_or_default(),
    }
}

/// Every import of every file, by the module tree of `files`
/// (`(path, text)`, paths as `src/…`); the test files are left out.
fn imports(files: &[(String, String)]) -> BTreeMap<String, Vec<Import>> {
    let mut parsed = BTreeMap::new();
    let mut test_files = BTreeSet::new();
    for (file, text) in files {
        let (toks, children) = without_tests(tokens(&strip(text)));
        let module = module_of(file);
        for child in children {
            let mut m = module.clone();
            m.push(child);
            test_files.insert(m);
        }
        parsed.insert(file.clone(), (module, toks));
    }
    // Module path -> file, the test files apart.
    let mut tree: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for (file, (module, _)) in &parsed {
        let in_test = test_files.iter().any(|t| module.starts_with(t));
        if file != "src/main.rs" && !in_test {
            tree.insert(module.clone(), file.clone());
        }
    }
    let mut out = BTreeMap::new();
    for (file, (module, toks)) in &parsed {
        if tree.get(module) != Some(file) && file != "src/main.rs" {
            continue;
        }
        let mut paths: Vec<(Vec<String>, usize)> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if toks[i].text == "use" {
                i = use_tree(toks, i + 1, &[], &mut paths);
                continue;
            }
            let after_colons = i > 0 && toks[i - 1].text == "::";
            if !after_colons && toks.get(i + 1).is_some_and(|t| t.text == "::") {
                let mut path = vec![toks[i].text.clone()];
                let mut k = i + 1;
                while toks.get(k).is_some_and(|t| t.text == "::")
                    && toks.get(k + 1).is_some_and(|t| t.at == toks[k].at + 2)
                {
                    path.push(toks[k + 1].text.clone());
                    k += 2;
                }
                paths.push((path, toks[i].line));
                i = k;
                continue;
            }
            i += 1;
        }
        let mut found = Vec::new();
        for (path, line) in paths {
            let Some(first) = path.first() else {
                continue;
            };
            let (mut base, mut rest): (Vec<String>, &[String]) = match first.as_str() {
                "crate" if file != "src/main.rs" => (Vec::new(), &path[1..]),
                "carcref" if file == "src/main.rs" => (Vec::new(), &path[1..]),
                "self" => (module.clone(), &path[1..]),
                "super" => {
                    let ups = path.iter().take_while(|s| *s == "super").count();
                    let keep = module.len().saturating_sub(ups);
                    (module[..keep].to_vec(), &path[ups..])
                }
                _ => {
                    let mut child = module.clone();
                    child.push(first.clone());
                    if file == "src/main.rs" || !tree.contains_key(&child) {
                        continue;
                    }
                    (module.clone(), &path[..])
                }
            };
            while let Some(seg) = rest.first() {
                let mut next = base.clone();
                next.push(seg.clone());
                if !tree.contains_key(&next) {
                    break;
                }
                base = next;
                rest = &rest[1..];
            }
            let Some(target) = tree.get(&base) else {
                continue;
            };
            let name = rest
                .first()
                .or(base.last())
                .cloned()
                .unwrap_or_else(|| "crate".into());
            found.push(Import {
                line,
                text: path.join("::"),
                target: target.clone(),
                name,
            });
        }
        out.insert(file.clone(), found);
    }
    out
}

/// Whether `target` is the file of one of `file`'s parent modules, below the
/// crate root: what a module's face holds, which its files may use.
fn is_parent(file: &str, target: &str) -> bool {
    let (m, t) = (module_of(file), module_of(target));
    target != "src/lib.rs" && !t.is_empty() && t.len() < m.len() && m.starts_with(&t)
}

/// Runs the rule over `files` (`(path, text)`).
fn check(files: &[(String, String)]) -> Findings {
    let layer_of = |top: &str| LAYERS.iter().position(|(_, mods)| mods.contains(&top));
    let all = imports(files);
    let mut findings = Findings::default();
    let mut unplaced = BTreeSet::new();
    let mut used_exceptions = BTreeSet::new();
    // File -> file -> names.
    let mut graph: BTreeMap<&str, BTreeMap<&str, BTreeSet<&str>>> = BTreeMap::new();
    for (file, found) in &all {
        graph.entry(file.as_str()).or_default();
        let top = top_of(file);
        let Some(from) = layer_of(&top) else {
            unplaced.insert(format!("{top} ({file})"));
            continue;
        };
        for imp in found {
            if imp.target == *file || is_parent(file, &imp.target) {
                continue;
            }
            graph
                .entry(file.as_str())
                .or_default()
                .entry(imp.target.as_str())
                .or_default()
                .insert(imp.name.as_str());
            let target_top = top_of(&imp.target);
            let Some(to) = layer_of(&target_top) else {
                unplaced.insert(format!("{target_top} ({})", imp.target));
                continue;
            };
            if to <= from {
                continue;
            }
            if let Some(k) = EXCEPTIONS
                .iter()
                .position(|(f, m, _)| f == file && *m == target_top)
            {
                used_exceptions.insert(k);
                continue;
            }
            findings.upward.push(format!(
                "{file}:{}: `{}` imports {target_top} (layer {}, {}) from {top} (layer {}, {})",
                imp.line, imp.text, to, LAYERS[to].0, from, LAYERS[from].0
            ));
        }
    }
    findings.unplaced = unplaced.into_iter().collect();
    for (k, (f, m, why)) in EXCEPTIONS.iter().enumerate() {
        if !used_exceptions.contains(&k) {
            findings.stale.push(format!("{f} -> {m} ({why})"));
        }
    }
    for component in circles(&graph) {
        let mut text = format!("{} files: {}", component.len(), component.join(", "));
        for a in &component {
            for (b, names) in &graph[a] {
                if component.contains(b) {
                    let names: Vec<&str> = names.iter().copied().collect();
                    text.push_str(&format!("\n    {a} -> {b}: {}", names.join(", ")));
                }
            }
        }
        findings.circles.push(text);
    }
    findings
}

/// The strongly connected components of more than one file (Tarjan's
/// algorithm), each sorted, in a fixed order.
fn circles<'a>(
    graph: &BTreeMap<&'a str, BTreeMap<&'a str, BTreeSet<&'a str>>>,
) -> Vec<Vec<&'a str>> {
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<&'a str>>,
    }
    fn visit<'a>(
        v: &'a str,
        graph: &BTreeMap<&'a str, BTreeMap<&'a str, BTreeSet<&'a str>>>,
        s: &mut State<'a>,
    ) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for &w in graph.get(v).map(|m| m.keys()).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(w, graph, s);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort_unstable();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(v, graph, &mut s);
        }
    }
    s.out.sort();
    s.out
}

/// Every `.rs` file under `dir`, as `src/…` paths with their text.
fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            read_tree(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).unwrap_or(&p);
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{rel}: {e}"));
            out.push((rel, text));
        }
    }
}

#[test]
fn imports_run_down_the_layers_without_circles() {
    assert!(
        EXCEPTIONS.len() <= 2,
        "at most two imports may run up a layer"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    read_tree(root, &root.join("src"), &mut files);
    assert!(files.len() > 50, "the sources were not found");
    let findings = check(&files);
    assert!(
        findings.is_empty(),
        "the layers of src/ do not hold:\n{findings}"
    );
}

fn fake(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

#[test]
fn the_checker_finds_an_upward_import_and_a_circle() {
    let files = fake(&[
        (
            "src/lib.rs",
            "pub mod rules;\npub mod render;\npub mod tiles;\n",
        ),
        (
            "src/tiles.rs",
            "//! Uses `crate::render` in a comment only.\n\
             /// `crate::render::x` in a doc comment.\n\
             pub fn f() -> &'static str { \"crate::render::y\" }\n\
             #[cfg(test)]\nmod tests {\n    use crate::render::z;\n}\n",
        ),
        (
            "src/rules/mod.rs",
            "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\npub struct Game;\n",
        ),
        (
            "src/rules/a.rs",
            "use super::b::{Beta, gamma::{self, Delta}};\nuse crate::rules::Game;\n",
        ),
        (
            "src/rules/b.rs",
            "pub struct Beta;\npub fn g() { let _ = super::a::alpha(); }\n\
             fn h() -> u8 { crate::render::paint(1) }\n",
        ),
        ("src/rules/tests.rs", "use crate::render::everything;\n"),
        (
            "src/render.rs",
            "use crate::rules::Game;\npub fn paint(x: u8) -> u8 { x }\n",
        ),
    ]);
    let findings = check(&files);
    assert_eq!(findings.upward.len(), 1, "{findings}");
    let up = &findings.upward[0];
    assert!(
        up.starts_with("src/rules/b.rs:3: `crate::render::paint` imports render"),
        "{up}"
    );
    assert!(up.contains("from rules"), "{up}");
    assert_eq!(findings.circles.len(), 1, "{findings}");
    let circle = &findings.circles[0];
    assert!(
        circle.starts_with("2 files: src/rules/a.rs, src/rules/b.rs"),
        "{circle}"
    );
    assert!(
        circle.contains("src/rules/a.rs -> src/rules/b.rs: Beta, gamma"),
        "{circle}"
    );
    assert!(
        circle.contains("src/rules/b.rs -> src/rules/a.rs: alpha"),
        "{circle}"
    );
    assert!(
        findings.unplaced.is_empty() && findings.stale.is_empty(),
        "{findings}"
    );
}

#[test]
fn a_module_in_no_layer_is_named() {
    let files = fake(&[
        ("src/lib.rs", "pub mod attic;\n"),
        ("src/attic.rs", "pub fn f() {}\n"),
    ]);
    let findings = check(&files);
    assert_eq!(findings.unplaced, ["attic (src/attic.rs)"], "{findings}");
}

#[test]
fn grouped_uses_and_literals_are_read_as_written() {
    let text = "use crate::{a::{b, c::D}, e};\nfn f() { let _ = 'x'; let _ = '\\''; \
                let _ = r#\"crate::zz\"#; crate::g::h(); }\n";
    let toks = tokens(&strip(text));
    let mut out = Vec::new();
    let next = use_tree(&toks, 1, &[], &mut out);
    let leaves: Vec<String> = out.iter().map(|(p, _)| p.join("::")).collect();
    assert_eq!(leaves, ["crate::a::b", "crate::a::c::D", "crate::e"]);
    let rest: String = toks[next..].iter().map(|t| t.text.as_str()).collect();
    assert!(!rest.contains("zz"), "{rest}");
    assert!(rest.contains("crate::g::h"), "{rest}");
}
