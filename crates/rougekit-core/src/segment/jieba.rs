//! jieba 0.42.1's `jieba.cut(text)` (accurate mode, HMM on, its bundled dictionary), word
//! for word, on jieba-rs 0.11.0 (pinned in Cargo.toml).
//!
//! jieba-rs does the dictionary work: the prefix dictionary, the most probable route through
//! it and the HMM for runs of characters the route leaves single. Its HMM runs on jieba's
//! own tables at full precision (`data/jieba/hmm.model`; jieba-rs's built-in copy has the
//! emission log-probabilities rounded to six decimals, which changes some of the HMM's
//! words). Around it this module reproduces three documented behaviours of jieba 0.42.1
//! that jieba-rs does differently:
//!
//! 1. **Blocks.** jieba cuts the text into runs of `re_han_default`, the characters
//!    U+4E00..U+9FD5, ASCII letters and digits and `+ # & . _ % -`, and segments each run on
//!    its own; every other character is a word by itself, except `"\r\n"`, which stays one
//!    word. jieba-rs's runs also take U+9FD6..U+9FFF and the CJK extension and compatibility
//!    blocks (`㐀`, `𠀀`, `豈`), which it then joins to their neighbours.
//! 2. **ASCII inside the HMM.** In a run the route leaves single and the dictionary does not
//!    know, jieba hands the non-Chinese stretches to `finalseg`, which keeps the matches of
//!    `[a-zA-Z0-9]+(?:\.\d+)?%?` as words and every stretch between two matches as one word:
//!    `COVID-19` is `COVID`, `-`, `19`; `GPT-4o` is `GPT`, `-`, `4o`; `v1.2.3` is `v1.2`,
//!    `.`, `3`. jieba-rs joins letters and digits across `.`, `_` and `-` (`COVID-19` is one
//!    word there), so its words with those characters are split again
//!    ([`split_like_finalseg`]).
//! 3. **The dictionary's total.** jieba's `dict.txt` lists `B超 3 n` twice and jieba adds every
//!    line to the total frequency (60,101,967), which enters every word's log-probability;
//!    jieba-rs keeps the word once (60,101,964). A placeholder word no run can contain adds
//!    the missing 3.
use jieba_rs::{HmmModel, Jieba};
use std::sync::OnceLock;

/// jieba 0.42.1's HMM tables, unrounded (provenance in `data/jieba/PROVENANCE.md`).
const HMM_MODEL: &str = include_str!("../../data/jieba/hmm.model");

/// A word no run can contain (U+3000 is not a run character), added with the frequency of
/// the duplicated `B超` line so that the total frequency is jieba's.
const TOTAL_PLACEHOLDER: &str = "\u{3000}";
/// The frequency of `dict.txt`'s duplicated line `B超 3 n`.
const DUPLICATED_FREQ: usize = 3;

fn model() -> &'static Jieba {
    static MODEL: OnceLock<Jieba> = OnceLock::new();
    MODEL.get_or_init(|| {
        let mut jieba = Jieba::new();
        jieba.add_word(TOTAL_PLACEHOLDER, Some(DUPLICATED_FREQ), None);
        // The file is embedded and checked by the tests (`hmm_model_loads`): it always loads.
        if let Ok(model) = HmmModel::load(&mut HMM_MODEL.as_bytes()) {
            jieba.set_hmm_model(model);
        }
        jieba
    })
}

/// Loads the dictionary (once per process).
pub fn prepare() {
    model();
}

/// A character of jieba's `re_han_default`: `[\u4E00-\u9FD5a-zA-Z0-9+#&\._%\-]`.
#[inline]
fn in_run(c: char) -> bool {
    matches!(c,
        '\u{4E00}'..='\u{9FD5}' | 'a'..='z' | 'A'..='Z' | '0'..='9'
        | '+' | '#' | '&' | '.' | '_' | '%' | '-')
}

/// Appends the words of `text` to `out` (see the module documentation).
///
/// ```
/// let mut words = Vec::new();
/// rougekit_core::segment::jieba::cut_into("他说COVID-19\r\n很危险", &mut words);
/// assert_eq!(words, ["他", "说", "COVID", "-", "19", "\r\n", "很", "危险"]);
/// ```
pub fn cut_into<'a>(text: &'a str, out: &mut Vec<&'a str>) {
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let end = if in_run(c) {
            let end = rest.find(|c| !in_run(c)).unwrap_or(rest.len());
            cut_run(&rest[..end], out);
            end
        } else {
            let end = if rest.starts_with("\r\n") {
                2
            } else {
                c.len_utf8()
            };
            out.push(&rest[..end]);
            end
        };
        rest = &rest[end..];
    }
}

/// One run of `re_han_default` characters, through jieba-rs (which sees it as one block of
/// its own, its block characters being a superset of these).
fn cut_run<'a>(run: &'a str, out: &mut Vec<&'a str>) {
    for token in model().cut(run, true) {
        let word = token.word;
        // Only the HMM's ASCII stretches give a word of several characters with `.`, `_` or
        // `-` in it: no dictionary word has one (the ASCII words are C#, C++, AT&T and words
        // with Chinese in them), and the HMM proper yields only U+4E00..U+9FD5.
        if word.len() > 1 && word.bytes().any(|b| matches!(b, b'.' | b'_' | b'-')) {
            split_like_finalseg(word, out);
        } else {
            out.push(word);
        }
    }
}

