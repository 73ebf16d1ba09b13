//! Summary-level union LCS (rougeLsum, spec `rouge-score.md` §6.4): for every target line,
//! the union over all prediction lines of the target positions of the one LCS that
//! rouge-score's traceback picks.
//!
//! Computing that LCS for every (target line, prediction line) pair costs O(lines² · line)
//! (17M pairs on a 294,141 x 20,914-token pair). Most pairs cannot change the union: a pair's
//! LCS only takes target positions whose token occurs in the prediction line, so a pair whose
//! target line has no *unmarked* position with such a token adds nothing, whatever LCS the
//! traceback picks. The union is a set, so the order in which pairs are visited does not
//! matter either. This kernel therefore keeps, per token, the target lines that still have an
//! unmarked position with that token, and for each prediction line visits only the target
//! lines reached through its tokens; each visited pair runs the exact traceback of
//! [`lcs::union_positions_with`]. Once a target position is marked it is never looked at
//! again, so after the first prediction lines most of the work is a few list lookups per
//! prediction token. The result is the same set of marks as the plain double loop (tested
//! against it below and in `tests/test_union_lcs.py`).
use crate::kernels::lcs::{self, LcsScratch};
use crate::pool::Cancel;

const NONE: u32 = u32::MAX;

/// Reusable buffers of [`union_marks`]; nothing is allocated per line pair.
#[derive(Debug, Default)]
pub struct UnionLcsScratch {
    lcs: LcsScratch,
    /// Token id → its local index among the target's distinct tokens (`NONE` if absent).
    /// Grown to the largest id seen and reset only where set (`tokens`).
    local: Vec<u32>,
    /// Local index → token id.
    tokens: Vec<u32>,
    /// Per local token: its groups are `groups_of[starts[k] .. starts[k] + live[k]]`; a group
    /// whose positions are all marked is dropped from the live range when met.
    starts: Vec<u32>,
    live: Vec<u32>,
    groups_of: Vec<u32>,
    /// Per local token: the last prediction line (stamp) that visited its groups.
    token_seen: Vec<u32>,
    /// Per group, i.e. (target line, token): unmarked positions left, its line, its token.
    left: Vec<u32>,
    group_line: Vec<u32>,
    group_token: Vec<u32>,
    /// Per local token while grouping: the line of its last group, and that group.
    last_line: Vec<u32>,
    last_group: Vec<u32>,
    /// Per target position: its group.
    pos_group: Vec<u32>,
    /// Per target line: the last prediction line (stamp) that queued it.
    line_seen: Vec<u32>,
    /// Target lines queued for the current prediction line.
    queue: Vec<u32>,
    /// The marks of one pair's LCS (one target line long).
    pair_marks: Vec<bool>,
}

impl UnionLcsScratch {
    /// The LCS buffers in which the union builds a short prediction's masks
    /// ([`union_marks`]): rougeL taking the same prediction's masks from them builds them
    /// once for both ([`LcsScratch::set_columns`]).
    pub fn lcs(&mut self) -> &mut LcsScratch {
        &mut self.lcs
    }

    fn reset(&mut self) {
        for &t in &self.tokens {
            self.local[t as usize] = NONE;
        }
        self.tokens.clear();
        self.left.clear();
        self.group_line.clear();
        self.group_token.clear();
        self.last_line.clear();
        self.last_group.clear();
        self.pos_group.clear();
    }

    /// The local index of token `t`, registering it when new.
    #[inline]
    fn register(&mut self, t: u32) -> usize {
        let i = t as usize;
        if i >= self.local.len() {
            self.local.resize(i + 1, NONE);
        }
        if self.local[i] == NONE {
            self.local[i] = self.tokens.len() as u32;
            self.tokens.push(t);
            self.last_line.push(NONE);
            self.last_group.push(NONE);
        }
        self.local[i] as usize
    }

