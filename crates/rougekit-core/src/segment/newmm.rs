//! pythainlp 5.4.0's `word_tokenize(text, engine="newmm")` (its defaults: the bundled word
//! list `words_th.txt`, `keep_whitespace=True`, `join_broken_num=True`, no safe mode), word
//! for word.
//!
//! newmm ("new maximal matching") cuts Thai text into words of its dictionary, choosing among
//! the ways to do so by fewest words, and only at the boundaries of Thai Character Clusters:
//!
//! 1. **Clusters.** At each position the first of pythainlp's 29 improved TCC rules
//!    (Theeramunkong et al. 2000, as `tcc_p.py` lists them; [`RULES`]) that matches gives
//!    the cluster, else the character alone is one. Words may only start and end at a
//!    cluster's end.
//! 2. **Candidates.** From the lowest pending position, every dictionary word starting there
//!    whose end is a cluster boundary adds an edge to a graph and its end to the pending
//!    positions; the graph takes at most 51 edges per ambiguous stretch (pythainlp's
//!    `_MAX_GRAPH_SIZE` of 50, tested after adding), later positions adding one edge each.
//! 3. **Commit.** When one position alone is pending, the stretch up to it is settled: the
//!    words are the first path a breadth-first search finds from the stretch's start to it
//!    (the fewest words, ties to the edges added first).
//! 4. **Unknown text.** When no position is pending, the text at the start is not a
//!    dictionary word: a run of `[-a-zA-Z]+`, `\d+([,.]\d+)*` (Unicode decimal digits, Thai
//!    ones too), `[ \t]+`, `\r?\n` or of characters outside U+0E00..U+0E7F and `" \t\r\n"`
//!    is one word; otherwise the word runs to the next cluster boundary where such a run or
//!    a dictionary word (other than one or two consonants alone) starts.
//! 5. **Numbers.** `word_tokenize` then joins the words covering each match of
//!    `(\d+[.,:])+\d+` in the text into one (`12:30`, `1,234.5`, `127.0.0.1`).
//!
//! Positions are code points, as in Python. Words are slices of the text and, joined, give
//! it back; the empty text has no words.
use crate::pystr::is_decimal;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Read;
use std::sync::OnceLock;

/// pythainlp 5.4.0's `corpus/words_th.txt`, gzip-compressed, unchanged (provenance and
/// licence in `data/pythainlp/`).
const WORDS_GZ: &[u8] = include_bytes!("../../data/pythainlp/words_th.txt.gz");

/// The dictionary's name in result signatures.
pub const DICTIONARY: &str = "pythainlp-5.4.0:words_th";

/// pythainlp's `_MAX_GRAPH_SIZE`: edges in the graph of one stretch before the cut-off.
const MAX_GRAPH_SIZE: usize = 50;

/// A trie over the dictionary's words, laid out for walking: each node's children are a
/// sorted run of `edges`, and an edge holds its child's own run and end flag, so that one
/// step reads one edge. The root's children in the Thai block are also indexed directly.
struct Trie {
    edges: Vec<Edge>,
    root_first: u32,
    root_count: u32,
    /// `root_thai[c - U+0E00]`: the root's edge for `c`, plus one (0: none).
    root_thai: [u32; 128],
}

#[derive(Clone, Copy)]
struct Edge {
    ch: char,
    first: u32,
    count: u32,
    end: bool,
}

/// Runs at most this long are scanned; longer ones are searched by halves.
const SCAN: usize = 8;

