//! MeCab 0.996's segmentation (`mecab -Owakati`, as fugashi's `Tagger("-Owakati")` runs it)
//! over a compiled MeCab dictionary, read at run time ([`Dictionary::from_files`]): the words
//! are the surfaces of MeCab's lowest-cost path, node for node.
//!
//! 1. **Lattice.** At each byte position where a word ends (the start, first), leading
//!    characters of the `SPACE` category are skipped (they belong to no word), then every
//!    dictionary word that starts there is a node, found by the double-array trie's common
//!    prefix search over the bytes (MeCab looks no further than 65,535 bytes ahead).
//! 2. **Unknown words.** When no dictionary word starts there, or the character's category
//!    has `invoke` set, unknown-word nodes are added with the entries of its default
//!    category in `unk.dic`: with `group`, the run of characters each sharing a category
//!    with the one before it (at most `max-grouping-size` characters after the first, 24 by
//!    default); then words of 1 to `length` characters of the first one's categories; and,
//!    if there is still no node, the character alone. Characters outside UCS-2 (emoji) have
//!    the categories of U+0000, as MeCab's UTF-8 decoder gives them.
//! 3. **Viterbi.** Each node's cost is the lowest of (a node ending where it starts: its
//!    cost + the matrix's connection cost from its right id to this node's left id) plus
//!    the node's own word cost; ties go to the node MeCab meets first (the last added to
//!    that end position). The end of the text connects to the last position a node ends
//!    at, and the words are the path back from it.
//!
//! The text stops at its first U+0000, as MeCab reads a C string. Words are slices of the
//! text: the spaces MeCab skips are in no word, so joined they give the text without them.
pub mod dict;

use crate::error::RougeError;
use dict::{CharInfo, CharTable, Lexicon, Matrix, Token};
use std::cell::RefCell;
use std::sync::OnceLock;

/// A MeCab dictionary, loaded.
pub struct Dictionary {
    sys: Lexicon,
    /// Per category of `char.bin`, its unknown-word tokens in `unk.dic`.
    unknown: Vec<Vec<Token>>,
    chars: CharTable,
    matrix: Matrix,
    /// The [`CharInfo`] of U+0020: what is skipped before a word.
    space: CharInfo,
    max_grouping: usize,
    /// The name results are signed with.
    name: String,
}

/// The files [`Dictionary::from_files`] reads, as the caller read them.
pub struct Files<'a> {
    /// `sys.dic` from its start to at least the end of its tokens ([`dict::prefix_len`]).
    pub sys_dic: &'a [u8],
    /// The size of the whole `sys.dic` file.
    pub sys_dic_size: u64,
    pub unk_dic: &'a [u8],
    pub matrix_bin: &'a [u8],
    pub char_bin: &'a [u8],
    pub dicrc: &'a str,
}

