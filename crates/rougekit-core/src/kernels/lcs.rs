//! Longest common subsequence kernels on token ids.
//!
//! Bit-parallel LCS (Hyyrö 2004): one machine word holds 64 DP cells of a row, so a pair costs
//! O(|long| · ⌈|short|/64⌉) word operations and O(|short|) memory. For rougeLsum the rows are
//! kept (one bit per cell) so that rouge-score's exact traceback can be replayed.

use crate::pool::Cancel;

mod ngram_overlap;

const NONE: u32 = u32::MAX;

/// High bit of a slot: the symbol is rare and its mask is built from its positions.
const RARE: u32 = 1 << 31;

/// Most mask words kept for every symbol (32 MiB): below it the table is dense, as for any
/// text up to 16,384 tokens.
const MAX_DENSE_WORDS: usize = 1 << 22;

/// Per-symbol match masks over the positions of one sequence.
///
/// Dense (one mask of ⌈n/64⌉ words per distinct symbol) while that stays under
/// [`MAX_DENSE_WORDS`]; beyond, only symbols with at least ⌈n/64⌉ occurrences (at most 64 of
/// them) keep a mask and the others keep their positions, from which
/// [`MaskTable::advance_by`] sets and clears the bits of a scratch row: memory O(n) instead
/// of O(distinct · n/64), and the same O(n/64) work per step.
///
/// A sequence of at most 64 tokens (most texts and lines) keeps its one-word masks indexed
/// by token id instead (`by_id`): a lookup is one load, with no slot to read first, and a
/// build one OR per token.
#[derive(Debug, Default)]
pub struct MaskTable {
    slot: Vec<u32>,
    /// The symbols that have a slot, or with one word the tokens of the sequence (whose
    /// `by_id` masks the next build clears).
    used: Vec<u32>,
    /// One word: token id → its mask (zero when absent, and between builds but for `used`).
    /// Its last entry is never a token's, so it stays zero: the mask of an id past the end.
    by_id: Vec<u64>,
    masks: Vec<u64>,
    words: usize,
    /// Positions of rare symbol r: `positions[starts[r]..starts[r + 1]]`.
    starts: Vec<u32>,
    positions: Vec<u32>,
    /// All zero between calls; `words` long.
    scratch: Vec<u64>,
    /// Some symbols keep positions instead of masks.
    sparse: bool,
    /// Tests: a smaller [`MAX_DENSE_WORDS`] to exercise the sparse table.
    #[cfg(test)]
    dense_limit: Option<usize>,
}

impl MaskTable {
    /// Builds the masks of `seq` (bit `p` of symbol `c`'s mask is set iff `seq[p] == c`).
    pub fn build(&mut self, seq: &[u32]) {
        self.clear();
        self.words = seq.len().div_ceil(64).max(1);
        #[cfg(test)]
        let max_dense = self.dense_limit.unwrap_or(MAX_DENSE_WORDS);
        #[cfg(not(test))]
        let max_dense = MAX_DENSE_WORDS;
        if self.words > 1 && seq.len().saturating_mul(self.words) > max_dense {
            return self.build_sparse(seq);
        }
        if self.words == 1 {
            for (pos, &c) in seq.iter().enumerate() {
                // Rarely true once the table has grown to the vocabulary.
                if c as usize + 1 >= self.by_id.len() {
                    self.by_id.resize(c as usize + 2, 0);
                }
                self.by_id[c as usize] |= 1u64 << pos;
            }
            self.used.extend_from_slice(seq);
            return;
        }
        // The slot table is sized once per build, so the loop below indexes it directly.
        let max = seq.iter().copied().max().unwrap_or(0) as usize;
        if max >= self.slot.len() {
            self.slot.resize(max + 1, NONE);
        }
        for (pos, &c) in seq.iter().enumerate() {
            let (slot, new) = self.register(c);
            if new {
                self.masks.resize(self.masks.len() + self.words, 0);
            }
            self.masks[slot * self.words + pos / 64] |= 1u64 << (pos % 64);
        }
    }

    /// The slot of symbol `c` (its rank of first appearance), and whether it is new.
    #[inline]
    fn register(&mut self, c: u32) -> (usize, bool) {
        let c = c as usize;
        if c >= self.slot.len() {
            self.slot.resize(c + 1, NONE);
        }
        let new = self.slot[c] == NONE;
        if new {
            self.slot[c] = self.used.len() as u32;
            self.used.push(c as u32);
        }
        (self.slot[c] as usize, new)
    }