impl Trie {
    fn build<'w>(words: impl Iterator<Item = &'w str>) -> Trie {
        // A growable trie first, then flattened into sorted child runs.
        let mut children: Vec<Vec<(char, u32)>> = vec![Vec::new()];
        let mut ends: Vec<bool> = vec![false];
        for word in words {
            let mut at = 0usize;
            for c in word.chars() {
                let next = match children[at].iter().find(|&&(k, _)| k == c) {
                    Some(&(_, n)) => n as usize,
                    None => {
                        let n = children.len();
                        children.push(Vec::new());
                        ends.push(false);
                        children[at].push((c, n as u32));
                        n
                    }
                };
                at = next;
            }
            ends[at] = true;
        }
        let mut run_of = vec![0u32; children.len()];
        let mut total = 0u32;
        for (node, kids) in children.iter_mut().enumerate() {
            kids.sort_unstable();
            run_of[node] = total;
            total += kids.len() as u32;
        }
        let mut edges = Vec::with_capacity(total as usize);
        for kids in &children {
            for &(ch, child) in kids {
                let child = child as usize;
                edges.push(Edge {
                    ch,
                    first: run_of[child],
                    count: children[child].len() as u32,
                    end: ends[child],
                });
            }
        }
        let mut root_thai = [0u32; 128];
        for (k, &(ch, _)) in children[0].iter().enumerate() {
            if let Some(slot) = (ch as u32).checked_sub(0xE00).filter(|&i| i < 128) {
                root_thai[slot as usize] = k as u32 + 1;
            }
        }
        Trie {
            edges,
            root_first: 0,
            root_count: children[0].len() as u32,
            root_thai,
        }
    }

    /// The edge for `c` among the run `first..first + count`.
    #[inline]
    fn child(&self, first: u32, count: u32, c: char) -> Option<&Edge> {
        let run = &self.edges[first as usize..(first + count) as usize];
        if run.len() <= SCAN {
            run.iter().find(|e| e.ch == c)
        } else {
            run.binary_search_by(|e| e.ch.cmp(&c)).ok().map(|k| &run[k])
        }
    }

    /// Calls `on_end(end)` for each dictionary word `s[start..end]`, shortest first, until
    /// it returns `false`.
    #[inline]
    fn prefixes(&self, s: &[char], start: usize, mut on_end: impl FnMut(usize) -> bool) {
        let Some(&c) = s.get(start) else {
            return;
        };
        let first = match (c as u32).checked_sub(0xE00).filter(|&i| i < 128) {
            Some(slot) => match self.root_thai[slot as usize] {
                0 => None,
                k => self.edges.get(self.root_first as usize + k as usize - 1),
            },
            None => self.child(self.root_first, self.root_count, c),
        };
        let Some(mut edge) = first else {
            return;
        };
        let mut i = start;
        loop {
            i += 1;
            if edge.end && !on_end(i) {
                return;
            }
            let Some(&c) = s.get(i) else {
                return;
            };
            match self.child(edge.first, edge.count, c) {
                Some(next) => edge = next,
                None => return,
            }
        }
    }
}

fn dictionary() -> &'static Trie {
    static TRIE: OnceLock<Trie> = OnceLock::new();
    TRIE.get_or_init(|| Trie::build(words_text().split('\n').filter(|w| !w.is_empty())))
}

/// The text of the word list (one word a line; its lines need no stripping, which pythainlp
/// would do: `tests/core/test_segment_newmm.py` checks both).
pub fn words_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = String::new();
        // The file is embedded and checked by the tests (`the_dictionary_loads`).
        if let Ok(mut gz) = libflate::gzip::Decoder::new(WORDS_GZ) {
            let _ = gz.read_to_string(&mut text);
        }
        text
    })
}

/// Loads the dictionary (once per process).
pub fn prepare() {
    dictionary();
}

// ---- Thai Character Clusters ----