    /// Groups the target positions by (line, token) and lists each token's groups.
    fn index_target(&mut self, target: &[u32], target_ends: &[usize]) {
        self.reset();
        let mut start = 0;
        for (line, &end) in target_ends.iter().enumerate() {
            for &t in &target[start..end] {
                let k = self.register(t);
                if self.last_line[k] != line as u32 {
                    self.last_line[k] = line as u32;
                    self.last_group[k] = self.left.len() as u32;
                    self.left.push(0);
                    self.group_line.push(line as u32);
                    self.group_token.push(k as u32);
                }
                let g = self.last_group[k] as usize;
                self.left[g] += 1;
                self.pos_group.push(g as u32);
            }
            start = end;
        }
        // Counting sort of the groups by token: starts, then fill.
        let distinct = self.tokens.len();
        self.starts.clear();
        self.starts.resize(distinct + 1, 0);
        for &k in &self.group_token {
            self.starts[k as usize + 1] += 1;
        }
        for k in 0..distinct {
            self.starts[k + 1] += self.starts[k];
        }
        self.live.clear();
        self.live.resize(distinct, 0);
        self.groups_of.clear();
        self.groups_of.resize(self.group_token.len(), 0);
        for (g, &k) in self.group_token.iter().enumerate() {
            let k = k as usize;
            self.groups_of[(self.starts[k] + self.live[k]) as usize] = g as u32;
            self.live[k] += 1;
        }
        self.token_seen.clear();
        self.token_seen.resize(distinct, 0);
        self.line_seen.clear();
        self.line_seen.resize(target_ends.len(), 0);
    }

    /// Queues the target lines that still have an unmarked position whose token occurs in
    /// `line` (the prediction line with stamp `stamp`); returns the list entries read.
    fn queue_lines(&mut self, line: &[u32], stamp: u32) -> usize {
        self.queue.clear();
        let mut read = 0;
        for &t in line {
            let k = match self.local.get(t as usize) {
                Some(&k) if k != NONE => k as usize,
                _ => continue,
            };
            if self.token_seen[k] == stamp {
                continue;
            }
            self.token_seen[k] = stamp;
            let base = self.starts[k] as usize;
            let mut live = self.live[k] as usize;
            let mut i = 0;
            while i < live {
                let g = self.groups_of[base + i] as usize;
                if self.left[g] == 0 {
                    // All of this (line, token)'s positions are in the union: drop it.
                    live -= 1;
                    self.groups_of[base + i] = self.groups_of[base + live];
                    continue;
                }
                let r = self.group_line[g];
                if self.line_seen[r as usize] != stamp {
                    self.line_seen[r as usize] = stamp;
                    self.queue.push(r);
                }
                i += 1;
            }
            read += live + 1;
            self.live[k] = live as u32;
        }
        read
    }
}

/// Below this many (target line, prediction line) pairs the plain double loop is cheaper
/// than indexing the target (a news summary against its reference: about 12 pairs; the
/// index cost 6% more instructions on pointer-gen-cov's rougeLsum when always used).
const MIN_FILTERED_PAIRS: usize = 64;

/// Sets `marks[p]` (over `target`, the concatenated target lines ending at `target_ends`) for
/// every target position in the union, over the prediction lines (`pred` ending at
/// `pred_ends`), of the LCS positions rouge-score's traceback picks for each (target line,
/// prediction line) pair; positions already marked stay marked. Lines must not be empty.
/// Returns false when `cancel` stopped it (the marks are then partial).
pub fn union_marks(
    target: &[u32],
    target_ends: &[usize],
    pred: &[u32],
    pred_ends: &[usize],
    s: &mut UnionLcsScratch,
    marks: &mut [bool],
    cancel: &Cancel<'_>,
) -> bool {
    if target.is_empty() || pred.is_empty() {
        return true;
    }
    if target_ends.len().saturating_mul(pred_ends.len()) >= MIN_FILTERED_PAIRS {
        union_marks_filtered(target, target_ends, pred, pred_ends, s, marks, cancel)
    } else {
        union_marks_all_pairs(target, target_ends, pred, pred_ends, s, marks, cancel)
    }
}