impl Dictionary {
    /// The dictionary of `files`, named `name`; an error naming the file that is broken.
    pub fn from_files(files: &Files<'_>, name: &str) -> Result<Dictionary, RougeError> {
        let mut sys = Lexicon::parse("sys.dic", files.sys_dic, files.sys_dic_size)?;
        let unk = Lexicon::parse("unk.dic", files.unk_dic, files.unk_dic.len() as u64)?;
        let matrix = Matrix::parse(files.matrix_bin)?;
        let chars = CharTable::parse(files.char_bin)?;
        let unknown = chars
            .names
            .iter()
            .map(|category| match unk.trie.exact(category.as_bytes()) {
                Some(value) => Ok(unk.tokens_of(value).to_vec()),
                None => Err(RougeError::InvalidOption(format!(
                    "MeCab dictionary file unk.dic has no entry for the category {category:?}"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let ids_fit = |t: &Token| {
            usize::from(t.left) < matrix.right_size && usize::from(t.right) < matrix.left_size
        };
        if !sys
            .tokens
            .iter()
            .chain(unknown.iter().flatten())
            .all(ids_fit)
        {
            return Err(RougeError::InvalidOption(
                "MeCab dictionary files sys.dic/unk.dic and matrix.bin do not match: a word's \
                 context id is outside the matrix"
                    .into(),
            ));
        }
        if unknown.iter().any(|t| t.is_empty()) || chars.names.is_empty() {
            return Err(RougeError::InvalidOption(
                "MeCab dictionary file unk.dic has a category without entries".into(),
            ));
        }
        sys.drop_repeats();
        let space = chars.info[0x20];
        Ok(Dictionary {
            sys,
            unknown,
            chars,
            matrix,
            space,
            max_grouping: dict::max_grouping(files.dicrc),
            name: name.to_string(),
        })
    }

    /// The name it was loaded under (`unidic-lite-1.0.8`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// MeCab's `utf8_to_ucs2` then the table: the info of the character at `at` (a byte
    /// past the text reads as U+0000) and its byte length, `end` bounding the sequence.
    #[inline]
    fn char_at(&self, text: &[u8], at: usize, end: usize) -> (CharInfo, usize) {
        let b0 = text.get(at).copied().unwrap_or(0);
        let left = end.saturating_sub(at);
        let byte = |i: usize| u32::from(text.get(at + i).copied().unwrap_or(0) & 0x3f);
        let (code, len) = if b0 < 0x80 {
            (u32::from(b0), 1)
        } else if left >= 2 && b0 & 0xe0 == 0xc0 {
            ((u32::from(b0 & 0x1f) << 6) | byte(1), 2)
        } else if left >= 3 && b0 & 0xf0 == 0xe0 {
            ((u32::from(b0 & 0x0f) << 12) | (byte(1) << 6) | byte(2), 3)
        } else if left >= 4 && b0 & 0xf8 == 0xf0 {
            (0, 4)
        } else if left >= 5 && b0 & 0xfc == 0xf8 {
            (0, 5)
        } else if left >= 6 && b0 & 0xfe == 0xfc {
            (0, 6)
        } else {
            (0, 1)
        };
        (self.chars.info[code as usize], len)
    }

    /// `seekToOtherType`: from `at`, the characters each sharing a category with the one
    /// before (the first with `class`). Returns where the run stops, the info and length
    /// of the last character read, and the run's length in characters.
    #[inline]
    fn seek(
        &self,
        text: &[u8],
        mut at: usize,
        end: usize,
        mut class: CharInfo,
        last: &mut (CharInfo, usize),
    ) -> (usize, usize) {
        let mut count = 0;
        while at != end {
            *last = self.char_at(text, at, end);
            if !class.kind_of(last.0) {
                break;
            }
            at += last.1;
            count += 1;
            class = last.0;
        }
        (at, count)
    }

    /// Adds the nodes starting at `pos` (MeCab's `Tokenizer::lookup`) in MeCab's order.
    fn lookup(&self, text: &[u8], pos: usize, nodes: &mut Vec<Cand>) {
        let end = if text.len() - pos >= 65535 {
            pos + 65535
        } else {
            text.len()
        };
        let mut last = (CharInfo::default(), 0usize);
        let (begin2, _) = self.seek(text, pos, end, self.space, &mut last);
        let (cinfo, mut mblen) = last;
        let skipped = (begin2 - pos) as u32;
        let start = nodes.len();
        // Darts reads up to the NUL when given a length of 0: the text's end here.
        let key = &text[begin2..end];
        self.sys.trie.common_prefixes(key, |value, len| {
            for t in self.sys.tokens_of(value) {
                nodes.push(Cand::new(*t, begin2, len, skipped));
            }
        });
        if nodes.len() > start && !cinfo.invoke() {
            return;
        }
        let unknown = &self.unknown[cinfo.default_type().min(self.unknown.len() - 1)];
        let add = |nodes: &mut Vec<Cand>, to: usize| {
            for t in unknown {
                nodes.push(Cand::new(*t, begin2, to - begin2, skipped));
            }
        };
        let mut begin3 = begin2 + mblen;
        let mut group_end = None;
        if begin3 > end {
            add(nodes, begin3);
            if nodes.len() > start {
                return;
            }
        }
        if cinfo.group() {
            let mut fail = (CharInfo::default(), mblen);
            let (to, count) = self.seek(text, begin3, end, cinfo, &mut fail);
            mblen = fail.1;
            if count <= self.max_grouping {
                add(nodes, to);
            }
            group_end = Some(to);
        }
        let _ = mblen;
        for _ in 1..=cinfo.length() {
            if begin3 > end {
                break;
            }
            if Some(begin3) == group_end {
                continue;
            }
            add(nodes, begin3);
            let (next, len) = self.char_at(text, begin3, end);
            if !cinfo.kind_of(next) {
                break;
            }
            begin3 += len;
        }
        if nodes.len() == start {
            add(nodes, begin3);
        }
    }

    /// Appends the words of `text` to `out`: MeCab's lowest-cost path (see the module).
    pub fn cut_into<'a>(&self, text: &'a str, out: &mut Vec<&'a str>) {
        let text = match text.find('\0') {
            Some(nul) => &text[..nul],
            None => text,
        };
        if text.is_empty() {
            return;
        }
        LATTICE.with(|lattice| {
            let mut lattice = lattice.borrow_mut();
            let lattice = &mut *lattice;
            self.viterbi(text.as_bytes(), lattice);
            let Lattice { nodes, path, .. } = lattice;
            path.clear();
            // The end of the text's node is last; walk back to the start's (node 0).
            let mut at = nodes[nodes.len() - 1].prev;
            while at != 0 {
                let n = &nodes[at as usize];
                path.push((n.begin as usize, n.end as usize));
                at = n.prev;
            }
            out.extend(path.iter().rev().map(|&(b, e)| surface(text, b, e)));
        });
    }

    fn viterbi(&self, text: &[u8], lattice: &mut Lattice) {
        let Lattice {
            nodes,
            ends,
            cands,
            memo,
            from,
            ..
        } = lattice;
        let len = text.len();
        nodes.clear();
        ends.clear();
        // Unknown words may end past the text (spaces at its end): MeCab's lattice has room.
        ends.resize(len + 8, NONE);
        nodes.push(Node {
            right: 0,
            cost: 0,
            prev: NONE,
            next_end: NONE,
            begin: 0,
            end: 0,
        });
        ends[0] = 0;
        let lsize = self.matrix.left_size;
        let costs = &self.matrix.costs;
        for pos in 0..len {
            if ends[pos] == NONE {
                continue;
            }
            cands.clear();
            self.lookup(text, pos, cands);
            // MeCab links each new node in front of the begin list, then connects that list
            // head first: the last node added is connected first. The best node to come
            // from depends on the left id only (the word cost is the same for all), so it
            // is found once per left id at this position.
            memo.clear();
            // The nodes ending here, in MeCab's list order, as a flat run. One whose right id
            // an earlier one has at a cost no higher can never be picked (the earlier one
            // comes first at a cost as low), so it is left out.
            from.clear();
            let mut l = ends[pos];
            while l != NONE {
                let ln = &nodes[l as usize];
                if !from.iter().any(|f| f.0 == ln.right && f.1 <= ln.cost) {
                    from.push((ln.right, ln.cost, l));
                }
                l = ln.next_end;
            }
            for c in cands.iter().rev() {
                let left = c.token.left;
                let (from_cost, best_node) = match memo.iter().find(|m| m.0 == left) {
                    Some(&(_, cost, node)) => (cost, node),
                    None => {
                        let mut best = i64::MAX;
                        let mut best_node = NONE;
                        let row = &costs[lsize * usize::from(left)..];
                        for &(right, cost, node) in from.iter() {
                            let cost = cost + i64::from(row[usize::from(right)]);
                            if cost < best {
                                best = cost;
                                best_node = node;
                            }
                        }
                        memo.push((left, best, best_node));
                        (best, best_node)
                    }
                };
                // MeCab starts from a best cost of i32::MAX: where every path costs that or
                // more it gives up ("too long sentence"); the cheapest path is kept here.
                let best = from_cost + i64::from(c.token.cost);
                let x = pos + c.skipped as usize + c.len as usize;
                let id = nodes.len() as u32;
                nodes.push(Node {
                    right: c.token.right,
                    cost: best,
                    prev: best_node,
                    next_end: ends[x],
                    begin: c.begin as u32,
                    end: (c.begin + c.len as usize) as u32,
                });
                ends[x] = id;
            }
        }
        // The end of the text connects to the last position a node ends at.
        let mut pos = len;
        while ends[pos] == NONE {
            pos -= 1;
        }
        let mut best = i64::from(i32::MAX);
        let mut best_node = ends[pos];
        let mut l = ends[pos];
        while l != NONE {
            let ln = &nodes[l as usize];
            let cost = ln.cost + i64::from(costs[usize::from(ln.right)]);
            if cost < best {
                best = cost;
                best_node = l;
            }
            l = ln.next_end;
        }
        nodes.push(Node {
            right: 0,
            cost: best,
            prev: best_node,
            next_end: NONE,
            begin: len as u32,
            end: len as u32,
        });
    }
}

const NONE: u32 = u32::MAX;

/// `text[begin..end]`, widened to character boundaries: an unknown word may end inside a
/// character only where MeCab's 65,535-byte look-ahead cuts one, after that many bytes of
/// spaces (MeCab would then print a broken UTF-8 sequence).
fn surface(text: &str, mut begin: usize, mut end: usize) -> &str {
    end = end.min(text.len());
    begin = begin.min(end);
    while !text.is_char_boundary(begin) {
        begin -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    &text[begin..end]
}

/// A node found by [`Dictionary::lookup`], not yet connected.
#[derive(Clone, Copy)]
struct Cand {
    token: Token,
    begin: usize,
    len: u32,
    /// Bytes of skipped spaces before `begin`.
    skipped: u32,
}

impl Cand {
    fn new(token: Token, begin: usize, len: usize, skipped: u32) -> Cand {
        Cand {
            token,
            begin,
            len: len as u32,
            skipped,
        }
    }
}

/// A connected node: its right id, the cost of the best path to it, that path's previous
/// node, the next node of its end position's list, and its surface's byte range.
struct Node {
    right: u16,
    cost: i64,
    prev: u32,
    next_end: u32,
    begin: u32,
    end: u32,
}

/// Buffers reused from one text to the next on a thread.
#[derive(Default)]
struct Lattice {
    nodes: Vec<Node>,
    ends: Vec<u32>,
    cands: Vec<Cand>,
    /// Per left id met at a position: the best cost to come from and its node.
    memo: Vec<(u16, i64, u32)>,
    /// The nodes ending at a position: right id, cost, node.
    from: Vec<(u16, i64, u32)>,
    path: Vec<(usize, usize)>,
}

thread_local! {
    static LATTICE: RefCell<Lattice> = RefCell::new(Lattice::default());
}

static LOADED: OnceLock<Dictionary> = OnceLock::new();

/// Makes `dictionary` the one [`loaded`] gives, for the life of the process. A second call
/// with a dictionary of the same name is a no-op; with another name, an error.
pub fn install(
    make: impl FnOnce() -> Result<Dictionary, RougeError>,
    name: &str,
) -> Result<(), RougeError> {
    if let Some(d) = LOADED.get() {
        return check_name(d, name);
    }
    let dictionary = make()?;
    let d = LOADED.get_or_init(|| dictionary);
    check_name(d, name)
}

fn check_name(d: &Dictionary, name: &str) -> Result<(), RougeError> {
    if d.name == name {
        Ok(())
    } else {
        Err(RougeError::InvalidOption(format!(
            "this process loaded the MeCab dictionary {:?}; it cannot load {name:?} too",
            d.name
        )))
    }
}

/// The dictionary [`install`] loaded, if any.
pub fn loaded() -> Option<&'static Dictionary> {
    LOADED.get()
}
