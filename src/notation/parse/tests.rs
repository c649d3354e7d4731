use super::*;

fn line(text: &str) -> Line<'_> {
    Line {
        text,
        base: 0,
        v1: false,
    }
}

#[test]
fn tag_pair_with_escapes() {
    let l = line(r#"[Event "The \"Big\" One"]"#);
    let (_, t) = l.tag_pair(l.text).unwrap();
    assert_eq!(t.name.value, "Event");
    assert_eq!(t.value.value, r#"The "Big" One"#);
    assert_eq!(t.value.span, Span::new(7, 24));
}

#[test]
fn turn_with_everything() {
    let l = line("12. Alice V -1,3 r270 +SSW =Alice+3/40 =Bob+4 { nice }");
    let (rest, t) = l.turn(l.text).unwrap();
    assert_eq!(rest, "");
    assert_eq!(t.number.value, 12);
    assert_eq!(t.player.value, "Alice");
    assert_eq!(t.tile.value, "V");
    match &t.action.value {
        ActionRecord::Place { pos, rotation } => {
            assert_eq!(pos.value, Pos::new(-1, 3));
            assert_eq!(pos.span, Span::new(12, 16));
            assert_eq!(rotation.value, Rotation::R270);
        }
        ActionRecord::Discard | ActionRecord::Aside => panic!("not a placement"),
    }
    let f = t.follower.unwrap();
    assert_eq!(f.spot.value, "SSW".parse::<Spot>().unwrap());
    assert_eq!(t.claims.len(), 2);
    assert_eq!(t.claims[0].total.as_ref().unwrap().value, 40);
    assert_eq!(t.comment.unwrap().value.text, "nice");
}

#[test]
fn version_2_steps_in_order() {
    let src = "[CGN \"2\"]\n14. Ann TW3 2,1 r90 +tower:T capture:-1,1/N(Bob) dragon:E ransom:big(\"Bob Smith\") die:3 land:- +big:3,-1/C =Ann-3 =Jean-Luc-2/40\n15. Ann PD4 aside\n";
    let parsed = read(src);
    assert!(parsed[0].errors.is_empty(), "{:?}", parsed[0].errors);
    let turns = &parsed[0].record.turns;
    let t = &turns[0];
    assert!(t.follower.is_none());
    let written: Vec<String> = t.steps.iter().map(super::super::write::step).collect();
    assert_eq!(
        written,
        [
            "+tower:T",
            "capture:-1,1/N(Bob)",
            "dragon:E",
            "ransom:big(\"Bob Smith\")",
            "die:3",
            "land:-",
            "+big:3,-1/C"
        ]
    );
    match &t.steps[1] {
        StepRecord::Act(a) => {
            assert_eq!(a.verb.value, "capture");
            assert_eq!(a.player.as_ref().unwrap().value, "Bob");
            assert_eq!(&src[a.span.start..a.span.end], "capture:-1,1/N(Bob)");
        }
        StepRecord::Figure(_) => panic!("an act"),
    }
    assert_eq!(t.claims[0].net(), -3);
    assert_eq!(t.claims[1].player.value, "Jean-Luc");
    assert_eq!(t.claims[1].net(), -2);
    assert_eq!(t.claims[1].total.as_ref().unwrap().value, 40);
    assert_eq!(turns[1].action.value, ActionRecord::Aside);
    assert!(turns.iter().all(TurnRecord::needs_version_2));
    // Written back, it reads the same.
    let text = super::super::write::write(&[parsed[0].record.clone()]);
    assert_eq!(read(&text)[0].record, parsed[0].record, "{text}");
}

#[test]
fn claims_name_a_pawn_and_its_space() {
    let src = "[CGN \"2\"]\n[Players \"Ann, Bob, Jean-Luc, Ann-2\"]\n\
                   7. Ann V 1,0 r0 =Ann(marker)+3/53@3 =Jean-Luc(messenger)-3/40@40 =Bob+0@0 =Ann-2(marker)+1\n";
    let parsed = read(src);
    assert!(parsed[0].errors.is_empty(), "{:?}", parsed[0].errors);
    let t = &parsed[0].record.turns[0];
    // Each claim: its player, pawn, points, total and space.
    type Read<'a> = (&'a str, Option<Pawn>, i64, Option<u32>, Option<u32>);
    let read: Vec<Read<'_>> = t
        .claims
        .iter()
        .map(|c| {
            (
                c.player.value.as_str(),
                c.pawn.as_ref().map(|p| p.value),
                c.net(),
                c.total.as_ref().map(|x| x.value),
                c.space.as_ref().map(|x| x.value),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("Ann", Some(Pawn::Marker), 3, Some(53), Some(3)),
            ("Jean-Luc", Some(Pawn::Messenger), -3, Some(40), Some(40)),
            ("Bob", None, 0, None, Some(0)),
            ("Ann-2", Some(Pawn::Marker), 1, None, None),
        ]
    );
    let space = t.claims[0].space.as_ref().unwrap().span;
    assert_eq!(&src[space.start..space.end], "3");
    let pawn = t.claims[1].pawn.as_ref().unwrap().span;
    assert_eq!(&src[pawn.start..pawn.end], "messenger");
    assert!(t.needs_version_2());
    let text = super::super::write::write(&[parsed[0].record.clone()]);
    assert!(
        text.contains("=Ann(marker)+3/53@3 =Jean-Luc(messenger)-3/40@40 =Bob+0@0"),
        "{text}"
    );
    assert_eq!(super::read(&text)[0].record, parsed[0].record, "{text}");
}

#[test]
fn a_first_figure_on_the_tile_is_version_1s() {
    let parsed = read("1. Ann U 1,0 r0 +big:E +1,0/NNE =Ann+0\n");
    let t = &parsed[0].record.turns[0];
    assert_eq!(
        t.follower.as_ref().unwrap().figure.as_ref().unwrap().value,
        "big"
    );
    assert_eq!(t.steps.len(), 1);
    assert!(t.needs_version_2());
    assert!(!read("1. Ann U 1,0 r0 +E =Ann+0\n")[0].record.turns[0].needs_version_2());
}

#[test]
fn discard_and_quoted_player() {
    let l = line(r#"4. "Bob Smith" X discard ; nowhere to go"#);
    let (_, t) = l.turn(l.text).unwrap();
    assert_eq!(t.player.value, "Bob Smith");
    assert_eq!(t.action.value, ActionRecord::Discard);
}

#[test]
fn figure_prefix() {
    let l = line("3. Ann E 0,1 r0 +big:N");
    let (_, t) = l.turn(l.text).unwrap();
    let f = t.follower.unwrap();
    assert_eq!(f.figure.unwrap().value, "big");
}

/// The direct reader of common turn lines gives exactly what the grammar
/// gives, spans included, and leaves every other line to the grammar.
#[test]
fn fast_path_equals_the_grammar() {
    // Lines in the common form: the fast path reads them.
    let common = [
        "1. Ann V 1,0 r90",
        "12. Alice V -1,3 r270 +SSW =Alice+3/40 =Bob+4",
        "3. Ann E 0,1 r0 +big:N",
        "4. Bob X discard",
        "4. Bob X discard =Bob+0",
        "7. A.B-c D 0,-12 r180 +C =A.B-c+9",
        "9. Bob U 2147483647,-2147483648 r0 +E",
        "10. Bob V 1,0 r90 =Ann+3 =Bob+2/17",
        "1. Ann TB23 1,0 r90 +C",
        "1. Ann V -0,0 r90",
        "0. Ann V 00,-007 r90",
        "4294967295. Ann V 1,0 r90",
        "0000000000001. Ann V 1,0 r90",
        "1. Ann V 1,0 r90 =Ann+4294967295/4294967295",
        "1. Ann V 1,0 r90 =Ann+0000000000007/0",
        "1. Ann V 1,0 r90 +a-b-:WNW",
        "1. Ann V 1,0 r90 +-:S",
        "1. Ann V 1,0 r90 +N =Ann+1 =Bob+2/3",
        "1. Zoë V 1,0 r90 =Zoë+2",
        "1. 名人 V 1,0 r90 +abbot:C =名人+1/1",
        "1. A\u{7f}B V 1,0 r90",
        "1. A_x V 1,0 r90 =A_x+1",
    ];
    // Not in the common form, or faulty: left to the grammar.
    let other = [
        "1. Ann V 1,0 r90 { a comment }",
        "1. Ann V 1,0 r90 ; a comment",
        "1. Ann V 1,0 r90 @event",
        "1.  Ann V 1,0 r90",
        "1. Ann V 1,0  r90",
        "1. Ann V 1,0 r90 ",
        "1. Ann V 1,0 r90  =Ann+3",
        "1.\tAnn V 1,0 r90",
        "1. Ann V 1,0 r90\t",
        " 1. Ann V 1,0 r90",
        "1. \"Ann Smith\" V 1,0 r90",
        "1. Ann V 1,0 r45",
        "1. Ann V 1,0 r090",
        "1. Ann V 1,0 r9",
        "1. Ann V 1,0 r360",
        "1. Ann V 1,0 R90",
        "1. Ann V 1;0 r90",
        "1. Ann V 1,0 r90 +Q",
        "1. Ann V 1,0 r90 +big",
        "1. Ann V 1,0 r90 +",
        "1. Ann V 1,0 r90 +:N",
        "1. Ann V 1,0 r90 +big:",
        "1. Ann V 1,0 r90 +Big:N",
        "1. Ann V 1,0 r90 +big:N:S",
        "1. Ann V 1,0 r90 +NN",
        "1. Ann V 1,0 r90 +NNWW",
        "1. Ann V 1,0 r90 +n",
        "1. Ann V 1,0 r90 +N +E",
        "1. Ann V 1,0 r90 =Ann+3 +N",
        "1. Ann V 1,0 r90 =Ann3",
        "1. Ann V 1,0 r90 =Ann+",
        "1. Ann V 1,0 r90 =",
        "1. Ann V 1,0 r90 =+3",
        "1. Ann V 1,0 r90 =Ann+1/",
        "1. Ann V 1,0 r90 =Ann+/3",
        "1. Ann V 1,0 r90 =Ann+3/4/5",
        "1. Ann V 1,0 r90 =Ann+3x",
        "1. Ann V 1,0 r90 =Ann++3",
        "1. Ann V 1,0 r90 =Ann+4294967296",
        "1. Ann V 1,0 r90 =Ann+1/4294967296",
        "1. Ann V 1,0 r90 =Zo\u{a0}ë+3",
        "1. Ann V 1,0 r90 =Ann(marker)+3",
        "1. Ann V 1,0 r90 =Ann+3/53@3",
        "1. Ann V 1,0 r90 =Ann+3@3",
        "1. Ann V 99999999999,0 r90",
        "1. Ann V 2147483648,0 r90",
        "1. Ann V 0,-2147483649 r90",
        "1. Ann V --1,0 r90",
        "1. Ann V -,0 r90",
        "1. Ann V 1, r90",
        "1. Ann V ,0 r90",
        "1. Ann V 1,-0x r90",
        "1. Ann V 1,0",
        "1. Ann V 1,0 r",
        "1. Ann V discard +N",
        "1. Ann V discardX",
        "1. Ann V discard r90",
        "1. Ann discard",
        "1. Ann v 1,0 r90",
        "1. Ann 1 1,0 r90",
        "1. Ann V- 1,0 r90",
        "1. Zo\u{a0}ë V 1,0 r90",
        "1. Ann\u{85} V 1,0 r90",
        "1. Ann\rV 1,0 r90",
        "1. Ann V 1,0 r90\r",
        "1. Ann V 1,0 r90\n",
        "99999999999. Ann V 1,0 r90",
        "4294967296. Ann V 1,0 r90",
        "1 . Ann V 1,0 r90",
        "1.Ann V 1,0 r90",
        ". Ann V 1,0 r90",
        "1. ",
        "1.",
        "1",
        "",
    ];
    let mut lines: Vec<String> = common.iter().chain(&other).map(|s| s.to_string()).collect();
    // Generated games of every expansion go through both readers in
    // `tests/readers_agree.rs`; here the lines are written by hand.
    let mut rng = crate::notation::mix::Mix::new(3);
    // The common form is read by the fast path.
    for text in common.iter().copied() {
        assert!(
            line(text).turn_fast(text).is_some(),
            "{text:?}: not read directly"
        );
    }
    for text in other {
        assert!(
            line(text).turn_fast(text).is_none(),
            "{text:?}: read directly"
        );
    }
    // Small changes to every line: whatever the fast path still reads, it
    // reads as the grammar does.
    let pieces = [
        " ",
        "\t",
        "\r",
        "\n",
        "-",
        "+",
        "=",
        "/",
        ":",
        ",",
        ".",
        "0",
        "9",
        "r",
        "N",
        "C",
        "a",
        "é",
        "\u{a0}",
        "\"",
        "{",
        ";",
        "@",
        "Z",
        "_",
        "big:",
        "99999999999",
        " =Ann+1/2",
    ];
    let mut mutants = Vec::new();
    for text in &lines {
        for _ in 0..8 {
            let mut t = text.clone();
            for _ in 0..1 + rng.below(2) {
                let mut at = rng.below(t.len() + 1);
                while !t.is_char_boundary(at) {
                    at -= 1;
                }
                let piece = pieces[rng.below(pieces.len())];
                match rng.below(3) {
                    0 => t.insert_str(at, piece),
                    1 => {
                        let mut end = (at + 1 + rng.below(3)).min(t.len());
                        while !t.is_char_boundary(end) {
                            end += 1;
                        }
                        t.replace_range(at..end, piece);
                    }
                    _ => t.truncate(at),
                }
            }
            mutants.push(t);
        }
    }
    lines.extend(mutants);
    for text in &lines {
        let l = Line {
            text,
            base: 100,
            v1: false,
        };
        let slow = all_consuming(|i| l.turn(i))
            .parse(text)
            .map(|(_, t)| t)
            .ok();
        let fast = l.turn_fast(text);
        if let Some(f) = &fast {
            let s = slow
                .as_ref()
                .unwrap_or_else(|| panic!("{text:?}: fast reads what the grammar rejects"));
            assert_eq!(f, s, "{text:?}");
            assert_eq!(format!("{f:?}"), format!("{s:?}"), "{text:?}: spans differ");
        }
    }
    let plain_tags = [
        "[Event \"Club night\"]",
        "[Result \"\"]",
        "[A_1 \"x y\"]",
        "[Site \"Zoë's\"]",
        "[A \"]\"]",
        "[A \"a\rb\"]",
    ];
    let other_tags = [
        "[Event \"a \\\"b\\\"\"]",
        "[Event \"a\\b\"]",
        "[Event \"x\"] { c }",
        "[Event \"x\"] ",
        "[Event \"x\"]]",
        "[Event \"x\"]\r",
        "[Event  \"x\"]",
        "[1vent \"x\"]",
        "[É \"x\"]",
        "[E-x \"x\"]",
        "[ \"x\"]",
        "[\"x\"]",
        "[Event \"x\"",
        "[Event \"x\" ]",
        "[Event x]",
        "[A \"]",
        "[",
    ];
    for text in plain_tags {
        assert!(
            line(text).tag_pair_fast(text).is_some(),
            "{text:?}: not read directly"
        );
    }
    for text in plain_tags.iter().chain(&other_tags) {
        let l = Line {
            text,
            base: 7,
            v1: false,
        };
        let slow = all_consuming(|i| l.tag_pair(i))
            .parse(text)
            .map(|(_, t)| t)
            .ok();
        match l.tag_pair_fast(text) {
            Some(f) => {
                let s =
                    slow.unwrap_or_else(|| panic!("{text:?}: fast reads what the grammar rejects"));
                assert_eq!(format!("{f:?}"), format!("{s:?}"), "{text:?}");
            }
            None => assert!(!plain_tags.contains(text), "{text:?}"),
        }
    }
    for text in other_tags {
        assert!(
            line(text).tag_pair_fast(text).is_none(),
            "{text:?}: read directly"
        );
    }
}

#[test]
fn games_split_at_headers_after_turns() {
    let src = "[A \"1\"]\n\n1. X V 1,0 r0\n[A \"2\"]\n[B \"3\"]\n1. Y V 1,0 r0\n";
    let games: Vec<_> = split_games(src).collect();
    assert_eq!(games.len(), 2);
    assert!(games[1].1.starts_with("[A \"2\"]"));
    let p = read(src);
    assert_eq!(p[1].record.tags.len(), 2);
    assert_eq!(p[1].record.turns[0].number.span.start, games[1].0 + 16);
}
