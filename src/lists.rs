//! Lists kept from one game to the next: the room a game's lists grew to,
//! handed to the next game emptied, rather than grown again.

/// `list` emptied, as a list of `U` in the same allocation: collecting the
/// iterator of an empty vector into a vector of a type of the same size and
/// alignment keeps its allocation. `U` is `T` itself (a state's list made
/// anew for the next game) or `T` borrowing from another text (the quick
/// reader's lists of a turn line).
pub fn emptied<T, U>(mut list: Vec<T>) -> Vec<U> {
    list.clear();
    list.into_iter().filter_map(|_| None).collect()
}

#[cfg(test)]
mod tests {
    use super::emptied;

    #[test]
    fn an_emptied_list_keeps_its_room() {
        let text = String::from("Ann Bob Chris");
        let mut names: Vec<&str> = Vec::with_capacity(1);
        names.extend(text.split(' '));
        let room = names.capacity();
        let other = String::from("David");
        let mut again: Vec<&str> = emptied(names);
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room);
        again.push(&other);
        assert_eq!(again, ["David"]);
        let numbers: Vec<u32> = emptied(vec![1, 2, 3]);
        assert!(numbers.is_empty() && numbers.capacity() >= 3);
    }
}
