use super::*;
use crate::notation::lex::*;
use crate::tiles::{Half, Rotation, Side, Spot};

#[test]
fn byte_classes_follow_the_grammar() {
    for c in 0..=u8::MAX {
        let k = class(c);
        let ch = char::from(c);
        if c.is_ascii() {
            assert_eq!(k & NAME != 0, is_name_char(ch), "{c}");
            assert_eq!(k & WIDE_NAME != 0, k & NAME != 0, "{c}");
        } else {
            assert_eq!(k & (NAME | WIDE_NAME), WIDE_NAME, "{c}");
        }
        assert_eq!(k & ALNUM != 0, c.is_ascii_alphanumeric(), "{c}");
        assert_eq!(k & FIGURE != 0, c.is_ascii_lowercase() || c == b'-', "{c}");
        assert_eq!(
            k & TAG_NAME != 0,
            c.is_ascii_alphanumeric() || c == b'_',
            "{c}"
        );
    }
}

/// The rotation token at the start of `b`, read a byte at a time as the
/// grammar writes it: what [`rotation_head`] reads as a word.
fn rotation_by_bytes(b: &[u8]) -> Option<(Rotation, usize)> {
    Some(match b {
        [b' ', b'r', b'0', ..] => (Rotation::R0, 3),
        [b' ', b'r', b'9', b'0', ..] => (Rotation::R90, 4),
        [b' ', b'r', b'1', b'8', b'0', ..] => (Rotation::R180, 5),
        [b' ', b'r', b'2', b'7', b'0', ..] => (Rotation::R270, 5),
        _ => return None,
    })
}

/// The spot at the start of `b`, read a byte at a time as the grammar
/// writes it: what [`spot_head`] reads by table.
fn spot_by_bytes(b: &[u8]) -> Option<(Spot, usize)> {
    let half = Half::NAMES
        .iter()
        .position(|name| b.starts_with(name.as_bytes()));
    if let Some(i) = half {
        return Some((Spot::Half(Half::from_index(i)), 3));
    }
    Some(match b.first()? {
        b'N' => (Spot::Edge(Side::North), 1),
        b'E' => (Spot::Edge(Side::East), 1),
        b'S' => (Spot::Edge(Side::South), 1),
        b'W' => (Spot::Edge(Side::West), 1),
        b'C' => (Spot::Centre, 1),
        _ => return None,
    })
}

/// Holds a reader by table to its byte-by-byte reference on every text,
/// and counts the tokens read: from a whole word (at least `word` bytes of
/// text) and from the end of the text.
fn read_alike<T: PartialEq + std::fmt::Debug>(
    texts: impl Iterator<Item = String>,
    word: usize,
    by_table: impl Fn(&[u8]) -> Option<T>,
    by_bytes: impl Fn(&[u8]) -> Option<T>,
) -> (usize, usize) {
    let (mut whole, mut short) = (0, 0);
    for text in texts {
        let b = text.as_bytes();
        let expected = by_bytes(b);
        let read = usize::from(expected.is_some());
        assert_eq!(by_table(b), expected, "{text:?}");
        if b.len() >= word {
            whole += read;
        } else {
            short += read;
        }
    }
    (whole, short)
}

#[test]
fn rotations_read_as_words_read_as_bytes() {
    let tokens = [
        " r0", " r90", " r180", " r270", " r1", " r18", " r27", " r9", " r91", " r18O", " r2700",
        " r00", " R90", "  r90", " r", "", " r3", " r8", " r-0", " r\u{e9}",
    ];
    let texts = tokens
        .iter()
        .flat_map(|token| ["", " +N", "\n", "        "].map(|tail| format!("{token}{tail}")));
    let (whole, short) = read_alike(texts, 8, rotation_head, rotation_by_bytes);
    assert!(whole >= 4 && short >= 4, "{whole} {short}");
    for (text, rotation, len) in [
        (" r0 +N   ", Rotation::R0, 3),
        (" r90\n    ", Rotation::R90, 4),
        (" r180    ", Rotation::R180, 5),
        (" r270 =A+", Rotation::R270, 5),
    ] {
        assert_eq!(rotation_head(text.as_bytes()), Some((rotation, len)));
    }
}

