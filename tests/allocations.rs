//! How many heap allocations a parse makes: a deterministic count, so that a
//! change which adds an allocation to the hot path fails here rather than
//! going unnoticed in a noisy benchmark.
//!
//! This file is a test binary of its own with a single test, so no other
//! test allocates while it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rfc3986::schemes::mailto::Mailto;
use rfc3986::{AbsoluteUri, Iri, Uri};

/// The system allocator, counting allocations and reallocations. The only
/// `unsafe` of the project: `GlobalAlloc` cannot be implemented without it,
/// and every call is passed straight to `System`.
struct Counting;

// Counted per thread: the test harness's main thread allocates for its
// own bookkeeping while the test runs, at a time no test can choose.
thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
    static PEAK_BYTES: Cell<isize> = const { Cell::new(0) };
}

/// This thread's counter `key`, changed by `change` (nothing, where the
/// thread's locals are gone).
fn update<T: Copy>(key: &'static std::thread::LocalKey<Cell<T>>, change: impl FnOnce(T) -> T) {
    let _ = key.try_with(|cell| cell.set(change(cell.get())));
}

fn grew(by: usize) {
    let _ = LIVE_BYTES.try_with(|live| {
        live.set(live.get() + by as isize);
        update(&PEAK_BYTES, |peak| peak.max(live.get()));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        update(&ALLOCATIONS, |n| n + 1);
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        update(&LIVE_BYTES, |live| live - layout.size() as isize);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        update(&ALLOCATIONS, |n| n + 1);
        update(&LIVE_BYTES, |live| live - layout.size() as isize);
        grew(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f`, and the peak of live heap bytes above what was
/// live before it.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let before = LIVE_BYTES.with(Cell::get);
    PEAK_BYTES.with(|peak| peak.set(before));
    let count = ALLOCATIONS.with(Cell::get);
    let value = f();
    let allocations = ALLOCATIONS.with(Cell::get) - count;
    let peak = (PEAK_BYTES.with(Cell::get) - before) as usize;
    (value, allocations, peak)
}

#[test]
fn allocations_per_parse() {
    // A typical URI: userinfo, host, port, four segments, query, fragment.
    let typical = "https://user@www.example.com:8443/a/b/c/d.html?key=value&k2=v2#top";
    // Warm up whatever is initialized once per thread.
    Uri::parse(typical).unwrap();

    // A parse of a `&str` allocates nothing: the `Uri<&str>` borrows the
    // text, the compiled parser records its pairs in a buffer on the
    // stack, and the lowering writes the bounds in place.
    let (uri, allocations, _) = measure(|| Uri::parse(typical).unwrap());
    assert_eq!(uri.as_str(), typical);
    assert_eq!(allocations, 0);
    let (_, allocations, _) = measure(|| Uri::parse("../g?q").unwrap());
    assert_eq!(allocations, 0);
    let (_, allocations, _) = measure(|| Iri::parse("http://例え.jp/パス").unwrap());
    assert_eq!(allocations, 0);
    let (_, allocations, _) = measure(|| AbsoluteUri::parse(typical).unwrap());
    assert_eq!(allocations, 0);

    // Nor does a parse of a `String`, which the `Uri<String>` keeps.
    let text = String::from(typical);
    let (uri, allocations, _) = measure(|| Uri::parse(text).unwrap());
    assert_eq!(uri.as_str(), typical);
    assert_eq!(allocations, 0);
    // A failed one gives the string back, and allocates nothing: the
    // error holds so short an excerpt in place.
    let bad = String::from("http://a b/");
    let (err, allocations, _) = measure(|| Uri::parse(bad).unwrap_err());
    assert_eq!(err.into_input(), "http://a b/");
    assert_eq!(allocations, 0);

    // A parse into owned storage from a `&str` copies the text: one
    // allocation, `String` or `Arc<str>`.
    let (uri, allocations, _) = measure(|| typical.parse::<Uri>().unwrap());
    assert_eq!(uri.as_str(), typical);
    assert_eq!(allocations, 1);
    let parsed = Uri::parse(typical).unwrap();
    let (_, allocations, _) = measure(|| parsed.to_shared());
    assert_eq!(allocations, 1);
    let (shared, allocations, _) = measure(|| Uri::parse(std::sync::Arc::<str>::from(typical)));
    assert!(shared.is_ok());
    assert_eq!(allocations, 1, "the Arc itself");

    // Resolution and normalization write their result once: one
    // allocation, even for a reference that is already normal (copied).
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let reference = Uri::parse("../../g?y#s").unwrap();
    let (target, allocations, _) = measure(|| base.resolve(&reference).unwrap());
    assert_eq!(target, "http://a/g?y#s");
    assert_eq!(allocations, 1);
    let (_, allocations, _) = measure(|| target.normalize());
    assert_eq!(allocations, 1);
    // Into a caller's buffer, none once it is large enough.
    let mut buffer = String::with_capacity(64);
    let (_, allocations, _) = measure(|| base.resolve_into(&reference, &mut buffer).unwrap());
    assert_eq!(buffer, "http://a/g?y#s");
    assert_eq!(allocations, 0);

    // A rejection allocates at most once: the excerpt the error shows, of
    // exactly its size, when it is longer than the error holds in place
    // (44 bytes); a shorter one, none. The compiled parser's diagnostic
    // variant and the parses the diagnosis runs allocate nothing.
    let bad = "http://exa mple.com/";
    let (err, allocations, _) = measure(|| Uri::parse(bad).unwrap_err());
    assert_eq!(err.offset(), 10);
    assert_eq!(allocations, 0);
    // The diagnosis of an IPv6 address tries what may follow in place.
    let (err, allocations, _) = measure(|| Iri::parse("http://[::1::]/").unwrap_err());
    assert_eq!(err.offset(), 12);
    assert_eq!(allocations, 0);
    let (err, allocations, _) = measure(|| Uri::parse("http://a/%g0").unwrap_err());
    assert_eq!(err.offset(), 10);
    assert_eq!(allocations, 0);
    let (err, allocations, _) = measure(|| AbsoluteUri::parse("/etc/hosts").unwrap_err());
    assert_eq!(err.offset(), 0);
    assert_eq!(allocations, 0);
    // 32 characters before the offset and the 21 from it: 53 bytes, on
    // the heap.
    let bad = "http://example.com/a/path/long/enough/to/need/the heap/for/its/excerpt";
    let (err, allocations, _) = measure(|| Uri::parse(bad).unwrap_err());
    assert_eq!(err.offset(), 49);
    assert_eq!(allocations, 1);
    assert_eq!(
        format!("{err:#}").lines().nth(1),
        Some("  ...m/a/path/long/enough/to/need/the heap/for/its/excerpt")
    );
    // A scheme's violation too: what was expected and the excerpt share
    // one allocation, and the rule's name is static.
    let (err, allocations, _) = measure(|| Mailto::parse("mailto:joe").unwrap_err());
    assert_eq!(err.offset(), 10);
    assert_eq!(allocations, 1);

    // ... and never in proportion to the input: a 1 MiB reference whose
    // last byte is wrong (its excerpt, that byte and the 32 before it, is
    // held in place), or whose middle is (64 bytes, on the heap).
    let long_bad = format!("http://example.com/{} ", "segment/".repeat(128 * 1024));
    let (err, allocations, peak) = measure(|| Uri::parse(&long_bad).unwrap_err());
    assert_eq!(err.offset(), long_bad.len() - 1);
    assert_eq!(allocations, 0);
    assert!(peak < 1024, "peak {peak} bytes for an error");
    let half = "segment/".repeat(64 * 1024);
    let long_bad = format!("http://example.com/{half} {half}");
    let (err, allocations, peak) = measure(|| Uri::parse(&long_bad).unwrap_err());
    assert_eq!(err.offset(), "http://example.com/".len() + half.len());
    assert_eq!(allocations, 1);
    assert!(peak < 1024, "peak {peak} bytes for an error");

    // Memory: a parse of a 1 MiB URI borrows it, and allocates nothing.
    let long = format!("http://example.com/{}", "segment/".repeat(128 * 1024));
    let (uri, _, peak) = measure(|| Uri::parse(&long).unwrap());
    assert_eq!(uri.path().len(), long.len() - "http://example.com".len());
    assert!(
        peak < 4096,
        "peak {peak} bytes for a {} byte URI",
        long.len()
    );
}
