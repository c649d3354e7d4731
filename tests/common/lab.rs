//! Board Game Arena logs repacked as Carcassonne Lab replay URLs, and the table
//! of them shipped in `tests/data/lab/`.

use serde_json::Value;

/// The tables of the logs in `tests/data/bga/`, in the order of the shipped
/// table of replays.
pub const TABLES: [&str; 3] = ["366166200", "368679629", "370417702"];

/// The shipped table of replays: the logs of `tests/data/bga/` repacked.
pub const SHIPPED_CSV: &str = "lab/bga-logs-repacked.csv";

/// The columns of the shipped table, those of the tables the online scene
/// exports.
pub const HEADER: &str =
    "Game ID,Tournament,Edition,Round,PlayerId1,PlayerId2,PlayerName1,PlayerName2,Date,URL";

fn int(v: &Value) -> i64 {
    v.as_i64()
        .unwrap_or_else(|| v.as_str().unwrap().parse().unwrap())
}

/// The events of a log in order.
fn events(log: &Value) -> impl Iterator<Item = &Value> {
    log.pointer("/data/data")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|packet| packet["data"].as_array().unwrap())
}

/// The players of a log in seat order (the order of their first placement), as
/// (platform id, name).
fn seats(log: &Value) -> Vec<(String, String)> {
    let mut seats: Vec<(String, String)> = Vec::new();
    for e in events(log).filter(|e| e["type"] == "playTile") {
        let a = &e["args"];
        let seat = (
            int(&a["player_id"]).to_string(),
            a["player_name"].as_str().unwrap().to_string(),
        );
        if !seats.contains(&seat) {
            seats.push(seat);
        }
    }
    seats
}

/// Characters of a MOVES value, in value order.
const MOVE: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/// URL-safe base-64 digits of the STACK, in value order.
const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Packs a Board Game Arena log as a replay URL, as the encoder described in
/// `notation/import-lab.md` does.
pub fn bga_to_url(json: &str) -> String {
    let v: Value = serde_json::from_str(json).unwrap();
    let mut kinds = vec![15i64];
    let mut moves: Vec<[i64; 4]> = Vec::new();
    for e in events(&v) {
        let a = &e["args"];
        match e["type"].as_str().unwrap() {
            "playTile" => {
                kinds.push(int(&a["type"]));
                moves.push([int(&a["x"]), int(&a["y"]), int(&a["ori"]) - 1, 0]);
            }
            "playPartisan" => moves.last_mut().unwrap()[3] = int(&a["pos"]),
            _ => {}
        }
    }
    let names: Vec<String> = seats(&v).into_iter().map(|(_, name)| name).collect();
    let mut packed = String::new();
    for [x, y, ori, pos] in moves {
        let rot = ori + if x < 0 { 16 } else { 0 } + if y < 0 { 32 } else { 0 };
        for v in [x.abs(), y.abs(), rot] {
            packed.push(char::from(*MOVE.get(usize::try_from(v).unwrap()).unwrap()));
        }
        packed.push_str(&pos.to_string());
    }
    format!(
        "https://www.carcassonnelab.com/#/0/0/{}/{packed}?players={}&colors=red,blue",
        pack_stack(&kinds),
        names.join(",")
    )
}

/// The STACK of tile kinds: their base-24 digits (kind − 1) as one number,
/// written in base 64.
pub fn pack_stack(kinds: &[i64]) -> String {
    let mut number: Vec<u32> = Vec::new(); // base 64, least significant first
    for k in kinds {
        let mut carry = u32::try_from(k - 1).unwrap();
        for d in &mut number {
            let v = *d * 24 + carry;
            *d = v % 64;
            carry = v / 64;
        }
        while carry > 0 {
            number.push(carry % 64);
            carry /= 64;
        }
    }
    number
        .iter()
        .rev()
        .map(|d| char::from(*B64.get(*d as usize).unwrap()))
        .collect()
}

/// The tile kinds a STACK packs, the start tile first.
pub fn unpack_stack(stack: &str) -> Vec<i64> {
    let mut number: Vec<u32> = stack
        .bytes()
        .map(|c| B64.iter().position(|d| *d == c).unwrap() as u32)
        .skip_while(|d| *d == 0)
        .collect(); // base 64, most significant first
    let mut kinds = Vec::new();
    while !number.is_empty() {
        let mut rest = 0;
        let mut quotient = Vec::new();
        for d in &number {
            let cur = rest * 64 + d;
            if !(quotient.is_empty() && cur / 24 == 0) {
                quotient.push(cur / 24);
            }
            rest = cur % 24;
        }
        kinds.push(i64::from(rest) + 1);
        number = quotient;
    }
    kinds.reverse();
    kinds
}

/// A replay URL of a game that stopped after `turns` tiles drawn: the stack cut
/// to the start tile and those tiles, MOVES cut to their groups. For replays with
/// no discard (a group for each tile drawn), as those of the shipped table.
pub fn cut_url(url: &str, turns: usize) -> String {
    let (prefix, rest) = url.split_once("#/0/0/").unwrap();
    let (path, query) = rest.split_once('?').unwrap();
    let (stack, moves) = path.split_once('/').unwrap();
    let kinds = unpack_stack(stack);
    assert_eq!(
        moves.len(),
        4 * (kinds.len() - 1),
        "a replay with a discard: the tiles drawn and the groups differ"
    );
    assert!(
        0 < turns && turns < kinds.len(),
        "{turns} turns of {}",
        kinds.len() - 1
    );
    format!(
        "{prefix}#/0/0/{}/{}?{query}",
        pack_stack(kinds.get(..=turns).unwrap()),
        moves.get(..4 * turns).unwrap()
    )
}

/// A time in seconds since 1970 (UTC) in the form of the exported tables:
/// `2023-04-12T08:55:01.000Z`.
pub fn iso_time(seconds: i64) -> String {
    let (mut days, of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let mut year = 1970;
    loop {
        let length = if leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let mut month = 1;
    for length in [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    format!(
        "{year}-{month:02}-{:02}T{:02}:{:02}:{:02}.000Z",
        days + 1,
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

/// One line of the table for a log: the table id, no tournament, edition or
/// round, the players in seat order, the time of the log's first packet and the
/// replay URL.
pub fn csv_row(json: &str) -> String {
    let v: Value = serde_json::from_str(json).unwrap();
    let first = v.pointer("/data/data/0").unwrap();
    let table = first["table_id"].as_str().unwrap();
    let date = iso_time(int(&first["time"]));
    let seats = seats(&v);
    let [(id1, name1), (id2, name2)] = seats.as_slice() else {
        panic!("{table}: not a 2-player game: {seats:?}");
    };
    for (id, name) in &seats {
        assert!(
            !format!("{id}{name}").contains([',', '"', '\n']),
            "{table}: {name} needs quoting"
        );
    }
    format!(
        "{table},,,,{id1},{id2},{name1},{name2},{date},\"{}\"",
        bga_to_url(json)
    )
}

/// The table of the logs given, a header and one line a log.
pub fn csv(logs: &[String]) -> String {
    let mut out = format!("{HEADER}\n");
    for log in logs {
        out.push_str(&csv_row(log));
        out.push('\n');
    }
    out
}

/// The shipped table as the logs of `tests/data/bga/` give it.
pub fn shipped_csv_from_the_logs() -> String {
    let logs: Vec<String> = TABLES
        .iter()
        .map(|t| super::data(&format!("bga/{t}.json")))
        .collect();
    csv(&logs)
}