#[test]
fn spots_read_as_words_read_as_bytes() {
    let names = [
        "N", "E", "S", "W", "C", "NN", "NE", "EN", "SW", "WW", "X", "", "n", "NNN",
    ];
    let texts = names.into_iter().chain(Half::NAMES).flat_map(|name| {
        ["", " ", "\n", " =A+1", "W", "\u{e9}", "NW "].map(|tail| format!("{name}{tail}"))
    });
    let (whole, short) = read_alike(texts, 4, spot_head, spot_by_bytes);
    assert!(whole > 13 && short > 13, "{whole} {short}");
    // Every byte after a side's letter, and every three letters.
    for c in 0..=u8::MAX {
        for first in *b"NESWCX" {
            let b = [first, c, b' ', b' '];
            assert_eq!(spot_head(&b), spot_by_bytes(&b), "{b:?}");
        }
    }
    for w in 0..(1u32 << 24) / 4099 {
        let b = (w * 4099).to_le_bytes();
        assert_eq!(spot_head(&b), spot_by_bytes(&b), "{b:?}");
    }
}

#[test]
fn spots_are_read_by_name() {
    let names = ["N", "E", "S", "W", "C"].into_iter().chain(Half::NAMES);
    for name in names {
        let expected = name.parse::<Spot>().unwrap();
        for (text, rest) in [(name.to_string(), ""), (format!("{name} =A+1"), " =A+1")] {
            assert_eq!(spot(&text), Some((expected, rest)), "{text}");
        }
    }
    for text in ["", "n", "X", "NN", "NNWW", "CC", "N:", "Nx", "N1", "ENEN"] {
        assert_eq!(spot(text), None, "{text}");
    }
}

#[test]
fn a_value_ends_at_its_first_quote_backslash_or_line_feed() {
    let texts: [&[u8]; 10] = [
        b"",
        b"\"",
        b"abc",
        b"abcdefg\"",
        b"abcdefgh\"",
        b"abcdefghijklmnopq\\\"",
        b"Ann (red), Bob (blue)\"]\n",
        b"\xff\x80\x01\x00\x7f\x22\x0a",
        b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x0a",
        b"no end to it at all",
    ];
    for text in texts {
        let naive = text.iter().position(|c| matches!(c, b'"' | b'\\' | b'\n'));
        assert_eq!(value_end(text), naive, "{text:?}");
    }
}

#[test]
fn numbers_up_to_u32_max() {
    assert_eq!(digits("0"), Some((0, "")));
    assert_eq!(digits("123456789,"), Some((123456789, ",")));
    assert_eq!(digits("4294967295 "), Some((u32::MAX, " ")));
    assert_eq!(digits("00000000004294967295"), Some((u32::MAX, "")));
    assert_eq!(digits("4294967296"), None);
    assert_eq!(digits("99999999999"), None);
    assert_eq!(digits("-1"), None);
    assert_eq!(digits(""), None);
    assert_eq!(coordinate("-2147483648 "), Some((i32::MIN, " ")));
    assert_eq!(coordinate("2147483647,"), Some((i32::MAX, ",")));
    assert_eq!(coordinate("-0"), Some((0, "")));
    assert_eq!(coordinate("2147483648"), None);
    assert_eq!(coordinate("-2147483649"), None);
    assert_eq!(coordinate("-"), None);
}

/// What [`read_game`] reads, worked out line by line: each line split off
/// at its line feed, less one carriage return, and read alone.
fn read_by_lines<'a>(text: &'a str, base: usize, game: &mut QuickGame<'a>) -> bool {
    let mut from = 0;
    while from < text.len() {
        let end = text[from..].find('\n').map_or(text.len(), |k| from + k);
        let raw = &text[from..end];
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        match line.as_bytes().first() {
            None => {}
            Some(b'[') if game.turns.is_empty() => match scan_tag(line, base + from) {
                Some(t) => game.tags.push(t),
                None => return false,
            },
            Some(b'0'..=b'9') => {
                let first = game.claims.len();
                match scan_turn(line, &mut game.claims) {
                    Some((input, _)) => game.turns.push((input, first..game.claims.len())),
                    None => return false,
                }
            }
            Some(_) => return false,
        }
        from = end + 1;
    }
    !(game.tags.is_empty() && game.turns.is_empty())
}

