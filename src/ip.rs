//! The values of the IP addresses a host may hold: an `IPv4address` and an
//! `IPv6address` as the grammar matched them, read into `core::net`'s types,
//! and an IPv6 address written back in RFC 5952's form.
//!
//! It imports only `percent` (for a hex digit's value), so that the
//! lowering (which checks a parsed address) and `authority` (which gives a
//! host's value) both take it from below.

use core::net::{Ipv4Addr, Ipv6Addr};

use crate::percent;

/// The value of an `IPv4address` as the grammar matched it: four decimal
/// octets. `None` for any other text (an edited grammar's).
pub(crate) fn ipv4(text: &str) -> Option<Ipv4Addr> {
    let bytes = text.as_bytes();
    let mut octets = [0u8; 4];
    let mut at = 0;
    for (i, octet) in octets.iter_mut().enumerate() {
        if i > 0 {
            if bytes.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
        *octet = dec_octet(bytes, &mut at)?;
    }
    (at == bytes.len()).then(|| Ipv4Addr::from(octets))
}

/// A `dec-octet` at `*at`: 0 to 255 without leading zeros; `*at` moves
/// past it.
fn dec_octet(bytes: &[u8], at: &mut usize) -> Option<u8> {
    let start = *at;
    let mut value: u16 = 0;
    while let Some(&digit) = bytes.get(*at) {
        if !digit.is_ascii_digit() || *at - start == 3 {
            break;
        }
        value = value * 10 + u16::from(digit - b'0');
        *at += 1;
    }
    let len = *at - start;
    if len == 0 || (len > 1 && bytes[start] == b'0') {
        return None;
    }
    u8::try_from(value).ok()
}

/// The value of an `IPv6address` as the grammar matched it: up to eight
/// `h16` pieces, at most one `::` standing for one or more zero pieces, and
/// an IPv4 address in place of the last two. `None` for any other text.
pub(crate) fn ipv6(text: &str) -> Option<Ipv6Addr> {
    let bytes = text.as_bytes();
    let mut pieces = [0u16; 8];
    let mut count = 0;
    // Where the "::" is, in pieces.
    let mut gap = None;
    let mut at = 0;
    if bytes.starts_with(b"::") {
        gap = Some(0);
        at = 2;
    }
    while at < bytes.len() {
        let start = at;
        let mut value: u32 = 0;
        while let Some(digit) = bytes.get(at).and_then(|&b| percent::hex_value(b)) {
            if at - start == 4 {
                break;
            }
            value = value * 16 + u32::from(digit);
            at += 1;
        }
        if at == start {
            return None;
        }
        if bytes.get(at) == Some(&b'.') {
            // ls32 as an IPv4address: the last two pieces.
            let [a, b, c, d] = ipv4(text.get(start..)?)?.octets();
            if count > 6 {
                return None;
            }
            pieces[count] = u16::from_be_bytes([a, b]);
            pieces[count + 1] = u16::from_be_bytes([c, d]);
            count += 2;
            break;
        }
        *pieces.get_mut(count)? = value as u16;
        count += 1;
        match bytes.get(at) {
            None => break,
            Some(b':') if bytes.get(at + 1) == Some(&b':') => {
                if gap.is_some() {
                    return None;
                }
                gap = Some(count);
                at += 2;
            }
            // A single ":" goes on to another piece.
            Some(b':') if at + 1 < bytes.len() => at += 1,
            Some(_) => return None,
        }
    }
    match gap {
        None => (count == 8).then(|| Ipv6Addr::from(pieces)),
        // "::" stands for at least one zero piece.
        Some(_) if count > 7 => None,
        Some(gap) => {
            let tail = count - gap;
            pieces.copy_within(gap..count, 8 - tail);
            pieces[gap..8 - tail].fill(0);
            Some(Ipv6Addr::from(pieces))
        }
    }
}

/// Lowercase hexadecimal digits: RFC 5952 section 4.3.
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// An IPv6 address in RFC 5952's text form, byte for byte what
/// `Ipv6Addr`'s `Display` writes (the tests compare the two), built in place
/// without the formatting machinery: normalization compares every IPv6 host
/// with it.
pub(crate) struct Rfc5952 {
    /// Eight pieces of four digits and seven colons at most.
    bytes: [u8; 39],
    len: usize,
}

impl Rfc5952 {
    /// The text of `address`: hexadecimal pieces in lowercase without
    /// leading zeros, the first longest run of two or more zero pieces
    /// written `::`, and an IPv4-mapped address as `::ffff:` and its dotted
    /// decimal form.
    pub(crate) fn of(address: &Ipv6Addr) -> Rfc5952 {
        let mut text = Rfc5952 {
            bytes: [0; 39],
            len: 0,
        };
        if let Some(ipv4) = address.to_ipv4_mapped() {
            text.push(b"::ffff:");
            for (i, octet) in ipv4.octets().into_iter().enumerate() {
                if i > 0 {
                    text.push(b".");
                }
                text.push_decimal(octet);
            }
            return text;
        }
        let pieces = address.segments();
        // The first longest run of zero pieces: (start, length).
        let (mut longest, mut current) = ((0, 0), (0, 0));
        for (i, &piece) in pieces.iter().enumerate() {
            current = if piece == 0 {
                (current.0, current.1 + 1)
            } else {
                (i + 1, 0)
            };
            if current.1 > longest.1 {
                longest = current;
            }
        }
        let (gap, gap_len) = if longest.1 > 1 { longest } else { (8, 0) };
        for (i, &piece) in pieces.iter().enumerate() {
            if i == gap {
                text.push(b"::");
            }
            if (gap..gap + gap_len).contains(&i) {
                continue;
            }
            if i > 0 && i != gap + gap_len {
                text.push(b":");
            }
            text.push_hex(piece);
        }
        text
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }

    /// The text; every byte is ASCII.
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    fn push(&mut self, text: &[u8]) {
        if let Some(out) = self.bytes.get_mut(self.len..self.len + text.len()) {
            out.copy_from_slice(text);
            self.len += text.len();
        }
    }

    /// `piece` in lowercase hexadecimal without leading zeros.
    fn push_hex(&mut self, piece: u16) {
        let bits = 16 - piece.leading_zeros();
        let digits = bits.div_ceil(4).max(1);
        for i in (0..digits).rev() {
            self.push(&[HEX_LOWER[usize::from((piece >> (4 * i)) & 0xf)]]);
        }
    }

    /// `octet` in decimal without leading zeros.
    fn push_decimal(&mut self, octet: u8) {
        if octet >= 100 {
            self.push(&[b'0' + octet / 100]);
        }
        if octet >= 10 {
            self.push(&[b'0' + octet / 10 % 10]);
        }
        self.push(&[b'0' + octet % 10]);
    }
}

#[cfg(test)]
mod tests {
    use super::{ipv4, ipv6, Rfc5952};
    use alloc::format;
    use alloc::string::String;
    use core::net::{Ipv4Addr, Ipv6Addr};

    /// The address readers agree with `core::net`'s parsers on
    /// every form of address, and on text that is not one.
    #[test]
    fn ip_addresses_read_as_core_reads_them() {
        let mut texts: alloc::vec::Vec<String> = [
            "::",
            "::1",
            "1::",
            "1::2",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::ffff:192.0.2.1",
            "1::2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "1:2::7:8",
            "abcd:EF01::",
            "1:2:3:4:5:6:7:8:9",
            "1:::2",
            "1::2::3",
            "12345::",
            ":1::",
            "1::2:",
            "1:2:3:4:5:6:7",
            "::1.2.3",
            "::1.2.3.256",
            "::01.2.3.4",
            "1.2.3.4",
            "",
            ":",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1:2:3:4:5:6:7",
            "::1:2:3:4:5:6:7:8",
            "g::",
            "::1.2.3.4:5",
        ]
        .iter()
        .map(|s| String::from(*s))
        .collect();
        for i in 0..8 {
            for j in 0..8 - i {
                let head: alloc::vec::Vec<String> =
                    (0..i).map(|k| format!("{:x}", k * 4099)).collect();
                let tail: alloc::vec::Vec<String> =
                    (0..j).map(|k| format!("{:X}", k + 0xff0)).collect();
                texts.push(format!("{}::{}", head.join(":"), tail.join(":")));
            }
        }
        for text in &texts {
            assert_eq!(ipv6(text), text.parse::<Ipv6Addr>().ok(), "{text}");
        }
        for text in [
            "0.0.0.0",
            "255.255.255.255",
            "256.0.0.0",
            "01.0.0.0",
            "1.2.3",
            "1.2.3.4.5",
            "1..2.3",
            "a.b.c.d",
            "",
        ] {
            assert_eq!(ipv4(text), text.parse::<Ipv4Addr>().ok(), "{text}");
        }
        // Strings over the alphabet of addresses, from a fixed-seed
        // xorshift generator, weighted so that many are addresses.
        let alphabet = b"0123456789abcdefABCDEF:.::..";
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| char::from(alphabet[(next() % alphabet.len() as u64) as usize]))
                .collect();
            assert_eq!(ipv6(&text), text.parse::<Ipv6Addr>().ok(), "{text}");
            assert_eq!(ipv4(&text), text.parse::<Ipv4Addr>().ok(), "{text}");
        }
    }

    /// `Rfc5952` writes what `Ipv6Addr`'s `Display` writes: for each of
    /// the 256 ways to place zero pieces among the eight (which decide
    /// where `::` goes), with pieces of one to four digits; for
    /// IPv4-mapped addresses; and for random addresses.
    #[test]
    fn rfc5952_text_is_what_display_writes() {
        let mut addresses: alloc::vec::Vec<Ipv6Addr> = alloc::vec::Vec::new();
        for zeros in 0u32..256 {
            for value in [1u16, 0xa, 0x10, 0xbc, 0x100, 0xdef, 0x1000, 0xffff] {
                let mut pieces = [0u16; 8];
                for (i, piece) in pieces.iter_mut().enumerate() {
                    if zeros & (1 << i) == 0 {
                        *piece = value.rotate_left(i as u32 * 4) | 1;
                    }
                }
                addresses.push(Ipv6Addr::from(pieces));
            }
        }
        for octets in [
            [0, 0, 0, 0],
            [1, 2, 3, 4],
            [10, 99, 100, 255],
            [192, 0, 2, 1],
        ] {
            addresses.push(Ipv4Addr::from(octets).to_ipv6_mapped());
            addresses.push(Ipv4Addr::from(octets).to_ipv6_compatible());
        }
        let mut next = crate::xorshift(0x5952_5952_5952_5952);
        for _ in 0..20_000 {
            let bits = u128::from(next()) << 64 | u128::from(next());
            // Clear some pieces, so that runs of zeros are common.
            let mask = (0..8).fold(0u128, |m, i| {
                if next().is_multiple_of(3) {
                    m
                } else {
                    m | 0xffff << (16 * i)
                }
            });
            addresses.push(Ipv6Addr::from(bits & mask));
        }
        for address in addresses {
            assert_eq!(Rfc5952::of(&address).as_str(), format!("{address}"));
        }
    }
}