    fn build_sparse(&mut self, seq: &[u32]) {
        self.sparse = true;
        // Occurrence counts, kept in `starts` indexed by first appearance.
        let mut counts = std::mem::take(&mut self.starts);
        counts.clear();
        for &c in seq {
            let (slot, new) = self.register(c);
            if new {
                counts.push(0);
            }
            counts[slot] += 1;
        }
        // Frequent symbols get masks, rare ones a range of `positions`.
        let (mut dense, mut rare_total) = (0u32, 0u32);
        let mut rare_starts = Vec::new();
        for (k, &c) in self.used.iter().enumerate() {
            let n = counts[k];
            if n as usize >= self.words {
                self.slot[c as usize] = dense;
                dense += 1;
            } else {
                self.slot[c as usize] = RARE | rare_starts.len() as u32;
                rare_starts.push(rare_total);
                rare_total += n;
            }
        }
        rare_starts.push(rare_total);
        self.masks.resize(dense as usize * self.words, 0);
        self.positions.resize(rare_total as usize, 0);
        let mut fill = rare_starts.clone();
        for (pos, &c) in seq.iter().enumerate() {
            let s = self.slot[c as usize];
            if s & RARE != 0 {
                let r = (s & !RARE) as usize;
                self.positions[fill[r] as usize] = pos as u32;
                fill[r] += 1;
            } else {
                self.masks[s as usize * self.words + pos / 64] |= 1u64 << (pos % 64);
            }
        }
        self.starts = rare_starts;
        self.scratch.clear();
        self.scratch.resize(self.words, 0);
    }

    fn clear(&mut self) {
        self.sparse = false;
        if self.words == 1 {
            for &c in &self.used {
                self.by_id[c as usize] = 0;
            }
        } else {
            for &c in &self.used {
                self.slot[c as usize] = NONE;
            }
        }
        self.used.clear();
        self.masks.clear();
        self.positions.clear();
        self.starts.clear();
    }

    /// The one-word mask of `c` for a sequence of at most 64 tokens (0 if `c` is absent),
    /// without a data-dependent branch: whether a target token occurs in a prediction line
    /// is a coin flip the branch predictor loses (cachegrind: a third of the traceback's
    /// mispredictions).
    ///
    /// An id past the table reads its last entry, which is zero: a token new to the run
    /// (its id above every id built so far, a few per reference) takes no branch either
    /// (cachegrind: 8 mispredictions per CNN/DM pair fewer than a bounds test).
    #[inline(always)]
    fn word_mask(&self, c: u32) -> u64 {
        debug_assert!(self.words == 1);
        match self.by_id.len().checked_sub(1) {
            Some(last) => self.by_id[(c as usize).min(last)],
            None => 0,
        }
    }

    /// The mask of `c` in a dense table (`None` if `c` does not occur).
    #[inline]
    fn dense_mask(&self, c: u32) -> Option<&[u64]> {
        if self.words == 1 {
            return self
                .by_id
                .get(c as usize)
                .filter(|&&m| m != 0)
                .map(std::slice::from_ref);
        }
        match self.slot.get(c as usize) {
            Some(&s) if s != NONE => {
                let base = s as usize * self.words;
                Some(&self.masks[base..base + self.words])
            }
            _ => None,
        }
    }

    /// True when `c` occurs in the sequence.
    #[inline]
    fn contains(&self, c: u32) -> bool {
        if self.words == 1 {
            return self.word_mask(c) != 0;
        }
        self.slot.get(c as usize).is_some_and(|&s| s != NONE)
    }

    /// Advances the row `v` by symbol `c` (nothing when `c` does not occur).
    #[inline]
    fn advance_by(&mut self, v: &mut [u64], c: u32) {
        if self.words == 1 {
            return advance(v, &[self.word_mask(c)]);
        }
        match self.slot.get(c as usize) {
            Some(&s) if s != NONE && s & RARE == 0 => {
                let base = s as usize * self.words;
                advance(v, &self.masks[base..base + self.words]);
            }
            Some(&s) if s != NONE => {
                let r = (s & !RARE) as usize;
                let at = &self.positions[self.starts[r] as usize..self.starts[r + 1] as usize];
                for &p in at {
                    self.scratch[p as usize / 64] |= 1u64 << (p % 64);
                }
                advance(v, &self.scratch);
                for &p in at {
                    self.scratch[p as usize / 64] = 0;
                }
            }
            _ => {}
        }
    }
}