#[test]
fn a_game_is_read_as_its_lines() {
    let lines = [
        "[Event \"Club night\"]",
        "[Players \"Ann (red), Zoë (blue)\"]",
        "[Site \"a\rb\"]",
        "",
        "1. Ann V 1,0 r90",
        "2. Zoë E 1,-1 r270 +big:NNE =Zoë+4/4",
        "3. Ann X discard =Ann+0 =Zoë+0/4",
        "4. Zoë L -1,0 r180 +C",
        "5. Ann V 1,0 r90 +N",
    ];
    let ends = ["\n", "\r\n", "\n\n", "\r\n\r\n", "\n\r\n"];
    // Not the ends of lines in the common form.
    let odd_ends = ["\r\r\n", "\r", " \n", "\t\n", "\n \n"];
    let mut rng = crate::notation::mix::Mix::new(9);
    let mut texts = Vec::new();
    for _ in 0..2000 {
        let mut text = String::new();
        for (i, l) in lines.iter().enumerate() {
            if rng.below(12) == 0 {
                continue;
            }
            let mut l = l.to_string();
            if rng.below(40) == 0 && !l.is_empty() {
                // A stray byte within the line.
                let mut at = rng.below(l.len());
                while !l.is_char_boundary(at) {
                    at -= 1;
                }
                l.insert(at, ['\r', '\n', ' ', '+', '=', 'x', '9'][rng.below(7)]);
            }
            text.push_str(&l);
            if i + 1 < lines.len() || rng.below(2) == 0 {
                text.push_str(if rng.below(30) == 0 {
                    odd_ends[rng.below(odd_ends.len())]
                } else {
                    ends[rng.below(ends.len())]
                });
            }
        }
        texts.push(text);
    }
    texts.extend(
        [
            "",
            "\n",
            "\r\n",
            "\r",
            "1. Ann V 1,0 r90\r",
            "[A \"x\"]\r\r",
        ]
        .map(String::from),
    );
    let mut read = 0;
    for text in &texts {
        let (mut quick, mut by_lines) = (QuickGame::default(), QuickGame::default());
        let ok = read_game(text, 5, &mut quick);
        assert_eq!(ok, read_by_lines(text, 5, &mut by_lines), "{text:?}");
        if !ok {
            continue;
        }
        assert_eq!(
            format!("{:?}", quick.tags),
            format!("{:?}", by_lines.tags),
            "{text:?}"
        );
        assert_eq!(quick.turns, by_lines.turns, "{text:?}");
        assert_eq!(quick.claims, by_lines.claims, "{text:?}");
        read += usize::from(ok);
    }
    // Most are read; the others give up where the line-by-line reading does.
    assert!(read > texts.len() / 2, "{read}");
}

/// All the steps left.
fn rest_of<'a>(steps: &mut Steps<'a>) -> Vec<Option<Step<'a>>> {
    let mut out = Vec::new();
    loop {
        let step = steps.next_step();
        out.push(step);
        if matches!(step, None | Some(Step::End)) {
            return out;
        }
    }
}

/// The events of a turn (`@name[:args]`) are read as steps between its
/// figure and its claims, and only on a turn that placed its tile, as
/// the grammar reads them.
#[test]
fn events_are_read_between_the_figure_and_the_claims() {
    let read = |text: &'static str| {
        let mut steps = Steps::new(text);
        steps.turns = true;
        rest_of(&mut steps)
    };
    let steps = read("7. Ann TB13 2,3 r0 +N @goods:wine+1,grain+2 @time:9 =Bob+10/24\n");
    let events: Vec<EventScan<'_>> = steps
        .iter()
        .filter_map(|s| match s {
            Some(Step::Event(e)) => Some(*e),
            _ => None,
        })
        .collect();
    assert_eq!(
        events,
        [
            EventScan {
                name: "goods",
                args: Some("wine+1,grain+2"),
            },
            EventScan {
                name: "time",
                args: Some("9"),
            },
        ]
    );
    assert_eq!(steps.len(), 5, "{steps:?}");
    assert!(matches!(steps[3], Some(Step::Claim(_))), "{steps:?}");
    assert_eq!(steps.last(), Some(&Some(Step::End)));
    // After a claim, after a discard, or not ending its token: the
    // grammar's (which finds each a fault).
    for text in [
        "7. Ann V 1,0 r0 =Bob+1 @goods:wine+1\n",
        "7. Ann V discard @goods:wine+1\n",
        "7. Ann V 1,0 r0 @goods:wine+1(\n",
        "7. Ann V 1,0 r0 @Goods\n",
    ] {
        assert_eq!(read(text).last(), Some(&None), "{text:?}");
    }
}

