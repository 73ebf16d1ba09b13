//! MeCab's compiled dictionary files, read from their bytes (the core does no I/O: the caller
//! reads the files of an installed dictionary and hands them over).
//!
//! The layouts are MeCab 0.996's (`dictionary.cpp`, `connector.cpp`, `char_property.cpp`,
//! all little-endian):
//!
//! * `sys.dic`, `unk.dic`: a header of ten `u32` (magic = `0xef718f77 ^ file size`, version
//!   102, type, token count, left and right id counts, double-array bytes, token bytes,
//!   feature bytes, 0) and 32 bytes of charset name; then the double array (8-byte units:
//!   `i32` base, `u32` check), the tokens (16 bytes: left id `u16`, right id `u16`, POS id
//!   `u16`, word cost `i16`, feature offset `u32`, compound `u32`) and the features (not
//!   needed to segment). A trie value is `first token << 8 | token count`.
//! * `matrix.bin`: `u16` left size, `u16` right size, then `i16` costs, the cost from a
//!   node of right id `r` to one of left id `l` at `r + left size * l`.
//! * `char.bin`: `u32` category count, 32 bytes per category name, then one `u32` per UCS-2
//!   code point 0..0xFFFE: bits 0-17 the categories, 18-25 the default category, 26-29 the
//!   length, 30 group, 31 invoke (GCC's bit-field order).
use crate::error::RougeError;

/// `DictionaryMagicID` of MeCab's `dictionary.cpp`.
const MAGIC: u32 = 0xef71_8f77;
/// `DIC_VERSION`.
const VERSION: u32 = 102;
/// Header bytes: ten `u32` and the charset name.
pub const HEADER: usize = 72;
/// MeCab's `DEFAULT_MAX_GROUPING_SIZE`, used when dicrc leaves `max-grouping-size` unset or 0.
pub const DEFAULT_MAX_GROUPING: usize = 24;

/// One dictionary entry as the lattice needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub left: u16,
    pub right: u16,
    pub cost: i16,
}

/// A character's categories, as `char.bin` packs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CharInfo(pub u32);

impl CharInfo {
    /// The category bits.
    pub fn types(self) -> u32 {
        self.0 & 0x3_ffff
    }
    /// The category whose unknown-word entries are used.
    pub fn default_type(self) -> usize {
        ((self.0 >> 18) & 0xff) as usize
    }
    /// Unknown words of 1..=length characters are added.
    pub fn length(self) -> usize {
        ((self.0 >> 26) & 0xf) as usize
    }
    /// A run of the category is one unknown word.
    pub fn group(self) -> bool {
        (self.0 >> 30) & 1 == 1
    }
    /// Unknown words are added even where the dictionary has a word.
    pub fn invoke(self) -> bool {
        (self.0 >> 31) & 1 == 1
    }
    /// MeCab's `isKindOf`: the two share a category.
    pub fn kind_of(self, other: CharInfo) -> bool {
        self.types() & other.types() != 0
    }
}

/// A double-array trie over bytes (Darts 0.32, as MeCab embeds it).
pub struct DoubleArray {
    /// `(base, check)` per unit.
    units: Vec<(i32, u32)>,
}

impl DoubleArray {
    fn parse(bytes: &[u8]) -> DoubleArray {
        let units = bytes
            .chunks_exact(8)
            .map(|u| (le_i32(&u[..4]), le_u32(&u[4..])))
            .collect();
        DoubleArray { units }
    }

    #[inline(always)]
    fn unit(&self, at: u32) -> (i32, u32) {
        self.units
            .get(at as usize)
            .copied()
            .unwrap_or((0, u32::MAX))
    }

    /// Darts' `commonPrefixSearch` from the root: `(value, byte length)` of every key that
    /// is a prefix of `key`, shortest first.
    #[inline]
    pub fn common_prefixes(&self, key: &[u8], mut found: impl FnMut(u32, usize)) {
        let mut b = self.unit(0).0;
        for (i, &byte) in key.iter().enumerate() {
            let (n, check) = self.unit(b as u32);
            if b as u32 == check && n < 0 {
                found((-n - 1) as u32, i);
            }
            let p = (b as u32).wrapping_add(u32::from(byte) + 1);
            let (next, check) = self.unit(p);
            if b as u32 != check {
                return;
            }
            b = next;
        }
        let (n, check) = self.unit(b as u32);
        if b as u32 == check && n < 0 {
            found((-n - 1) as u32, key.len());
        }
    }