/// Advances the bit-parallel row `v` by one symbol: `V' = (V + U) | (V − U)` with `U = V & M`
/// (and `V − U = V & !U` since `U ⊆ V`).
#[inline]
fn advance(v: &mut [u64], m: &[u64]) {
    if v.len() == 1 {
        let (x, u) = (v[0], v[0] & m[0]);
        v[0] = x.wrapping_add(u) | (x & !u);
        return;
    }
    let mut carry = 0u64;
    for (x, &mk) in v.iter_mut().zip(m) {
        let u = *x & mk;
        let (s1, c1) = x.overflowing_add(u);
        let (s2, c2) = s1.overflowing_add(carry);
        carry = u64::from(c1 | c2);
        *x = s2 | (*x & !u);
    }
}

/// Popcount of `!v` over bits `0..len`.
#[inline]
fn prefix_ones_of_not(v: &[u64], len: usize) -> usize {
    let full = len / 64;
    let mut n: usize = v[..full].iter().map(|w| (!w).count_ones() as usize).sum();
    let rest = len % 64;
    if rest > 0 {
        n += ((!v[full]) & ((1u64 << rest) - 1)).count_ones() as usize;
    }
    n
}

/// Reusable buffers for the LCS kernels.
#[derive(Debug, Default)]
pub struct LcsScratch {
    masks: MaskTable,
    /// The sequence `masks` were built over (valid when `built`): a second build over the
    /// same tokens is skipped, as when rougeL and rougeLsum both take the prediction's masks.
    columns: Vec<u32>,
    built: bool,
    row: Vec<u64>,
    rows: Vec<u64>,
}

impl LcsScratch {
    /// Builds match masks over `seq`, for several [`LcsScratch::union_positions`] calls
    /// (nothing to do when the masks already are those of `seq`).
    pub fn set_columns(&mut self, seq: &[u32]) {
        if self.built && self.columns == seq {
            return;
        }
        self.masks.build(seq);
        self.columns.clear();
        self.columns.extend_from_slice(seq);
        self.built = true;
    }

    /// Advances the bit-parallel row by every token of `rows`.
    #[inline]
    fn advance_rows(&mut self, rows: &[u32]) {
        if self.masks.words == 1 {
            // One word: advancing by an absent token's zero mask leaves the row as it is,
            // which is cheaper than the unpredictable branch that would skip it.
            let v = &mut self.row[0];
            for &c in rows {
                let (x, u) = (*v, *v & self.masks.word_mask(c));
                *v = x.wrapping_add(u) | (x & !u);
            }
        } else if self.masks.sparse {
            for &c in rows {
                self.masks.advance_by(&mut self.row, c);
            }
        } else {
            // The dense table (every usual text): the tight loop of before.
            for &c in rows {
                if let Some(m) = self.masks.dense_mask(c) {
                    advance(&mut self.row, m);
                }
            }
        }
    }
}

/// Rows advanced between two reports to a [`Cancel`] (times the row's words of work).
const TICK_ROWS: usize = 1024;

/// LCS length of `a` and `b` (only the length: rougeL, spec `rouge-score.md` §5), the
/// shorter as the columns. When `cancel` stops it the value is meaningless (the caller
/// discards it).
pub fn lcs_len(a: &[u32], b: &[u32], s: &mut LcsScratch, cancel: &Cancel<'_>) -> usize {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    lcs_len_against(long, short, s, cancel)
}

/// [`lcs_len`] with `columns` as the columns, e.g. a prediction whose masks also serve its
/// other references and rougeLsum ([`LcsScratch::set_columns`] builds them once).
pub fn lcs_len_against(
    rows: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    cancel: &Cancel<'_>,
) -> usize {
    if columns.is_empty() || rows.is_empty() {
        return 0;
    }
    s.set_columns(columns);
    s.row.clear();
    s.row.resize(s.masks.words, !0u64);
    let work = TICK_ROWS * s.masks.words;
    for part in rows.chunks(TICK_ROWS) {
        s.advance_rows(part);
        if !cancel.tick(work) {
            return 0;
        }
    }
    // The LCS length is the number of zero bits (steps up) of the last row.
    prefix_ones_of_not(&s.row, columns.len())
}

