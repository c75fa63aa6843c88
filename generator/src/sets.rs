//! Sets the compiler reasons with: sets of characters (what one step of a
//! character class accepts) and sets of "next bytes" (what may stand at the
//! position where an expression starts, the end of input included).

/// A set of characters, as sorted, disjoint, non-adjacent inclusive ranges
/// of code points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CharSet {
    ranges: Vec<(u32, u32)>,
}

impl CharSet {
    /// The characters `start..=end`; empty when `start > end`, as pest's
    /// `match_range` then matches nothing.
    pub fn range(start: char, end: char) -> CharSet {
        let mut set = CharSet::default();
        if start <= end {
            set.ranges.push((start as u32, end as u32));
        }
        set
    }

    pub fn char(c: char) -> CharSet {
        CharSet::range(c, c)
    }

    pub fn union(&self, other: &CharSet) -> CharSet {
        let mut all: Vec<(u32, u32)> = self.ranges.iter().chain(&other.ranges).copied().collect();
        all.sort_unstable();
        let mut ranges: Vec<(u32, u32)> = Vec::with_capacity(all.len());
        for (start, end) in all {
            match ranges.last_mut() {
                Some(last) if start <= last.1.saturating_add(1) => last.1 = last.1.max(end),
                _ => ranges.push((start, end)),
            }
        }
        CharSet { ranges }
    }

    /// The ranges, sorted, disjoint and non-adjacent.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Every character.
    pub fn all() -> CharSet {
        CharSet::range('\0', char::MAX)
    }

    pub fn intersection(&self, other: &CharSet) -> CharSet {
        let mut ranges = Vec::new();
        for &(a, b) in &self.ranges {
            for &(c, d) in &other.ranges {
                let (start, end) = (a.max(c), b.min(d));
                if start <= end {
                    ranges.push((start, end));
                }
            }
        }
        CharSet::default().union(&CharSet { ranges })
    }

    /// Whether every member of `self` is one of `other`.
    pub fn is_subset(&self, other: &CharSet) -> bool {
        self.union(other) == *other
    }

    /// Whether every character of the set is ASCII, so that matching it is
    /// one byte lookup.
    pub fn is_ascii(&self) -> bool {
        self.ranges.last().is_none_or(|&(_, end)| end < 0x80)
    }

    /// The ASCII members, as bytes.
    pub fn ascii_bytes(&self) -> ByteSet {
        let mut bytes = ByteSet::empty();
        for &(start, end) in &self.ranges {
            for c in start..=end.min(0x7f) {
                bytes.insert(c as usize);
            }
        }
        bytes
    }

    /// The ranges above ASCII, clipped to start at U+0080.
    pub fn non_ascii_ranges(&self) -> Vec<(u32, u32)> {
        self.ranges
            .iter()
            .filter(|&&(_, end)| end >= 0x80)
            .map(|&(start, end)| (start.max(0x80), end))
            .collect()
    }

    /// The bytes that can start the UTF-8 encoding of a member. UTF-8 lead
    /// bytes grow with the code point, so a range of characters starts with
    /// a range of lead bytes.
    pub fn first_bytes(&self) -> ByteSet {
        let mut bytes = self.ascii_bytes();
        for (start, end) in self.non_ascii_ranges() {
            for lead in lead_byte(start)..=lead_byte(end) {
                bytes.insert(usize::from(lead));
            }
        }
        bytes
    }
}

/// The first byte of the UTF-8 encoding of code point `c` (surrogates, which
/// no `char` is, are encoded as their neighbours would be).
fn lead_byte(c: u32) -> u8 {
    match c {
        0..=0x7f => c as u8,
        0x80..=0x7ff => 0xc0 | (c >> 6) as u8,
        0x800..=0xffff => 0xe0 | (c >> 12) as u8,
        _ => 0xf0 | (c >> 18) as u8,
    }
}

/// The byte at a position, or the end of input (member 256).
pub const END: usize = 256;

/// A set of bytes and, as member [`END`], the end of input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteSet {
    words: [u64; 5],
}

impl ByteSet {
    pub fn empty() -> ByteSet {
        ByteSet { words: [0; 5] }
    }

    /// Every byte and the end of input: no constraint.
    pub fn all() -> ByteSet {
        ByteSet {
            words: [u64::MAX, u64::MAX, u64::MAX, u64::MAX, 1],
        }
    }

    /// Every byte, but not the end of input: what anything that consumes
    /// needs.
    pub fn all_bytes() -> ByteSet {
        ByteSet {
            words: [u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0],
        }
    }

    pub fn single(member: usize) -> ByteSet {
        let mut set = ByteSet::empty();
        set.insert(member);
        set
    }

    pub fn insert(&mut self, member: usize) {
        self.words[member / 64] |= 1 << (member % 64);
    }

    pub fn contains(&self, member: usize) -> bool {
        self.words[member / 64] & (1 << (member % 64)) != 0
    }

    pub fn union(&self, other: &ByteSet) -> ByteSet {
        let mut words = self.words;
        for (word, o) in words.iter_mut().zip(other.words) {
            *word |= o;
        }
        ByteSet { words }
    }

    pub fn intersection(&self, other: &ByteSet) -> ByteSet {
        let mut words = self.words;
        for (word, o) in words.iter_mut().zip(other.words) {
            *word &= o;
        }
        ByteSet { words }
    }

    pub fn is_disjoint(&self, other: &ByteSet) -> bool {
        self.intersection(other) == ByteSet::empty()
    }

    pub fn is_all(&self) -> bool {
        *self == ByteSet::all()
    }

    /// The byte members (not the end of input), in order.
    pub fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(|&b| self.contains(usize::from(b)))
    }

    pub fn without_end(&self) -> ByteSet {
        let mut set = *self;
        set.words[4] = 0;
        set
    }
}