    /// Darts' `exactMatchSearch`: the value of `key`, if it is a key.
    pub fn exact(&self, key: &[u8]) -> Option<u32> {
        let mut value = None;
        self.common_prefixes(key, |v, len| {
            if len == key.len() {
                value = Some(v);
            }
        });
        value
    }
}

/// A compiled `sys.dic` or `unk.dic`: its trie and its tokens.
pub struct Lexicon {
    pub trie: DoubleArray,
    pub tokens: Vec<Token>,
    pub left_size: u32,
    pub right_size: u32,
}

fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

fn le_i32(b: &[u8]) -> i32 {
    i32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

fn broken(file: &str, why: &str) -> RougeError {
    RougeError::InvalidOption(format!("MeCab dictionary file {file} is broken: {why}"))
}

/// The bytes of `sys.dic` the segmenter reads: the header, trie and tokens (the features
/// after them are not needed); from the file's first [`HEADER`] bytes.
pub fn prefix_len(header: &[u8]) -> Result<usize, RougeError> {
    if header.len() < HEADER {
        return Err(broken("sys.dic", "shorter than its header"));
    }
    let d = le_u32(&header[24..28]) as usize;
    let t = le_u32(&header[28..32]) as usize;
    Ok(HEADER + d + t)
}

impl Lexicon {
    /// Parses `bytes`, the start of the file `file` (at least header, trie and tokens),
    /// whose full size is `file_size`.
    pub fn parse(file: &str, bytes: &[u8], file_size: u64) -> Result<Lexicon, RougeError> {
        if bytes.len() < HEADER {
            return Err(broken(file, "shorter than its header"));
        }
        let word = |i: usize| le_u32(&bytes[4 * i..4 * i + 4]);
        if u64::from(word(0) ^ MAGIC) != file_size {
            return Err(broken(file, "its magic number does not match its size"));
        }
        if word(1) != VERSION {
            return Err(broken(
                file,
                &format!("version {} (MeCab reads {VERSION})", word(1)),
            ));
        }
        let (left_size, right_size) = (word(4), word(5));
        let (d, t, f) = (word(6) as usize, word(7) as usize, word(8) as u64);
        if (HEADER + d + t) as u64 + f != file_size || bytes.len() < HEADER + d + t {
            return Err(broken(file, "its sections do not add up to its size"));
        }
        let trie = DoubleArray::parse(&bytes[HEADER..HEADER + d]);
        let tokens = bytes[HEADER + d..HEADER + d + t]
            .chunks_exact(16)
            .map(|b| Token {
                left: u16::from_le_bytes([b[0], b[1]]),
                right: u16::from_le_bytes([b[2], b[3]]),
                cost: i16::from_le_bytes([b[6], b[7]]),
            })
            .collect();
        Ok(Lexicon {
            trie,
            tokens,
            left_size,
            right_size,
        })
    }

    /// Drops, from the tokens of each trie value, those equal in ids and cost to an earlier
    /// one of the same value (UniDic lists a surface once per reading and lemma: 756,264
    /// tokens, 5 in 6 of them repeats for segmentation). Exact: a repeat ends where the
    /// first does with the same cost and right id, and MeCab meets the first one earlier in
    /// that end position's list, so its strict `<` never picks the repeat.
    pub fn drop_repeats(&mut self) {
        let mut tokens = Vec::with_capacity(self.tokens.len() / 4);
        let mut done: rustc_hash::FxHashMap<u32, u32> = rustc_hash::FxHashMap::default();
        for unit in &mut self.trie.units {
            if unit.0 >= 0 {
                continue;
            }
            let value = (-i64::from(unit.0) - 1) as u32;
            let new = *done.entry(value).or_insert_with(|| {
                let first = tokens.len();
                let old = {
                    let f = (value >> 8) as usize;
                    let n = (value & 0xff) as usize;
                    self.tokens.get(f..f + n).unwrap_or(&[])
                };
                for (i, t) in old.iter().enumerate() {
                    if !old[..i].contains(t) {
                        tokens.push(*t);
                    }
                }
                ((first as u32) << 8) | (tokens.len() - first) as u32
            });
            unit.0 = -(new as i32) - 1;
        }
        self.tokens = tokens;
    }

    /// The tokens a trie value stands for.
    pub fn tokens_of(&self, value: u32) -> &[Token] {
        let first = (value >> 8) as usize;
        let count = (value & 0xff) as usize;
        self.tokens
            .get(first..first + count)
            .unwrap_or(&self.tokens[..0])
    }
}

/// `matrix.bin`: the connection costs.
pub struct Matrix {
    pub left_size: usize,
    pub right_size: usize,
    pub costs: Vec<i16>,
}

impl Matrix {
    pub fn parse(bytes: &[u8]) -> Result<Matrix, RougeError> {
        if bytes.len() < 4 {
            return Err(broken("matrix.bin", "shorter than its header"));
        }
        let left_size = usize::from(u16::from_le_bytes([bytes[0], bytes[1]]));
        let right_size = usize::from(u16::from_le_bytes([bytes[2], bytes[3]]));
        if left_size == 0 || right_size == 0 {
            return Err(broken("matrix.bin", "it has no context ids"));
        }
        if bytes.len() != 4 + 2 * left_size * right_size {
            return Err(broken(
                "matrix.bin",
                "its size is not that of its dimensions",
            ));
        }
        let costs = bytes[4..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(Matrix {
            left_size,
            right_size,
            costs,
        })
    }
}

/// `char.bin`: the category names and every UCS-2 code point's [`CharInfo`].
pub struct CharTable {
    pub names: Vec<String>,
    /// 0x10000 entries: U+FFFF, which the file does not hold, reads as all zero (MeCab reads
    /// past its 0xFFFF entries there, into the zero fill of the mapped page).
    pub info: Vec<CharInfo>,
}

impl CharTable {
    pub fn parse(bytes: &[u8]) -> Result<CharTable, RougeError> {
        if bytes.len() < 4 {
            return Err(broken("char.bin", "shorter than its header"));
        }
        let n = le_u32(&bytes[..4]) as usize;
        if n > 18 || bytes.len() != 4 + 32 * n + 4 * 0xffff {
            return Err(broken("char.bin", "its size is not that of its categories"));
        }
        let names = (0..n)
            .map(|i| {
                let raw = &bytes[4 + 32 * i..4 + 32 * (i + 1)];
                let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
                String::from_utf8_lossy(&raw[..end]).into_owned()
            })
            .collect();
        let mut info: Vec<CharInfo> = bytes[4 + 32 * n..]
            .chunks_exact(4)
            .map(|c| CharInfo(le_u32(c)))
            .collect();
        info.push(CharInfo(0));
        Ok(CharTable { names, info })
    }
}

/// dicrc's `max-grouping-size` (MeCab's default when absent, commented out or 0).
pub fn max_grouping(dicrc: &str) -> usize {
    for line in dicrc.lines() {
        let line = line.trim();
        if line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            if key.trim() == "max-grouping-size" {
                if let Ok(n) = value.trim().parse::<usize>() {
                    if n > 0 {
                        return n;
                    }
                }
                return DEFAULT_MAX_GROUPING;
            }
        }
    }
    DEFAULT_MAX_GROUPING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_files_are_errors_naming_them() {
        let err = Lexicon::parse("sys.dic", &[0; 10], 10).err().unwrap();
        assert!(err.to_string().contains("sys.dic is broken"));
        let mut header = vec![0u8; HEADER];
        header[..4].copy_from_slice(&(MAGIC ^ 72).to_le_bytes());
        header[4..8].copy_from_slice(&101u32.to_le_bytes());
        let err = Lexicon::parse("unk.dic", &header, 72).err().unwrap();
        assert!(err.to_string().contains("version 101"));
        assert!(Matrix::parse(&[1, 0, 1, 0, 0]).is_err());
        assert!(Matrix::parse(&[0, 0, 0, 0]).is_err());
        assert_eq!(Matrix::parse(&[1, 0, 1, 0, 7, 0]).unwrap().costs, [7]);
        assert!(CharTable::parse(&[0; 8]).is_err());
    }

    #[test]
    fn the_trie_finds_prefixes_and_dicrc_its_limit() {
        // base(0) = 1; 'a' (0x61) at 1 + 0x62 = 99 with check 1; its leaf at base 99.
        let mut units = vec![(0i32, u32::MAX); 300];
        units[0] = (1, 0);
        units[99] = (99, 1);
        units[99] = (100, 1);
        units[100] = (-(7 << 8 | 2) - 1, 100);
        let trie = DoubleArray { units };
        let mut found = Vec::new();
        trie.common_prefixes(b"ab", |v, len| found.push((v, len)));
        assert_eq!(found, [(7 << 8 | 2, 1)]);
        assert_eq!(trie.exact(b"a"), Some(7 << 8 | 2));
        assert_eq!(trie.exact(b"b"), None);
        assert_eq!(
            max_grouping(";max-grouping-size = 10\n"),
            DEFAULT_MAX_GROUPING
        );
        assert_eq!(max_grouping("max-grouping-size = 10\n"), 10);
        assert_eq!(
            max_grouping("max-grouping-size = 0\n"),
            DEFAULT_MAX_GROUPING
        );
    }
}