/// [`union_marks`] by the plain double loop: every (target line, prediction line) pair.
///
/// Consecutive prediction lines that fit one word together are taken side by side: each
/// target line's rows are computed once for the whole group ([`LcsScratch::packed_rows`])
/// and walked once per line of it (a news summary: a third of the rows, and one mask table
/// per group instead of per line). A line longer than a word is a group of its own, on a
/// table of several words.
fn union_marks_all_pairs(
    target: &[u32],
    target_ends: &[usize],
    pred: &[u32],
    pred_ends: &[usize],
    s: &mut UnionLcsScratch,
    marks: &mut [bool],
    cancel: &Cancel<'_>,
) -> bool {
    let (mut first, mut start) = (0, 0);
    while first < pred_ends.len() {
        // The group: lines first..=last, tokens start..end.
        let mut last = first;
        while last + 1 < pred_ends.len() && pred_ends[last + 1] - start <= 64 {
            last += 1;
        }
        let end = pred_ends[last];
        let columns = &pred[start..end];
        s.lcs.set_columns(columns);
        // The top bit of every line of the group but the last: the lines' tables stay apart.
        let tops = pred_ends[first..last]
            .iter()
            .fold(0u64, |t, &e| t | 1u64 << (e - start - 1));
        let mut tstart = 0;
        for &tend in target_ends {
            let (rows, mark) = (&target[tstart..tend], &mut marks[tstart..tend]);
            if columns.len() > 64 {
                lcs::union_positions_with(rows, columns, &mut s.lcs, mark, cancel);
            } else {
                let table = s.lcs.packed_rows(rows, tops);
                let mut lo = start;
                for &hi in &pred_ends[first..=last] {
                    let on_row = |i, _, diagonal| mark[i] |= diagonal;
                    lcs::walk_one_word_rows(table, lo - start, hi - start, on_row);
                    lo = hi;
                }
            }
            tstart = tend;
        }
        // One report per group: its work against every target line.
        if !cancel.tick(target.len() * (columns.len().div_ceil(64) + last - first)) {
            return false;
        }
        (first, start) = (last + 1, end);
    }
    true
}