impl LcsScratch {
    /// LCS length of `rows` against the columns given to [`LcsScratch::set_columns`] (the
    /// length only, as [`lcs_len`]): one query's masks serve many candidates.
    pub fn columns_lcs_len(&mut self, columns: usize, rows: &[u32]) -> usize {
        if columns == 0 || rows.is_empty() {
            return 0;
        }
        self.row.clear();
        self.row.resize(self.masks.words, !0u64);
        self.advance_rows(rows);
        prefix_ones_of_not(&self.row, columns)
    }

    /// Whether the LCS of `rows` and the columns given to [`LcsScratch::set_columns`]
    /// (`columns` tokens) is at least `need`, stopping as soon as that is decided: after `k`
    /// rows the LCS of the prefix is a lower bound of the whole LCS, and that plus the rows
    /// left (each adds at most 1) an upper bound. Exact: the same rows as [`lcs_len`].
    pub fn reaches(&mut self, columns: usize, rows: &[u32], need: usize) -> bool {
        if need == 0 {
            return true;
        }
        if need > columns.min(rows.len()) {
            return false;
        }
        self.row.clear();
        self.row.resize(self.masks.words, !0u64);
        let total = rows.len();
        let mut now = 0;
        for (k, &c) in rows.iter().enumerate() {
            // A row whose token is not among the columns leaves the row as it was.
            if self.masks.contains(c) {
                self.masks.advance_by(&mut self.row, c);
                now = prefix_ones_of_not(&self.row, columns);
                if now >= need {
                    return true;
                }
            }
            if now + (total - k - 1) < need {
                return false;
            }
        }
        false
    }
}

/// Marks in `mark` the target positions of the one LCS of (`target`, columns) that
/// rouge-score's `_backtrack_norec` picks (spec `rouge-score.md` §6.4a). The columns are the sequence last
/// given to [`LcsScratch::set_columns`] and must equal `columns`.
///
/// Rows are target tokens, columns prediction tokens. From the bottom-right cell: on equal
/// tokens take the target position and go diagonally; else go left (drop the prediction
/// token) only if the left cell is *strictly* larger than the cell above; else go up.
pub fn union_positions(target: &[u32], columns: &[u32], s: &mut LcsScratch, mark: &mut [bool]) {
    union_positions_with(target, columns, s, mark, &Cancel::never());
}

/// [`union_positions`] reporting the work of long targets to `cancel` (callers report many
/// short calls themselves); when stopped, the marks are partial (the caller discards them).
pub fn union_positions_with(
    target: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    mark: &mut [bool],
    cancel: &Cancel<'_>,
) {
    backtrack(target, columns, s, cancel, |i, _, diagonal| {
        mark[i] |= diagonal
    });
}

/// The pairs (target position, column) of the one LCS that [`union_positions`] marks, from
/// the last to the first (the explanation's witness: the same walk, with the column of
/// each diagonal step kept). The columns must have been given to
/// [`LcsScratch::set_columns`].
pub fn backtrack_pairs(
    target: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    cancel: &Cancel<'_>,
    mut on_pair: impl FnMut(usize, usize),
) {
    backtrack(target, columns, s, cancel, |i, j, diagonal| {
        if diagonal {
            on_pair(i, j);
        }
    });
}

/// rouge-score's traceback, last step first: `on_step(i, j, true)` for each diagonal step
/// (target `i`, column `j`); the one-word walk also reports some of the rows it leaves
/// upwards (`on_step(i, k, false)`), so that callers can consume those without a branch.
#[inline]
fn backtrack(
    target: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    cancel: &Cancel<'_>,
    mut on_step: impl FnMut(usize, usize, bool),
) {
    let (m, n) = (target.len(), columns.len());
    if m == 0 || n == 0 {
        return;
    }
    if n <= 64 {
        return union_positions_one_word(target, columns, s, on_step);
    }
    let on_pair = |i, j| on_step(i, j, true);
    union_positions_blocked(target, columns, s, on_pair, MAX_STORED_WORDS, cancel);
}

/// Above this many stored row words (32 MiB) the traceback keeps only checkpoint rows and
/// recomputes one block of rows at a time: memory O(√m · w) instead of O(m · w), at the
/// cost of a second forward pass.
const MAX_STORED_WORDS: usize = 1 << 22;