/// [`Steps::next_turn`] reads a line as [`Steps::next_step`] does, or
/// leaves it to it.
#[test]
fn a_turn_looked_for_is_read_as_a_step() {
    let numbers = ["1", "7", "22", "022", "999", "1000", "4294967295", ""];
    let names = [
        "Ann",
        "Bob",
        "Zoë",
        "Christopher_Lee",
        "Christopher_Leo",
        "A",
        "Ann-Marie",
    ];
    let tiles = ["V", "RA", "X1", "v", "ABCD", "ABCDE", "Ä", ""];
    let actions = [
        "1,0 r90",
        "-3,2 r270",
        "-13,-120 r180",
        "1234,0 r0",
        "0,-1000 r0",
        "discard",
        "0,-0 r0",
        "1,2 r45",
        "1,2 r900",
        "1, 2 r0",
        "--1,2 r0",
        "1,2 r0x",
        "1,2",
    ];
    let figures = [
        "",
        " +N",
        " +NNE",
        " +big:SSW",
        " +C",
        " +farmer:",
        " +x:N",
        " +NN",
        " +",
        " +abbey-and-mayor:WNW",
        " +abbey-and-mayors:WNW",
        " +N:",
        " + N",
    ];
    let ends = [
        "\n",
        "\r\n",
        "",
        "\r",
        "\r\r\n",
        " =Ann+4",
        " =Ann+4/9\n",
        " \n",
        "x\n",
        " =",
        "\t\n",
        " @goods:wine+1\n",
        " @goods:wine+1,cloth+2 =Ann+4/9\n",
        " @time:12 @goods:grain+1 =Ann+4",
        " =Ann+4 @goods:wine+1",
        " @ =Ann+4",
        " @goods:wine+1x\n",
        " @goods: =Ann+4",
    ];
    let after = ["", "\n3. Ann V 1,0 r0\n", "\n\n[Event \"x\"]\n"];
    let filler = "\n4. Bob V 1,0 r0 +N".repeat(5);
    let mut rng = crate::notation::mix::Mix::new(11);
    let mut read = 0;
    for _ in 0..40_000 {
        // The first two of each are in the form looked for.
        let mut pick = |xs: &[&'static str]| {
            let n = if rng.below(2) == 0 { 2 } else { xs.len() };
            xs[rng.below(n)]
        };
        let number = pick(&numbers);
        let name = pick(&names);
        let line = format!(
            "{number}. {name} {} {}{}{}{}",
            pick(&tiles),
            pick(&actions),
            pick(&figures),
            pick(&ends),
            pick(&after),
        );
        let long = rng.below(2) == 0;
        let text = if long {
            format!("{line}{filler}")
        } else {
            line
        };
        let expected = if rng.below(4) == 0 {
            rng.below(1200) as u32
        } else {
            number.parse().unwrap_or(1)
        };
        let seat = SeatName::new(if rng.below(4) == 0 {
            names[rng.below(names.len())]
        } else {
            name
        });
        // A turn has been read: no tag pair follows.
        let mut quick = Steps::new(&text);
        quick.turns = true;
        let mut full = quick.clone();
        match quick.next_turn(expected, &seat) {
            Some(turn) => {
                read += 1;
                assert_eq!(full.next_step(), Some(Step::Turn(turn)), "{text:?}");
                assert_eq!((turn.number, turn.player), (expected, name), "{text:?}");
            }
            None => assert_eq!(quick.rest, full.rest, "{text:?}"),
        }
        assert_eq!(rest_of(&mut quick), rest_of(&mut full), "{text:?}");
    }
    assert!(read > 4000, "{read}");
}

/// [`place_at`] reads the place [`Place::from_word`] reads from the
/// letters and digits at the start of a text.
#[test]
fn places_are_read_as_their_words() {
    let letters = ["", "N", "E", "S", "W", "C", "T", "X", "n", "1", "é"];
    for a in letters {
        for b in letters {
            for c in letters {
                for d in ["", "N", "W"] {
                    let word = format!("{a}{b}{c}{d}");
                    let k = run(word.as_bytes(), ALNUM);
                    let expected = Place::from_word(&word[..k]);
                    for tail in ["", " ", "/", "\n"] {
                        let text = format!("{word}{tail}");
                        let read = place_at(&text).map(|(p, _)| p);
                        assert_eq!(read, expected, "{text:?}");
                    }
                }
            }
        }
    }
}