/// One element of a cluster rule.
#[derive(Clone, Copy)]
enum P {
    /// One character of a class.
    Is(fn(char) -> bool),
    /// One given character.
    Ch(char),
    /// Optional, greedy (the rest is tried without it when it fails with it).
    Opt(&'static [P]),
    /// The next character is a leading vowel or a consonant, or the text ends there
    /// (Python's `$`: also just before a final `\n`).
    Ahead,
}

fn consonant(c: char) -> bool {
    matches!(c, 'ก'..='ฮ')
}
fn tone(c: char) -> bool {
    matches!(c, '\u{E48}'..='\u{E4B}')
}
fn lower_or_i(c: char) -> bool {
    matches!(c, '\u{E38}' | '\u{E39}' | '\u{E34}')
}
fn leading(c: char) -> bool {
    matches!(c, 'เ'..='ไ')
}
fn i_ii_u_uu(c: char) -> bool {
    matches!(c, '\u{E34}' | '\u{E35}' | '\u{E38}' | '\u{E39}')
}
fn i_u_uu(c: char) -> bool {
    matches!(c, '\u{E34}' | '\u{E38}' | '\u{E39}')
}
fn mai_han_akat_or_ue(c: char) -> bool {
    matches!(c, '\u{E31}' | '\u{E37}')
}
fn u_i_a(c: char) -> bool {
    matches!(c, '\u{E38}' | '\u{E34}' | 'ะ')
}
fn a_to_uu(c: char) -> bool {
    matches!(c, 'ะ'..='\u{E39}')
}
fn a_aa_am(c: char) -> bool {
    matches!(c, 'ะ' | 'า' | 'ำ')
}

const C: P = P::Is(consonant);
/// An optional tone mark (the rules' `t`).
const T: P = P::Opt(&[P::Is(tone)]);
/// The optional silent ending (the rules' `k`): consonants, a lower vowel or sara i, thanthakhat.
const K: P = P::Opt(&[
    C,
    P::Opt(&[C]),
    P::Opt(&[P::Is(lower_or_i)]),
    P::Ch('\u{E4C}'),
]);
const MAI_TAIKHU: P = P::Ch('\u{E47}');
const THANTHAKHAT: P = P::Ch('\u{E4C}');
const E: P = P::Ch('เ');
const AE: P = P::Ch('แ');

/// pythainlp 5.4.0's improved TCC rules, in its order (the first that matches wins).
static RULES: [&[P]; 29] = [
    &[E, C, MAI_TAIKHU, C, K],
    &[E, C, C, T, P::Ch('า'), P::Ch('ะ'), K],
    &[E, C, C, P::Ch('\u{E35}'), T, P::Ch('ย'), P::Ch('ะ'), K],
    &[E, C, C, P::Ch('\u{E35}'), T, P::Ch('ย'), P::Ahead, K],
    &[E, C, C, MAI_TAIKHU, C, K],
    &[E, C, P::Ch('\u{E34}'), C, THANTHAKHAT, C, K],
    &[E, C, P::Ch('\u{E34}'), T, C, K],
    &[
        E,
        C,
        P::Ch('\u{E35}'),
        T,
        P::Ch('ย'),
        P::Opt(&[P::Ch('ะ')]),
        K,
    ],
    &[
        E,
        C,
        P::Ch('\u{E37}'),
        T,
        P::Ch('อ'),
        P::Opt(&[P::Ch('ะ')]),
        K,
    ],
    &[E, C, P::Is(i_ii_u_uu), T, P::Ch('ย'), P::Ahead, K],
    &[E, C, T, P::Opt(&[P::Ch('า')]), P::Opt(&[P::Ch('ะ')]), K],
    &[C, P::Ch('\u{E31}'), T, P::Ch('ว'), P::Ch('ะ'), K],
    &[
        C,
        P::Is(mai_han_akat_or_ue),
        T,
        C,
        P::Opt(&[P::Is(u_i_a)]),
        K,
    ],
    &[C, P::Is(i_u_uu), THANTHAKHAT],
    &[C, P::Is(a_to_uu), T, K],
    &[C, P::Ch('ร'), P::Ch('ร'), C, THANTHAKHAT],
    &[C, MAI_TAIKHU],
    &[C, T, P::Opt(&[P::Is(a_aa_am)]), K],
    &[C, K],
    &[AE, C, MAI_TAIKHU, C],
    &[AE, C, C, THANTHAKHAT],
    &[AE, C, T, P::Ch('ะ')],
    &[AE, C, C, MAI_TAIKHU, C],
    &[AE, C, C, C, THANTHAKHAT],
    &[P::Ch('โ'), C, T, P::Ch('ะ')],
    &[P::Is(leading), C, T],
    &[P::Ch('ก'), MAI_TAIKHU],
    &[P::Ch('อ'), P::Ch('\u{E36}')],
    &[P::Ch('ห'), P::Ch('\u{E36}')],
];

/// What is left to match after the current sequence: the sequences that enclose it.
struct Frame<'a> {
    seq: &'a [P],
    next: Option<&'a Frame<'a>>,
}