/// The bit-parallel rows `V_i` of one (target, columns) table, served block by block.
struct Rows<'a> {
    target: &'a [u32],
    masks: &'a mut MaskTable,
    w: usize,
    block: usize,
    /// `V_{k·block}` for k = 0, 1, ...
    checkpoints: Vec<u64>,
    /// The distinct rows of `V_{start} ..= V_{start+block}` (fewer at the end): a row whose
    /// target token does not occur in the columns equals the row above and is not copied,
    /// so long texts that share few tokens cost O(shared rows · w), not O(m · w).
    cache: Vec<u64>,
    /// Per row from `start`: its index in `cache`.
    slots: Vec<u32>,
    /// Per `cache` row: the first row (absolute index) with that content.
    firsts: Vec<usize>,
    start: usize,
    /// The last `prefix` computed: (first row with that content, j, value).
    memo: (usize, usize, usize),
}

impl Rows<'_> {
    fn advance_from(&mut self, v: &mut [u64], i: usize) {
        self.masks.advance_by(v, self.target[i]);
    }

    /// Loads the block holding row `i` unless it is loaded; returns its slot.
    fn slot(&mut self, i: usize) -> usize {
        let w = self.w;
        if i < self.start || i >= self.start + self.slots.len() {
            // Load the block whose rows (k·block, (k+1)·block] contain i (row 0: block 0).
            let k = i.saturating_sub(1) / self.block;
            self.start = k * self.block;
            let end = (self.start + self.block).min(self.target.len());
            let mut v = self.checkpoints[k * w..(k + 1) * w].to_vec();
            let mut cache = std::mem::take(&mut self.cache);
            cache.clear();
            cache.extend_from_slice(&v);
            self.slots.clear();
            self.slots.push(0);
            self.firsts.clear();
            self.firsts.push(self.start);
            for r in self.start..end {
                if self.masks.contains(self.target[r]) {
                    self.advance_from(&mut v, r);
                    cache.extend_from_slice(&v);
                    self.firsts.push(r + 1);
                }
                self.slots.push((self.firsts.len() - 1) as u32);
            }
            self.cache = cache;
        }
        self.slots[i - self.start] as usize
    }

    /// Row `i` (0 ..= m) as words.
    fn row(&mut self, i: usize) -> &[u64] {
        let w = self.w;
        let off = self.slot(i) * w;
        &self.cache[off..off + w]
    }

    /// `L[i][j]`: zero bits of row i below column j (remembered for the last row content
    /// and j: the trace back often climbs rows that equal each other).
    fn prefix(&mut self, i: usize, j: usize) -> usize {
        if i == 0 {
            return 0;
        }
        let slot = self.slot(i);
        let first = self.firsts[slot];
        if (self.memo.0, self.memo.1) == (first, j) {
            return self.memo.2;
        }
        let value = prefix_ones_of_not(self.row(i), j);
        self.memo = (first, j, value);
        value
    }

    /// `L[i][j+1] - L[i][j]`.
    fn step(&mut self, i: usize, j: usize) -> usize {
        if i == 0 {
            0
        } else {
            ((!self.row(i)[j / 64] >> (j % 64)) & 1) as usize
        }
    }
}

fn union_positions_blocked(
    target: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    mut on_pair: impl FnMut(usize, usize),
    max_stored_words: usize,
    cancel: &Cancel<'_>,
) {
    let (m, n) = (target.len(), columns.len());
    let w = s.masks.words;
    let block = if m * w <= max_stored_words {
        m
    } else {
        ((m as f64).sqrt().ceil() as usize).max(1)
    };
    let mut rows = Rows {
        target,
        masks: &mut s.masks,
        w,
        block,
        checkpoints: Vec::with_capacity((m / block + 1) * w),
        cache: std::mem::take(&mut s.rows),
        slots: Vec::new(),
        firsts: Vec::new(),
        start: usize::MAX,
        memo: (usize::MAX, 0, 0),
    };
    rows.cache.clear();
    let mut v = vec![!0u64; w];
    rows.checkpoints.extend_from_slice(&v);
    for i in 0..m {
        rows.advance_from(&mut v, i);
        if (i + 1) % block == 0 {
            rows.checkpoints.extend_from_slice(&v);
        }
        if (i + 1) % TICK_ROWS == 0 && !cancel.tick(TICK_ROWS * w) {
            s.rows = rows.cache;
            return;
        }
    }
    let mut steps = 0usize;
    if prefix_ones_of_not(&v, n) > 0 {
        let (mut i, mut j) = (m, n);
        let mut cur = rows.prefix(i, j);
        let mut up = rows.prefix(i - 1, j);
        while i > 0 && j > 0 {
            steps += 1;
            // A step may recompute a block of rows: report about that much work.
            if steps.is_multiple_of(TICK_ROWS) && !cancel.tick(TICK_ROWS * w) {
                break;
            }
            if target[i - 1] == columns[j - 1] {
                on_pair(i - 1, j - 1);
                i -= 1;
                j -= 1;
                cur -= 1;
                up = if i > 0 { rows.prefix(i - 1, j) } else { 0 };
            } else {
                let left = cur - rows.step(i, j - 1);
                if left > up {
                    cur = left;
                    up -= rows.step(i - 1, j - 1);
                    j -= 1;
                } else {
                    cur = up;
                    i -= 1;
                    up = if i > 0 { rows.prefix(i - 1, j) } else { 0 };
                }
            }
        }
    }
    s.rows = rows.cache;
}