/// The marks of a loss hold its name, points and total wherever it is
/// on its line.
#[test]
fn a_loss_is_marked_where_it_is() {
    let line = "7. Ann V 1,0 r0 +N =Jean-Luc-3/40 =Ann-12 =Bob+1";
    let mut tail = TurnTail::default();
    assert!(scan_turn_v2(line, &mut tail).is_some());
    let texts: Vec<[&str; 4]> = tail
        .claims
        .iter()
        .map(|c| c.claim.marks.map(|(a, b)| &line[a..b]))
        .collect();
    assert_eq!(
        texts,
        [
            ["=Jean-Luc-3/40", "Jean-Luc", "3", "40"],
            ["=Ann-12", "Ann", "12", ""],
            ["=Bob+1", "Bob", "1", ""],
        ]
    );
}

/// A tail emptied for another text keeps its lists' room and holds
/// nothing; it reads the next line as a new tail does.
#[test]
fn an_emptied_tail_keeps_its_room() {
    let line = String::from("7. Ann V 1,0 r0 +N dragon:N dragon:E @goods:wine =Ann+4 =Bob+1");
    let mut tail = TurnTail::default();
    assert!(scan_turn_v2(&line, &mut tail).is_some());
    let rooms = (
        tail.steps.capacity(),
        tail.events.capacity(),
        tail.claims.capacity(),
    );
    assert!(rooms.0 >= 2 && rooms.1 >= 1 && rooms.2 >= 2, "{rooms:?}");
    let other = String::from("8. Bob V 2,0 r0 dragon:S =Bob+2");
    let mut reused: TurnTail<'_> = tail.emptied();
    assert!(reused.steps.is_empty() && reused.events.is_empty() && reused.claims.is_empty());
    assert_eq!(
        (
            reused.steps.capacity(),
            reused.events.capacity(),
            reused.claims.capacity()
        ),
        rooms
    );
    let mut fresh = TurnTail::default();
    assert_eq!(
        scan_turn_v2(&other, &mut reused).map(|t| t.tile),
        scan_turn_v2(&other, &mut fresh).map(|t| t.tile)
    );
    assert_eq!(reused.steps, fresh.steps);
    assert_eq!(reused.claims.len(), fresh.claims.len());
}