/// The end of a match of `seq`, then the enclosing rest, against `s` from `i` (a
/// backtracking match: `Opt` tries with, then without).
fn run<'a>(seq: &'a [P], next: Option<&'a Frame<'a>>, s: &[char], i: usize) -> Option<usize> {
    let Some((head, rest)) = seq.split_first() else {
        return match next {
            None => Some(i),
            Some(f) => run(f.seq, f.next, s, i),
        };
    };
    match *head {
        P::Is(class) => match s.get(i) {
            Some(&c) if class(c) => run(rest, next, s, i + 1),
            _ => None,
        },
        P::Ch(want) => match s.get(i) {
            Some(&c) if c == want => run(rest, next, s, i + 1),
            _ => None,
        },
        P::Ahead => {
            let ok = match s.get(i) {
                None => true,
                Some(&'\n') => i + 1 == s.len(),
                Some(&c) => leading(c) || consonant(c),
            };
            if ok {
                run(rest, next, s, i)
            } else {
                None
            }
        }
        P::Opt(inner) => {
            let frame = Frame { seq: rest, next };
            run(inner, Some(&frame), s, i).or_else(|| run(rest, next, s, i))
        }
    }
}

/// The length of the cluster at the start of `s` (not empty).
fn cluster_len(s: &[char]) -> usize {
    // Only the rules that can match the first character are tried, in their order: 12-19
    // start with a consonant (and 19, `ck`, matches every consonant, so 27-29 are never
    // reached), 1-11 with เ, 20-24 with แ, 25 with โ, 26 with any leading vowel.
    let candidates: &[&[P]] = match s[0] {
        'ก'..='ฮ' => &RULES[11..19],
        'เ' => &RULES[0..11],
        'แ' => &RULES[19..24],
        'โ' => &RULES[24..25],
        _ => &[],
    };
    candidates
        .iter()
        .find_map(|rule| run(rule, None, s, 0))
        .or_else(|| run(RULES[25], None, s, 0))
        .unwrap_or(1)
}

/// `valid[i]`: position `i` ends a cluster (pythainlp's `tcc_pos_array`).
fn cluster_ends(s: &[char]) -> Vec<bool> {
    let mut valid = vec![false; s.len() + 1];
    let mut p = 0;
    while p < s.len() {
        p += cluster_len(&s[p..]);
        valid[p] = true;
    }
    valid
}

// ---- Non-Thai runs ----

fn run_end(s: &[char], mut i: usize, class: impl Fn(char) -> bool) -> usize {
    while i < s.len() && class(s[i]) {
        i += 1;
    }
    i
}

/// The end of newmm's `_PAT_NONTHAI` matched at `i`, if it matches there.
fn non_thai_end(s: &[char], i: usize) -> Option<usize> {
    let c = s[i];
    if c == '-' || c.is_ascii_alphabetic() {
        return Some(run_end(s, i, |c| c == '-' || c.is_ascii_alphabetic()));
    }
    if is_decimal(c) {
        return Some(number_end(s, i));
    }
    match c {
        ' ' | '\t' => Some(run_end(s, i, |c| c == ' ' || c == '\t')),
        '\n' => Some(i + 1),
        '\r' if s.get(i + 1) == Some(&'\n') => Some(i + 2),
        '\r' | '\u{E00}'..='\u{E7F}' => None,
        _ => Some(run_end(s, i, |c| {
            !matches!(c, '\u{E00}'..='\u{E7F}' | ' ' | '\t' | '\r' | '\n')
        })),
    }
}

/// The end of `\d+([,.]\d+)*` at `i` (a digit).
fn number_end(s: &[char], i: usize) -> usize {
    let mut j = run_end(s, i, is_decimal);
    while j + 1 < s.len() && matches!(s[j], ',' | '.') && is_decimal(s[j + 1]) {
        j = run_end(s, j + 1, is_decimal);
    }
    j
}

/// One or two Thai consonants alone (newmm's `[ก-ฮ]{,2}$`).
fn short_consonants(word: &[char]) -> bool {
    word.len() <= 2 && word.iter().all(|&c| consonant(c))
}

/// The end of the unknown word at `begin` (newmm's `_find_skip_end`).
fn skip_end(s: &[char], begin: usize, valid: &[bool], dict: &Trie) -> usize {
    if let Some(end) = non_thai_end(s, begin) {
        return end;
    }
    for pos in begin + 1..s.len() {
        if !valid[pos] {
            continue;
        }
        let mut word_starts = false;
        dict.prefixes(s, pos, |end| {
            word_starts = valid[end] && !short_consonants(&s[pos..end]);
            !word_starts
        });
        if word_starts || non_thai_end(s, pos).is_some() {
            return pos;
        }
    }
    s.len()
}