/// [`union_positions`] for a prediction line of at most 64 tokens (the usual sentence):
/// each DP row is one word.
///
/// The walk is rouge-score's, one row at a time instead of one cell at a time. With
/// `A_i` = row i's steps (bit k: `L[i][k+1] - L[i][k]`) and `V` = `L[i][j] - L[i-1][j]`
/// (0 or 1):
/// - `V = 0`: the left cell is never strictly above the upper one, so the walk takes the
///   diagonal if the tokens at (i, j) are equal, else goes up;
/// - `V = 1`: it goes left while the tokens differ and `A_i`'s bit is clear (which keeps
///   `V = 1`), so it stops at the highest column below j where the tokens are equal
///   (diagonal) or `A_i`'s bit is set (up): one `leading_zeros` of `(E_i | A_i)` below j,
///   where `E_i` is the mask of the columns equal to row i's token.
///
/// `V` itself is the parity of the bits below j in which `A_i` and `A_{i-1}` differ: the
/// difference of the two prefix counts only ever steps between 0 and 1, so each differing
/// bit flips it.
///
/// `on_row(i, k, diagonal)` is called for the rows the walk leaves (from the last) whose
/// token occurs among the columns, with the column `k` where it leaves and whether it
/// leaves diagonally (a pair of the LCS); the selects are branch-free, as the walk's turns
/// are unpredictable.
fn union_positions_one_word(
    target: &[u32],
    columns: &[u32],
    s: &mut LcsScratch,
    on_row: impl FnMut(usize, usize, bool),
) {
    // rows[2i] = A_i (row 0 all zero), rows[2i + 1] = E_i, the mask of row i's token.
    let m = target.len();
    s.rows.clear();
    s.rows.resize(2 * (m + 1), 0);
    let mut v = !0u64;
    for (&c, row) in target.iter().zip(s.rows[2..].chunks_exact_mut(2)) {
        let equal = s.masks.word_mask(c);
        let u = v & equal;
        v = v.wrapping_add(u) | (v & !u);
        row[0] = !v;
        row[1] = equal;
    }
    walk_one_word_rows(&s.rows, 0, columns.len(), on_row);
}

/// One step of [`walk_one_word_rows`]: the walk leaves row i (target index i, rows
/// `[A_i, E_i, A_{i+1}, E_{i+1}]` from `2i` on) at column `*j`; true once it reaches `lo`.
#[inline(always)]
fn walk_step(
    rows: &[u64],
    lo: usize,
    j: &mut usize,
    i: usize,
    on_row: &mut impl FnMut(usize, usize, bool),
) -> bool {
    let (above, a, equal) = (rows[2 * i], rows[2 * i + 2], rows[2 * i + 3]);
    let below = low(*j) & !low(lo);
    // The column k (j - 1 or lower) where the walk leaves row i. V = 1 means L[i][j] >= 1,
    // so A_i has a bit in lo..j (the `| 1` only keeps `leading_zeros` defined when V = 0
    // and the value is not used).
    let v_is_one = ((a ^ above) & below).count_ones() & 1 == 1;
    debug_assert!(!v_is_one || (equal | a) & below != 0);
    let highest = 63 - ((equal | a) & below | 1).leading_zeros() as usize;
    let k = std::hint::select_unpredictable(v_is_one, highest, *j - 1);
    let diagonal = (equal >> k) & 1 == 1;
    on_row(i, k - lo, diagonal);
    *j = k + usize::from(!diagonal);
    *j == lo
}