/// [`Steps::next_turn_v2`] reads a line as [`Steps::next_turn`] does or,
/// where actions follow, as [`Steps::next_line`] and [`scan_turn_v2`]
/// do, with the same actions (spans too) and claims; or leaves it to
/// them.
#[test]
fn a_turn_due_with_actions_is_read_as_its_line() {
    let heads = [
        "7. Ann V 1,0 r90",
        "7. Ann GO7 -1,-12 r180",
        "7. Bob V 1,0 r90",
        "7. Ann V 1234,0 r0",
        "7. Ann ABCDE 1,0 r0",
        "07. Ann V 1,0 r0",
        "7. Ann V discard",
        "7. Ann V aside",
        "7. Zoë V 1,0 r0",
    ];
    let figures = [
        "",
        " +N",
        " +NNE",
        " +big:SSW",
        " +T",
        " +NS",
        " +1,2/N",
        " +abbey-and-mayors:WNW",
        " +NNEX",
        " +",
    ];
    let actions = [
        "",
        " gold:-1,0",
        " ferry:NS",
        " ferry:0,4/SW",
        " ferry:WE",
        " fly:2 +N",
        " magic:mage/2,3 N",
        " mage:0,2/S +W",
        " witch:2,0/S",
        " circle:add remove:E(Bob)",
        " remove:0,1/W(Ann) remove:-3,3/S(Bob)",
        " ingot:1,2",
        " +C",
        " +T",
        " gold:1,2 +NNE ferry:2,-6/EW",
        " gold:",
        " gold:1,2x",
        "  ferry:NS",
        " Ferry:NS",
        " take:follower(Bob)",
        " ransom:-",
        " x:1,2/NE",
        " robber:Bob",
        " robber:Ann(Bob)",
        " robber:N",
        " robber:Bob:x",
        " robber:Béa",
        " robber:Bob.Jr/2",
        " robber:r0",
        " robber:0(Bob)",
        " robber:-",
        " robber:A:B(Ann)",
        " rob:a.b(Bob)",
        " rob:7",
        " robber:\"Ann Lee\"(Bob)",
        " robber:\"\"",
        " robber:Bob\"",
        " take:\"Ann Lee\"",
        " take:\"0\"",
    ];
    let events = [
        "",
        " @goods:wine+1",
        " @goods:cloth+1,grain+2 @time:0:35",
        " @time:12",
        " @",
        " @Goods",
        " @goods:",
        " @goods:wine+1(",
        " @goods: =Ann+1",
    ];
    let claims = [
        "",
        " =Bob+2/2",
        " =Ann-3",
        " =Jean-Luc-3/40",
        " =Ann+4 =Bob+1",
        " =",
        " =Ann+x",
        " =Ann(marker)+3",
        " =Ann+3/53@3",
        " =Ann-3@47",
        " =Jean-Luc(messenger)-3/40@40",
        " =Ann+3@50",
    ];
    let ends = ["\n", "\r\n", "", "\r", "\r\r\n", " \n", "x\n", "\t\n"];
    let after = ["", "\n8. Bob V 1,0 r0\n", "\n\n9. Ann V 1,0 r0 gold:1,2\n"];
    let mut rng = crate::notation::mix::Mix::new(12);
    let (mut plain, mut with_actions) = (0, 0);
    for _ in 0..60_000 {
        let (mut tail, mut scanned) = (TurnTail::default(), TurnTail::default());
        // The first two of each are in the form looked for.
        let mut pick = |xs: &[&'static str]| {
            let n = if rng.below(2) == 0 { 2 } else { xs.len() };
            xs[rng.below(n)]
        };
        let text = format!(
            "{}{}{}{}{}{}{}",
            pick(&heads),
            pick(&figures),
            pick(&actions),
            pick(&events),
            pick(&claims),
            pick(&ends),
            pick(&after),
        );
        let seat = SeatName::new(if rng.below(4) == 0 { "Bob" } else { "Ann" });
        let mut quick = Steps::new(&text);
        quick.turns = true;
        let mut full = quick.clone();
        let due = quick.next_turn_v2(7, &seat, &mut tail);
        let turn = full.next_turn(7, &seat);
        match due {
            Some(DueTurn::Plain(t)) => {
                plain += 1;
                assert_eq!(Some(t), turn, "{text:?}");
            }
            Some(DueTurn::Actions(t)) => {
                with_actions += 1;
                assert_eq!(turn, None, "{text:?}");
                let line = full.next_line().unwrap();
                let read = scan_turn_v2(line, &mut scanned);
                assert_eq!(read, Some(t), "{text:?}");
                assert_eq!(format!("{tail:?}"), format!("{scanned:?}"), "{text:?}");
            }
            None => assert_eq!(turn, None, "{text:?}"),
        }
        assert_eq!(quick.rest, full.rest, "{text:?}");
        assert_eq!(quick.turn_line, full.turn_line, "{text:?}");
    }
    assert!(
        plain > 1200 && with_actions > 5000,
        "{plain} {with_actions}"
    );
}

/// A turn whose first action puts a figure elsewhere than on a spot of
/// its tile (the fairy beside a follower, a tower piece, a figure on a
/// tower) is read by the turn-due reader, that figure its first action,
/// as the line reader reads it: not given up and read again.
#[test]
fn a_figure_off_the_tiles_spots_is_the_first_action_of_a_turn_due() {
    let seat = SeatName::new("Ann");
    for text in [
        "7. Ann V 1,0 r90 +fairy:1,6\n",
        "7. Ann TW4 -2,1 r270 +tower:0,2/T =Ann+1\n",
        "7. Ann V 1,0 r90 +1,2/T @goods:wine+1\n",
        "7. Ann GO7 -1,-12 r180 +big:0,2/T gold:1,2 =Ann+4/9\n8. Bob V 1,0 r0\n",
    ] {
        let (mut tail, mut scanned) = (TurnTail::default(), TurnTail::default());
        let mut quick = Steps::new(text);
        quick.turns = true;
        let Some(DueTurn::Actions(turn)) = quick.next_turn_v2(7, &seat, &mut tail) else {
            panic!("not read as the turn due: {text:?}");
        };
        assert_eq!(turn.figure, None, "{text:?}");
        assert!(
            matches!(tail.steps.first(), Some(StepToken::Figure { .. })),
            "{text:?}"
        );
        let line = text.lines().next().unwrap();
        assert_eq!(scan_turn_v2(line, &mut scanned), Some(turn), "{text:?}");
        assert_eq!(format!("{tail:?}"), format!("{scanned:?}"), "{text:?}");
        assert_eq!(quick.rest, text.get(line.len() + 1..).unwrap(), "{text:?}");
    }
}