/// [`union_marks`] visiting only the pairs that can add to the union (module comment).
fn union_marks_filtered(
    target: &[u32],
    target_ends: &[usize],
    pred: &[u32],
    pred_ends: &[usize],
    s: &mut UnionLcsScratch,
    marks: &mut [bool],
    cancel: &Cancel<'_>,
) -> bool {
    debug_assert_eq!(marks.len(), target.len());
    if target.is_empty() || pred.is_empty() {
        return true;
    }
    s.index_target(target, target_ends);
    // Positions marked before the call are already in the union.
    for (p, &m) in marks.iter().enumerate() {
        if m {
            s.left[s.pos_group[p] as usize] -= 1;
        }
    }
    let mut start = 0;
    for (j, &end) in pred_ends.iter().enumerate() {
        let line = &pred[start..end];
        start = end;
        let stamp = j as u32 + 1;
        let mut work = s.queue_lines(line, stamp);
        if !s.queue.is_empty() {
            s.lcs.set_columns(line);
            let queue = std::mem::take(&mut s.queue);
            for &r in &queue {
                let r = r as usize;
                let lo = if r == 0 { 0 } else { target_ends[r - 1] };
                let hi = target_ends[r];
                s.pair_marks.clear();
                s.pair_marks.resize(hi - lo, false);
                lcs::union_positions_with(
                    &target[lo..hi],
                    line,
                    &mut s.lcs,
                    &mut s.pair_marks,
                    cancel,
                );
                for (q, &m) in s.pair_marks.iter().enumerate() {
                    if m && !marks[lo + q] {
                        marks[lo + q] = true;
                        s.left[s.pos_group[lo + q] as usize] -= 1;
                    }
                }
                work += (hi - lo) * line.len().div_ceil(64) + line.len();
            }
            s.queue = queue;
        }
        if !cancel.tick(work + 1) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain double loop: every (target line, prediction line) pair.
    fn oracle(target: &[u32], t_ends: &[usize], pred: &[u32], p_ends: &[usize]) -> Vec<bool> {
        let mut marks = vec![false; target.len()];
        let mut s = LcsScratch::default();
        let mut ps = 0;
        for &pe in p_ends {
            let pl = &pred[ps..pe];
            ps = pe;
            s.set_columns(pl);
            let mut ts = 0;
            for &te in t_ends {
                lcs::union_positions(&target[ts..te], pl, &mut s, &mut marks[ts..te]);
                ts = te;
            }
        }
        marks
    }

    fn lcg(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    /// Random lines: a Zipf-like alphabet (a few very common tokens, many rare ones), so
    /// that ties, repeats and saturated unions all occur.
    fn doc(seed: &mut u64, lines: usize, max_len: u32, alphabet: u32) -> (Vec<u32>, Vec<usize>) {
        let (mut toks, mut ends) = (Vec::new(), Vec::new());
        for _ in 0..lines {
            let len = 1 + lcg(seed) % max_len;
            for _ in 0..len {
                let x = lcg(seed) % alphabet + 1;
                toks.push(if lcg(seed).is_multiple_of(2) {
                    x % 5
                } else {
                    x
                });
            }
            ends.push(toks.len());
        }
        (toks, ends)
    }

    #[test]
    fn matches_the_double_loop() {
        let mut seed = 7u64;
        let mut s = UnionLcsScratch::default();
        for round in 0..4000 {
            let alphabet = 2 + lcg(&mut seed) % if round % 3 == 0 { 4 } else { 200 };
            let max_len = if round % 10 == 0 { 150 } else { 25 };
            // Every other round a prediction that mostly fits one word (news summaries).
            let pl = 1 + lcg(&mut seed) % if round % 2 == 0 { 40 } else { 6 };
            let tl = 1 + lcg(&mut seed) % 12;
            let (t, te) = doc(&mut seed, tl as usize, max_len, alphabet);
            let (p, pe) = doc(&mut seed, pl as usize, max_len, alphabet);
            check_all_paths(&t, &te, &p, &pe, &mut s, &format!("round {round}"));
        }
    }

    /// Every path of [`union_marks`] that applies gives the oracle's marks.
    fn check_all_paths(
        t: &[u32],
        te: &[usize],
        p: &[u32],
        pe: &[usize],
        s: &mut UnionLcsScratch,
        what: &str,
    ) {
        type Run = fn(
            &[u32],
            &[usize],
            &[u32],
            &[usize],
            &mut UnionLcsScratch,
            &mut [bool],
            &Cancel<'_>,
        ) -> bool;
        let expected = oracle(t, te, p, pe);
        let runs: [Run; 3] = [union_marks, union_marks_filtered, union_marks_all_pairs];
        for run in runs {
            let mut marks = vec![false; t.len()];
            assert!(run(t, te, p, pe, s, &mut marks, &Cancel::never()));
            assert_eq!(marks, expected, "{what}: {t:?} {te:?} {p:?} {pe:?}");
        }
    }

    #[test]
    fn an_empty_side_marks_nothing() {
        let mut s = UnionLcsScratch::default();
        let mut marks = vec![false; 3];
        assert!(union_marks(
            &[1, 2, 3],
            &[3],
            &[],
            &[],
            &mut s,
            &mut marks,
            &Cancel::never()
        ));
        assert_eq!(marks, [false; 3]);
        assert!(union_marks(
            &[],
            &[],
            &[1],
            &[1],
            &mut s,
            &mut [],
            &Cancel::never()
        ));
    }

    #[test]
    fn one_word_lines_up_to_the_word_edge() {
        // Predictions of exactly 64 and 63 tokens, in lines whose edges fall on every bit.
        let mut seed = 11u64;
        let mut s = UnionLcsScratch::default();
        for round in 0..2000 {
            let total = 63 + round % 2;
            let alphabet = 2 + lcg(&mut seed) % 12;
            let p: Vec<u32> = (0..total).map(|_| lcg(&mut seed) % alphabet).collect();
            let mut pe = Vec::new();
            let mut end = 0;
            while end < total {
                end = (end + 1 + (lcg(&mut seed) % 20) as usize).min(total);
                pe.push(end);
            }
            let lines = 1 + (lcg(&mut seed) % 6) as usize;
            let (t, te) = doc(&mut seed, lines, 30, alphabet);
            check_all_paths(&t, &te, &p, &pe, &mut s, &format!("round {round}"));
        }
    }

    #[test]
    fn tie_break_of_spec_e26() {
        // target "a b"; prediction lines "b a" and "a": only "a" is in the union.
        let mut s = UnionLcsScratch::default();
        let mut marks = vec![false; 2];
        union_marks(
            &[0, 1],
            &[2],
            &[1, 0, 0],
            &[2, 3],
            &mut s,
            &mut marks,
            &Cancel::never(),
        );
        assert_eq!(marks, [true, false]);
    }
}