impl LcsScratch {
    /// The one-word rows (as [`walk_one_word_rows`] reads them) of `target` against the
    /// columns given to [`LcsScratch::set_columns`] (at most 64), read as several tables side
    /// by side: `tops` has the top bit of every table but the last. Each table's bits evolve
    /// exactly as its own one-word rows would: the row update's addition carries within a
    /// table and never into the next one (a lane-wise add, Hacker's Delight §2-18).
    pub(crate) fn packed_rows(&mut self, target: &[u32], tops: u64) -> &[u64] {
        debug_assert!(self.masks.words == 1);
        self.rows.clear();
        self.rows.resize(2 * (target.len() + 1), 0);
        let mut v = !0u64;
        for (&c, row) in target.iter().zip(self.rows[2..].chunks_exact_mut(2)) {
            let equal = self.masks.word_mask(c);
            let u = v & equal;
            let sum = ((v & !tops).wrapping_add(u & !tops)) ^ ((v ^ u) & tops);
            v = sum | (v & !u);
            row[0] = !v;
            row[1] = equal;
        }
        &self.rows
    }
}

/// The bits below `j` (all of them from 64 on).
#[inline(always)]
fn low(j: usize) -> u64 {
    if j >= 64 {
        !0u64
    } else {
        (1u64 << j) - 1
    }
}