/// Splits an ASCII stretch as jieba's `finalseg` does: each match of
/// `[a-zA-Z0-9]+(?:\.\d+)?%?` is a word, and so is each non-empty stretch between two.
/// jieba-rs's word for the stretch always splits into whole words of jieba's (a match never
/// reaches past the end of one), so splitting its words one by one gives jieba's words.
///
/// ```text
/// COVID-19 → COVID - 19      3.5% → 3.5%      v1.2.3 → v1.2 . 3      a_b → a _ b
/// ```
fn split_like_finalseg<'a>(stretch: &'a str, out: &mut Vec<&'a str>) {
    let bytes = stretch.as_bytes();
    let n = bytes.len();
    let mut gap = 0;
    let mut i = 0;
    while i < n {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < n && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if i + 1 < n && bytes[i] == b'.' && bytes[i + 1].is_ascii_digit() {
            i += 1;
            while i < n && bytes[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < n && bytes[i] == b'%' {
            i += 1;
        }
        if gap < start {
            out.push(&stretch[gap..start]);
        }
        out.push(&stretch[start..i]);
        gap = i;
    }
    if gap < n {
        out.push(&stretch[gap..]);
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

    // Expected words: jieba 0.42.1's `list(jieba.cut(text))`, run on these texts.

    #[test]
    fn hyphens_and_dots_split_as_finalseg_does() {
        assert_eq!(
            cut("新冠COVID-19疫情"),
            ["新冠", "COVID", "-", "19", "疫情"]
        );
        assert_eq!(cut("发布GPT-4o模型"), ["发布", "GPT", "-", "4o", "模型"]);
        assert_eq!(cut("版本v1.2.3"), ["版本", "v1.2", ".", "3"]);
        assert_eq!(cut("e-mail地址"), ["e", "-", "mail", "地址"]);
        assert_eq!(cut("U.S.经济"), ["U", ".", "S", ".", "经济"]);
        assert_eq!(cut("增长3.5%"), ["增长", "3.5%"]);
        assert_eq!(cut("snake_case"), ["snake", "_", "case"]);
    }

    #[test]
    fn characters_outside_the_runs_are_words_alone() {
        // U+9FD6.., extension A (U+3400..) and B (U+20000..) are not in re_han_default
        // (jieba-rs alone joins each pair into one word).
        assert_eq!(
            cut("中\u{9FD6}\u{9FD7}国"),
            ["中", "\u{9FD6}", "\u{9FD7}", "国"]
        );
        assert_eq!(cut("㐀㐁"), ["㐀", "㐁"]);
        assert_eq!(cut("𠀀𠀁"), ["𠀀", "𠀁"]);
        assert_eq!(
            cut("a\r\n\r\rb  c"),
            ["a", "\r\n", "\r", "\r", "b", " ", " ", "c"]
        );
        assert!(cut("").is_empty());
    }

    #[test]
    fn hmm_model_loads() {
        assert!(HmmModel::load(&mut HMM_MODEL.as_bytes()).is_ok());
    }

    #[test]
    fn the_hmm_uses_unrounded_probabilities() {
        // Unknown words where jieba-rs's six-decimal table picks other words
        // (勇郎並 疲俏艦, 鹤榻 驟 賭党佰, 啤脲 窈噓禽 欺, 暑悖师 亭 逊石).
        assert_eq!(cut("勇郎並疲俏艦"), ["勇郎", "並疲俏", "艦"]);
        assert_eq!(cut("鹤榻驟賭党佰"), ["鹤", "榻", "驟", "賭党佰"]);
        assert_eq!(cut("啤脲窈噓禽欺"), ["啤脲", "窈噓", "禽", "欺"]);
        assert_eq!(cut("暑悖师亭逊石"), ["暑悖", "师亭", "逊石"]);
    }

    #[test]
    fn the_total_frequency_is_jiebas() {
        // Dictionary words in a row, found by search: the route's first choice here is a
        // tie to the last bits, decided by the total (jieba-rs alone: 调移, 调).
        let text = "调移调草满囹圄试不破屈死库洛赫双频姓埋涩论坛排计有畏面窝利式孙子第一队嫌疑安贞里测探城争和切尔诺月盈则食壮气凌云久违怪石蓝色兴县监管者仙初盖国秘而不露动施法地覆天海兰察尔流首尾两端较往瞽言妄举二载匪方闪电结婚成割让势头如回来肉臭象戒心目不设注水常家庭事务鱼类海西期籁网凤凰广庭尿前中小龚伟强凡退上横传丰中扇动金克村其师梅利利穿孔纸万烟谷炉渣砖跟踪两面角张珏任众心成城诱惑写侣无双食品业者特伦特彰化市豪游仙项目浦菲黑眉乌嘴好出子谈叶子摆姿势竹棒岁罗铃野察北陆海荣新华唵一定不移能";
        assert_eq!(cut(text)[..3], ["调", "移调", "草满囹圄"]);
    }

    #[test]
    fn finalseg_split() {
        let split = |s| {
            let mut out = Vec::new();
            split_like_finalseg(s, &mut out);
            out
        };
        assert_eq!(split("COVID-19"), ["COVID", "-", "19"]);
        assert_eq!(split("1.5.7%"), ["1.5", ".", "7%"]);
        assert_eq!(split("a.b%"), ["a", ".", "b%"]);
        assert_eq!(split("--x--"), ["--", "x", "--"]);
        assert_eq!(split("-."), ["-."]);
    }
}