/// [`Steps::next_tag`] reads the tag pairs [`Steps::next_step`] reads, and
/// leaves the rest to it.
#[test]
fn a_tag_looked_for_is_read_as_a_step() {
    let lines = [
        "[Event \"x\"]",
        "[Players \"Ann, Bob\"]",
        "[Bad \"a\\\"b\"]",
        "[x \"y\"]",
        "[Site \"a\"] ",
        "[9 \"a\"]",
        "",
        "1. Ann V 1,0 r90",
        "junk",
    ];
    let ends = ["\n", "\r\n", "\r", ""];
    let mut rng = crate::notation::mix::Mix::new(5);
    for _ in 0..5000 {
        let mut text = String::new();
        for _ in 0..rng.below(7) {
            text.push_str(lines[rng.below(lines.len())]);
            text.push_str(ends[rng.below(ends.len())]);
        }
        let mut quick = Steps::new(&text);
        let mut full = quick.clone();
        let mut tags = Vec::new();
        while let Some(tag) = quick.next_tag() {
            tags.push(tag);
        }
        let mut steps = rest_of(&mut full);
        let read: Vec<(&str, &str)> = steps
            .iter()
            .map_while(|s| match s {
                Some(Step::Tag { name, value, .. }) => Some((*name, *value)),
                _ => None,
            })
            .collect();
        assert_eq!(tags, read, "{text:?}");
        steps.drain(..read.len());
        assert_eq!(rest_of(&mut quick), steps, "{text:?}");
    }
}

/// An act's argument of one letter read by its byte reads as the argument
/// read byte by byte does: every capital, `T`, `C` and the sides among them,
/// before every ASCII byte, a byte that is not ASCII, or the end.
#[test]
fn an_argument_of_one_letter_reads_as_any_argument() {
    let mut nexts: Vec<String> = (0u8..128).map(|c| char::from(c).to_string()).collect();
    nexts.extend(["", "é", "(Cat)", ":2,0", "/N", ",1", "W", "1,2"].map(String::from));
    for letter in 'A'..='Z' {
        for next in &nexts {
            let text = format!("{letter}{next}");
            let at = act_arg_at(&text).map(|(arg, rest)| (arg, rest.len()));
            let read = act_arg_read(&text).map(|(arg, rest)| (arg, rest.len()));
            assert_eq!(at, read, "{text:?}");
        }
    }
}

#[test]
fn an_acts_verb_is_read_as_its_word_names_it() {
    let words = [
        "message",
        "choose",
        "score",
        "circle",
        "add",
        "remove",
        "pass",
        "capture",
        "exchange",
        "ransom",
        "dragon",
        "princess",
        "gold",
        "ingot",
        "fly",
        "robber",
        "rob",
        "ferry",
        "mage",
        "witch",
        "a",
        "ad",
        "adds",
        "ro",
        "robbe",
        "robbers",
        "dragons",
        "exchanges",
        "tower",
        "princesses",
        "fairy",
        "dragon-",
    ];
    for word in words {
        // Where the text ends within eight bytes of the word's start, and
        // where it goes on, with an argument or a player or neither.
        for text in [
            word.to_string(),
            format!("{word} x"),
            format!("{word}:W"),
            format!("{word}(Cat) =Cat+1"),
            format!("{word}:Cat\nmore text"),
        ] {
            let Some((StepToken::Act(act), _)) = step_at(&text) else {
                panic!("{text:?}");
            };
            assert_eq!(act.word, word, "{text:?}");
            assert_eq!(act.verb, Verb::of(word), "{text:?}");
            if text.contains(":Cat") {
                assert_eq!(act.arg, Some(ArgToken::Player("Cat")), "{text:?}");
            }
        }
        // `N` is a player's name only after a verb that names a player.
        let text = format!("{word}:N");
        let (StepToken::Act(act), _) = step_at(&text).unwrap() else {
            panic!("{word}");
        };
        let n = if matches!(word, "robber" | "rob") {
            ArgToken::Player("N")
        } else {
            ArgToken::At {
                figure: None,
                target: TargetToken {
                    pos: None,
                    place: Place::from_letter(b'N'),
                },
            }
        };
        assert_eq!(act.arg, Some(n), "{word}");
    }
}