// ---- Maximal matching ----

/// Scratch space of one text's search, indexed by position.
struct Search {
    queued: Vec<bool>,
    stamp: Vec<u32>,
    parent: Vec<u32>,
    round: u32,
    queue: Vec<u32>,
}

impl Search {
    /// The path the breadth-first search of pythainlp's `_bfs_paths_graph` finds first from
    /// `start` to `goal` over `edges` (`(begin, end)`, begins in increasing order), appended
    /// to `path` without `start`. `false` if there is none.
    fn first_path(
        &mut self,
        edges: &[(u32, u32)],
        start: u32,
        goal: u32,
        path: &mut Vec<u32>,
    ) -> bool {
        self.round += 1;
        let round = self.round;
        self.stamp[start as usize] = round;
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let from = edges.partition_point(|&(b, _)| b < v);
            for &(b, e) in &edges[from..] {
                if b != v {
                    break;
                }
                if e == goal {
                    let mark = path.len();
                    path.push(goal);
                    let mut at = v;
                    while at != start {
                        path.push(at);
                        at = self.parent[at as usize];
                    }
                    path[mark..].reverse();
                    return true;
                }
                if self.stamp[e as usize] != round {
                    self.stamp[e as usize] = round;
                    self.parent[e as usize] = v;
                    self.queue.push(e);
                }
            }
        }
        false
    }
}

/// newmm's word ends over `s` (pythainlp's `_onecut`), before the numbers are joined.
fn onecut(s: &[char], dict: &Trie, ends: &mut Vec<u32>) {
    let n = s.len();
    let valid = cluster_ends(s);
    let mut search = Search {
        queued: vec![false; n + 1],
        stamp: vec![0; n + 1],
        parent: vec![0; n + 1],
        round: 0,
        queue: Vec::new(),
    };
    let mut pending: BinaryHeap<Reverse<u32>> = BinaryHeap::new();
    pending.push(Reverse(0));
    search.queued[0] = true;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut settled = 0u32;
    while let Some(&Reverse(begin)) = pending.peek() {
        if begin as usize >= n {
            break;
        }
        pending.pop();
        dict.prefixes(s, begin as usize, |end| {
            if valid[end] {
                edges.push((begin, end as u32));
                if !search.queued[end] {
                    search.queued[end] = true;
                    pending.push(Reverse(end as u32));
                }
                if edges.len() > MAX_GRAPH_SIZE {
                    return false;
                }
            }
            true
        });
        match pending.len() {
            1 => {
                let goal = pending.peek().map_or(0, |r| r.0);
                // A pending position is the end of an edge from a position reached from
                // `settled`, so the path exists; were it missing, the stretch is one word.
                if !search.first_path(&edges, settled, goal, ends) {
                    ends.push(goal);
                }
                settled = goal;
                edges.clear();
            }
            0 => {
                let end = skip_end(s, begin as usize, &valid, dict) as u32;
                edges.clear();
                ends.push(end);
                settled = end;
                search.queued[end as usize] = true;
                pending.push(Reverse(end));
            }
            _ => {}
        }
    }
}

// ---- Numbers ----

/// The next match of `(\d+[.,:])+\d+` in `s` at or after `from` (Python's `finditer`).
fn next_number(s: &[char], mut from: usize) -> Option<(usize, usize)> {
    while from < s.len() {
        if !is_decimal(s[from]) {
            from += 1;
            continue;
        }
        let mut j = run_end(s, from, is_decimal);
        let mut end = None;
        while j + 1 < s.len() && matches!(s[j], '.' | ',' | ':') && is_decimal(s[j + 1]) {
            j = run_end(s, j + 1, is_decimal);
            end = Some(j);
        }
        if let Some(end) = end {
            return Some((from, end));
        }
        // A later start in the same run of digits meets the same separator: no match.
        from = j;
    }
    None
}