/// rouge-score's walk over one-word rows `rows` (`[A_0, E_0, A_1, E_1, ...]`, `A_0 = 0`, as
/// [`union_positions_one_word`] stores them) restricted to the columns at bits `lo..hi`: the
/// rows of a table whose columns are those bits alone, so several prediction lines packed
/// in one word are walked one at a time ([`crate::kernels::union_lcs`]). `on_row(i, k,
/// diagonal)` gets the column `k` counted from `lo`.
#[inline]
pub(crate) fn walk_one_word_rows(
    rows: &[u64],
    lo: usize,
    hi: usize,
    mut on_row: impl FnMut(usize, usize, bool),
) {
    let m = rows.len() / 2 - 1;
    let columns = low(hi) & !low(lo);
    // Row m's A: no step in these columns means no common token, nothing to mark.
    if rows[2 * m] & columns == 0 {
        return;
    }
    let mut j = hi;
    if m <= 64 {
        // A row whose token is not among the columns has V = 0 (L[i][j] > L[i-1][j] needs
        // row i's token at a column below j): the walk goes straight up through it. Only
        // the other rows are visited, from a mask of them (news lines: a fifth of the rows).
        let mut visit = rows[3..]
            .iter()
            .step_by(2)
            .enumerate()
            .fold(0u64, |acc, (i, &e)| acc | u64::from(e & columns != 0) << i);
        while visit != 0 {
            let i = 63 - visit.leading_zeros() as usize;
            visit ^= 1u64 << i;
            if walk_step(rows, lo, &mut j, i, &mut on_row) {
                break;
            }
        }
        return;
    }
    for i in (0..m).rev() {
        if walk_step(rows, lo, &mut j, i, &mut on_row) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain O(mn) table and traceback, as a readable oracle.
    fn table(t: &[u32], p: &[u32]) -> Vec<Vec<usize>> {
        let mut l = vec![vec![0; p.len() + 1]; t.len() + 1];
        for i in 1..=t.len() {
            for j in 1..=p.len() {
                l[i][j] = if t[i - 1] == p[j - 1] {
                    l[i - 1][j - 1] + 1
                } else {
                    l[i - 1][j].max(l[i][j - 1])
                };
            }
        }
        l
    }

    fn oracle_positions(t: &[u32], p: &[u32]) -> Vec<usize> {
        let l = table(t, p);
        let (mut i, mut j, mut out) = (t.len(), p.len(), Vec::new());
        while i > 0 && j > 0 {
            if t[i - 1] == p[j - 1] {
                out.push(i - 1);
                i -= 1;
                j -= 1;
            } else if l[i][j - 1] > l[i - 1][j] {
                j -= 1;
            } else {
                i -= 1;
            }
        }
        out.reverse();
        out
    }

    pub(super) fn lcg(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    #[test]
    fn matches_dp_oracle_on_random_sequences() {
        let mut seed = 42u64;
        let mut dense = LcsScratch::default();
        let mut sparse = LcsScratch::default();
        sparse.masks.dense_limit = Some(0);
        for round in 0..6000 {
            let s = if round % 2 == 0 {
                &mut dense
            } else {
                &mut sparse
            };
            let alphabet = 1 + lcg(&mut seed) % if round % 4 < 2 { 6 } else { 300 };
            let max_len = if round % 10 < 2 { 400 } else { 20 };
            let la = (lcg(&mut seed) % max_len) as usize;
            let lb = (lcg(&mut seed) % max_len) as usize;
            let a: Vec<u32> = (0..la).map(|_| lcg(&mut seed) % alphabet).collect();
            let b: Vec<u32> = (0..lb).map(|_| lcg(&mut seed) % alphabet).collect();
            let l = table(&a, &b);
            assert_eq!(lcs_len(&a, &b, s, &Cancel::never()), l[la][lb]);
            assert_eq!(lcs_len_against(&a, &b, s, &Cancel::never()), l[la][lb]);
            assert_eq!(lcs_len_against(&b, &a, s, &Cancel::never()), l[la][lb]);
            // The query kernels: the length from prebuilt columns, and the early-exit
            // decision at every bound around it (one-word masks by id, dense and sparse
            // masks of 2 to 7 words).
            s.set_columns(&b);
            assert_eq!(s.columns_lcs_len(lb, &a), l[la][lb]);
            for need in 0..=la.min(lb) + 1 {
                assert_eq!(s.reaches(lb, &a, need), l[la][lb] >= need, "need {need}");
            }
            let expected = oracle_positions(&a, &b);
            s.set_columns(&b);
            // The public entry point, then the multi-word path with full and with
            // checkpointed row storage (a tiny limit forces blocks of about sqrt(m) rows).
            for limit in [None, Some(usize::MAX), Some(1)] {
                let mut mark = vec![false; la];
                match limit {
                    None => union_positions(&a, &b, s, &mut mark),
                    Some(l) if !b.is_empty() && !a.is_empty() => union_positions_blocked(
                        &a,
                        &b,
                        s,
                        |i, _| mark[i] = true,
                        l,
                        &Cancel::never(),
                    ),
                    Some(_) => continue,
                }
                let got: Vec<usize> = (0..la).filter(|&i| mark[i]).collect();
                assert_eq!(got, expected, "{a:?} {b:?} {limit:?}");
            }
        }
    }

    /// The oracle's traceback with the columns: (target, column) pairs, first first.
    fn oracle_pairs(t: &[u32], p: &[u32]) -> Vec<(usize, usize)> {
        let l = table(t, p);
        let (mut i, mut j, mut out) = (t.len(), p.len(), Vec::new());
        while i > 0 && j > 0 {
            if t[i - 1] == p[j - 1] {
                out.push((i - 1, j - 1));
                i -= 1;
                j -= 1;
            } else if l[i][j - 1] > l[i - 1][j] {
                j -= 1;
            } else {
                i -= 1;
            }
        }
        out.reverse();
        out
    }

    #[test]
    fn backtrack_pairs_match_the_oracle() {
        let mut seed = 9u64;
        let mut s = LcsScratch::default();
        for round in 0..3000 {
            let alphabet = 1 + lcg(&mut seed) % if round % 2 == 0 { 5 } else { 200 };
            let max_len = if round % 10 < 2 { 300 } else { 30 };
            let a: Vec<u32> = (0..lcg(&mut seed) % max_len)
                .map(|_| lcg(&mut seed) % alphabet)
                .collect();
            let b: Vec<u32> = (0..lcg(&mut seed) % max_len)
                .map(|_| lcg(&mut seed) % alphabet)
                .collect();
            s.set_columns(&b);
            let mut got = Vec::new();
            backtrack_pairs(&a, &b, &mut s, &Cancel::never(), |i, j| got.push((i, j)));
            got.reverse();
            assert_eq!(got, oracle_pairs(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn tie_break_of_spec_e26() {
        // target "a b", prediction line "b a": rouge-score keeps target position 0 ("a").
        let mut s = LcsScratch::default();
        let mut mark = vec![false; 2];
        s.set_columns(&[1, 0]);
        union_positions(&[0, 1], &[1, 0], &mut s, &mut mark);
        assert_eq!(mark, [true, false]);
    }
}