/// pythainlp's `rejoin_formatted_num`: the words from the first one starting at or after a
/// number's start up to the first one reaching its end become one word.
fn rejoin_numbers(s: &[char], ends: &mut Vec<u32>) {
    let Some(mut number) = next_number(s, 0) else {
        return;
    };
    let mut joined = Vec::with_capacity(ends.len());
    let mut pos = 0usize;
    let mut idx = 0;
    loop {
        if idx >= ends.len() {
            break;
        }
        let (start, end) = number;
        if pos >= start {
            let first = idx;
            while pos < end && idx < ends.len() {
                pos = ends[idx] as usize;
                idx += 1;
            }
            if idx > first {
                joined.push(pos as u32);
            }
            match next_number(s, end) {
                Some(next) => number = next,
                None => break,
            }
        } else {
            pos = ends[idx] as usize;
            joined.push(ends[idx]);
            idx += 1;
        }
    }
    joined.extend_from_slice(&ends[idx..]);
    *ends = joined;
}

/// Appends the words of `text` to `out` (see the module documentation).
///
/// ```
/// let mut words = Vec::new();
/// rougekit_core::segment::newmm::cut_into("เงิน1,234บาท เวลา19:32น", &mut words);
/// assert_eq!(words, ["เงิน", "1,234", "บาท", " ", "เวลา", "19:32", "น"]);
/// ```
pub fn cut_into<'a>(text: &'a str, out: &mut Vec<&'a str>) {
    if text.is_empty() {
        return;
    }
    let mut chars = Vec::with_capacity(text.len() / 2);
    let mut offsets = Vec::with_capacity(text.len() / 2 + 1);
    for (at, c) in text.char_indices() {
        chars.push(c);
        offsets.push(at);
    }
    offsets.push(text.len());
    let mut ends = Vec::new();
    onecut(&chars, dictionary(), &mut ends);
    rejoin_numbers(&chars, &mut ends);
    let mut start = 0;
    for end in ends {
        let end = end as usize;
        out.push(&text[offsets[start]..offsets[end]]);
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        cut_into(text, &mut out);
        out
    }

    fn clusters(text: &str) -> Vec<String> {
        let s: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut p = 0;
        while p < s.len() {
            let n = cluster_len(&s[p..]);
            out.push(s[p..p + n].iter().collect());
            p += n;
        }
        out
    }

    // Expected words: pythainlp 5.4.0's `word_tokenize(text, engine="newmm")` and
    // `pythainlp.tokenize.tcc_p.segment(text)`, run on these texts.

    #[test]
    fn the_dictionary_loads() {
        assert_eq!(words_text().lines().count(), 62107);
        assert!(words_text().starts_with("ก ข ไม่กระดิกหู\nก.\n"));
    }

    #[test]
    fn documented_examples() {
        assert_eq!(
            cut("โอเคบ่พวกเรารักภาษาบ้านเกิด"),
            ["โอเค", "บ่", "พวกเรา", "รัก", "ภาษา", "บ้านเกิด"]
        );
        assert_eq!(
            cut("วรรณกรรม ภาพวาด และการแสดงงิ้ว "),
            ["วรรณกรรม", " ", "ภาพวาด", " ", "และ", "การแสดง", "งิ้ว", " "]
        );
        assert_eq!(
            cut("ชินโซ อาเบะ เกิด 21 กันยายน"),
            [
                "ชิน",
                "โซ",
                " ",
                "อา",
                "เบะ",
                " ",
                "เกิด",
                " ",
                "21",
                " ",
                "กันยายน"
            ]
        );
        assert!(cut("").is_empty());
    }

    #[test]
    fn trying_only_the_rules_of_the_first_character_changes_nothing() {
        let chars: Vec<char> = "กขคงจยรลวอหฮเแโใไะาำิีึืุูั็่้๊๋์ฯ๑ a\n".chars().collect();
        let mut seed = 12345u64;
        for _ in 0..20000 {
            let s: Vec<char> = (0..6)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    chars[(seed >> 33) as usize % chars.len()]
                })
                .collect();
            let all = RULES.iter().find_map(|r| run(r, None, &s, 0)).unwrap_or(1);
            assert_eq!(cluster_len(&s), all, "{s:?}");
        }
    }

    #[test]
    fn clusters_follow_the_rules_in_order() {
        assert_eq!(clusters("เกาะ"), ["เกาะ"]);
        assert_eq!(clusters("ประเทศไทย"), ["ป", "ระ", "เท", "ศ", "ไท", "ย"]);
        assert_eq!(clusters("a1 ก็"), ["a", "1", " ", "ก็"]);
    }
}
