//! The process allocator: a bump arena for the small, short-lived allocations of one hook
//! call, with the system allocator behind it.
//!
//! A hook lives for well under a millisecond and allocates a few hundred small blocks. musl's
//! allocator spends more instructions on them than the whole decision does and touches a
//! fresh page per size class; a bump pointer into one static arena does neither (measured
//! with callgrind: 142 K -> 59 K instructions for an allowed command). Only the most recent
//! block is ever given back: freeing it rolls the bump pointer back, and growing or shrinking
//! it happens in place, so a `String` or `Vec` that doubles while nothing else is allocated
//! stays on the same pages instead of leaving its old buffers behind. Other freed blocks are
//! never reused. What does not fit (a 250 KB line, a long-running test process) goes to
//! [`Classes`]: power-of-two blocks that are reused once freed, carved from large chunks of the
//! system allocator, which keeps only the blocks over 64 KB. musl's allocator behind the
//! arena spent more than half of the instructions of a 250 KB line (callgrind: 560 M in all).

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Enough for every allocation of an ordinary event; it lives in `.bss`, so pages that are
/// never touched cost nothing.
const ARENA_BYTES: usize = 1 << 20;

/// A bump allocator over a fixed static buffer, falling back to [`System`].
// `used` first: Rust would otherwise put it after the megabyte of `bytes`, on a page of its
// own that the first allocation faults in twice (read, then write).
#[repr(C)]
pub struct Arena {
    /// Offset of the first free byte in `bytes`.
    used: AtomicUsize,
    /// Where what does not fit in `bytes` goes.
    classes: Classes,
    bytes: UnsafeCell<[u8; ARENA_BYTES]>,
}

// SAFETY: every live block lies below `used`, and `used` only moves by compare-and-swap:
// up to reserve a range above every live block, or down over the range of exactly one block
// that ends at `used` and is being freed or shrunk by its owner. So no two callers ever hold
// overlapping memory, and the acquire/release pairs on `used` order a freed block's last
// writes before its next owner's first ones.
unsafe impl Sync for Arena {}

impl Arena {
    pub const fn new() -> Self {
        Self { used: AtomicUsize::new(0), classes: Classes::new(), bytes: UnsafeCell::new([0; ARENA_BYTES]) }
    }

    fn base(&self) -> usize {
        self.bytes.get() as usize
    }

    fn owns(&self, ptr: *mut u8) -> bool {
        let addr = ptr as usize;
        addr >= self.base() && addr < self.base() + ARENA_BYTES
    }

    /// Offset of an arena pointer in `bytes`.
    fn offset(&self, ptr: *mut u8) -> usize {
        ptr as usize - self.base()
    }

    /// Move the end of the most recent block from `old_end` to `new_end`: true when the block
    /// ending at `old_end` was indeed the most recent one (nothing was reserved after it).
    fn move_end(&self, old_end: usize, new_end: usize) -> bool {
        // Most blocks freed are not the most recent: a plain load rules them out without the
        // locked instruction a failing compare-and-swap still costs. AcqRel: growing takes
        // memory another thread may have freed (acquire its writes); shrinking gives memory
        // back (release ours).
        self.used.load(Ordering::Relaxed) == old_end
            && self.used.compare_exchange(old_end, new_end, Ordering::AcqRel, Ordering::Relaxed).is_ok()
    }

    /// Reserve `layout` in the arena: the offset of the block, or `None` when it does not fit.
    fn reserve(&self, layout: Layout) -> Option<usize> {
        let base = self.base();
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            // Alignments are powers of two: a mask rounds up without a division.
            let mask = layout.align() - 1;
            let start = ((base + used).checked_add(mask)? & !mask) - base;
            let end = start.checked_add(layout.size()).filter(|&end| end <= ARENA_BYTES)?;
            // Acquire: the range may have been freed by another thread, whose writes to it
            // must come before ours.
            match self.used.compare_exchange_weak(used, end, Ordering::Acquire, Ordering::Relaxed) {
                Ok(_) => return Some(start),
                Err(now) => used = now,
            }
        }
    }
}

/// Size classes of the blocks that do not fit in the arena: 16 bytes to 64 KB, powers of two.
const CLASSES: usize = 13;
const LARGEST_CLASS: usize = 16 << (CLASSES - 1);
/// What [`Classes`] takes from the system at a time: two huge pages.
const CHUNK_BYTES: usize = 4 << 20;
const HUGE_PAGE: usize = 2 << 20;

/// The class of a block of `layout`: the power of two at least its size and alignment, as an
/// index from 16 bytes up; `None` above 64 KB.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(16);
    (size <= LARGEST_CLASS).then(|| size.next_power_of_two().trailing_zeros() as usize - 4)
}

/// Blocks of one size per class, each aligned to its size, carved from chunks of the system
/// allocator; a freed block goes on its class's list (the block holds the address of the next)
/// and is handed out again before anything new is carved. A spin lock guards the lists: a
/// hook is one thread, and the test processes that share it hold it for a few instructions.
struct Classes {
    lock: AtomicBool,
    /// The first freed block of each class, 0 for none.
    free: UnsafeCell<[usize; CLASSES]>,
    /// The part of the current chunk not carved yet: `[next, end)`.
    next: UnsafeCell<usize>,
    end: UnsafeCell<usize>,
}

impl Classes {
    const fn new() -> Self {
        Self {
            lock: AtomicBool::new(false),
            free: UnsafeCell::new([0; CLASSES]),
            next: UnsafeCell::new(0),
            end: UnsafeCell::new(0),
        }
    }

    /// Run `f` with the lists and the chunk to itself.
    fn locked<T>(&self, f: impl FnOnce(&mut [usize; CLASSES], &mut usize, &mut usize) -> T) -> T {
        while self.lock.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            std::hint::spin_loop();
        }
        // SAFETY: the lock is held, so no one else touches the fields until it is released.
        let out = unsafe { f(&mut *self.free.get(), &mut *self.next.get(), &mut *self.end.get()) };
        self.lock.store(false, Ordering::Release);
        out
    }

    /// A block of `class`, or null when the system has no chunk to give.
    fn alloc(&self, class: usize) -> *mut u8 {
        let size = 16usize << class;
        self.locked(|free, next, end| {
            if free[class] != 0 {
                let block = free[class];
                // SAFETY: a freed block of this class, whose first word holds the next one.
                free[class] = unsafe { *(block as *const usize) };
                return block as *mut u8;
            }
            let mut start = (*next + size - 1) & !(size - 1);
            if *next == 0 || start + size > *end {
                // SAFETY: a valid, non-zero layout.
                let chunk =
                    unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK_BYTES, HUGE_PAGE)) };
                if chunk.is_null() {
                    return chunk;
                }
                huge_pages(chunk, CHUNK_BYTES);
                start = chunk as usize;
                *end = start + CHUNK_BYTES;
            }
            *next = start + size;
            start as *mut u8
        })
    }

    /// Give back a block of `class` that [`Classes::alloc`] handed out (or one at least as
    /// large and as aligned).
    fn dealloc(&self, block: *mut u8, class: usize) {
        self.locked(|free, _, _| {
            // SAFETY: the block is at least 16 bytes, aligned to 16, and no longer in use.
            unsafe { *(block as *mut usize) = free[class] };
            free[class] = block as usize;
        });
    }
}

/// Ask Linux to back `len` bytes at `start` with huge pages where it can: a 250 KB line
/// allocates tens of megabytes, and a fault per 4 KB page cost more than the analysis
/// (`cargo xtask bench`'s worst shapes). Elsewhere, or with transparent huge pages off, the
/// memory is as it was.
#[cfg(target_os = "linux")]
fn huge_pages(start: *mut u8, len: usize) {
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: std::ffi::c_int) -> std::ffi::c_int;
    }
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    // SAFETY: advice on memory this process owns; a failure changes nothing.
    unsafe {
        madvise(start.cast(), len, MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: *mut u8, _: usize) {}

/// A block of `size` bytes the system allocator gave (or null), on huge pages when it spans one.
fn from_system(block: *mut u8, size: usize) -> *mut u8 {
    if !block.is_null() && size >= HUGE_PAGE {
        huge_pages(block, size);
    }
    block
}

impl Arena {
    /// A block that does not fit in the arena. Out of line and cold: an ordinary event never
    /// gets here, and `alloc`'s inlined fast path stays a bump of `used`.
    #[cold]
    #[inline(never)]
    fn spill(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(class) => self.classes.alloc(class),
            // SAFETY: forwarded with the caller's own layout, which is non-zero in size.
            None => from_system(unsafe { System.alloc(layout) }, layout.size()),
        }
    }
}

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: every pointer returned is either a block of `layout.size()` bytes aligned to
// `layout.align()` inside `bytes`, reserved for this caller alone, or comes from `System`;
// `dealloc` and `realloc` hand back to `System` exactly the pointers that did not come from
// the arena, and give arena memory back only by rolling `used` down over the caller's block.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match self.reserve(layout) {
            // SAFETY: `start + size <= ARENA_BYTES`, so the block is inside `bytes`.
            Some(start) => unsafe { self.bytes.get().cast::<u8>().add(start) },
            None => self.spill(layout),
        }
    }

    // Out of line: every drop in the program frees, and inlining this body into each of them
    // made the binary 84 KB larger (130 KB more than one call per drop).
    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if self.owns(ptr) {
            // The most recent block goes back to the free space; any other stays garbage.
            let start = self.offset(ptr);
            self.move_end(start + layout.size(), start);
        } else if let Some(class) = class_of(layout) {
            self.classes.dealloc(ptr, class);
        } else {
            // SAFETY: not from the arena nor a class, so it came from `System` with this layout.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees `new_size` with `layout.align()` is a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if !self.owns(ptr) {
            match (class_of(layout), class_of(new_layout)) {
                // A class block serves any size up to its own; a smaller one, freed with its
                // new layout, goes on a smaller class's list, which it serves as well.
                (Some(old), Some(new)) if new <= old => return ptr,
                // SAFETY: from `System` with this layout; `new_size` is valid (above).
                (None, None) => {
                    return from_system(unsafe { System.realloc(ptr, layout, new_size) }, new_size);
                }
                _ => {}
            }
        } else {
            let start = self.offset(ptr);
            let old_end = start + layout.size();
            if new_size <= layout.size() {
                // A block always fits in its own range: give the tail back when it is the
                // most recent block, else leave it as garbage.
                self.move_end(old_end, start + new_size);
                return ptr;
            }
            let new_end = start.checked_add(new_size).filter(|&end| end <= ARENA_BYTES);
            if new_end.is_some_and(|new_end| self.move_end(old_end, new_end)) {
                // The most recent block grew over free space that nobody else holds.
                return ptr;
            }
        }
        // Not the most recent block, out of room, or out of its class: move it, as the default
        // `realloc` does.
        // SAFETY: `new_layout` has a non-zero size.
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            // SAFETY: `moved` is a fresh block, so it does not overlap `ptr`'s block, which
            // stays the caller's until the `dealloc` below.
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_and_disjoint() {
        // A static, as in real use: an arena is too big for a test thread's stack.
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let layouts = [(1, 1), (3, 1), (8, 8), (24, 8), (100, 16), (7, 64), (4096, 4096)];
        let mut blocks = Vec::new();
        for (size, align) in layouts {
            let layout = Layout::from_size_align(size, align).unwrap();
            let ptr = unsafe { arena.alloc(layout) };
            assert!(arena.owns(ptr));
            assert_eq!(ptr as usize % align, 0, "alignment {align}");
            unsafe { ptr.write_bytes(0xAB, size) };
            blocks.push((ptr as usize, size));
        }
        blocks.sort_unstable();
        for pair in blocks.windows(2) {
            assert!(pair[0].0 + pair[0].1 <= pair[1].0, "{pair:?} overlap");
        }
    }

    #[test]
    fn what_does_not_fit_comes_from_the_system() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let big = Layout::from_size_align(ARENA_BYTES + 1, 8).unwrap();
        let ptr = unsafe { arena.alloc(big) };
        assert!(!ptr.is_null());
        assert!(!arena.owns(ptr));
        unsafe { ptr.write_bytes(1, big.size()) };
        unsafe { arena.dealloc(ptr, big) };
        let small = Layout::from_size_align(16, 8).unwrap();
        assert!(arena.owns(unsafe { arena.alloc(small) }), "a refused block leaves the arena usable");
    }

    /// A block of `size` bytes aligned to 8, filled with `mark`.
    fn filled(arena: &Arena, size: usize, mark: u8) -> *mut u8 {
        let ptr = unsafe { arena.alloc(Layout::from_size_align(size, 8).unwrap()) };
        unsafe { ptr.write_bytes(mark, size) };
        ptr
    }

    fn holds(ptr: *mut u8, size: usize, mark: u8) -> bool {
        unsafe { std::slice::from_raw_parts(ptr, size) }.iter().all(|byte| *byte == mark)
    }

    #[test]
    fn the_most_recent_block_grows_and_shrinks_in_place() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let ptr = filled(arena, 16, 7);
        let layout = Layout::from_size_align(16, 8).unwrap();
        let grown = unsafe { arena.realloc(ptr, layout, 4096) };
        assert_eq!(grown, ptr);
        assert!(holds(grown, 16, 7));
        let shrunk = unsafe { arena.realloc(grown, Layout::from_size_align(4096, 8).unwrap(), 32) };
        assert_eq!(shrunk, ptr);
        assert!(holds(shrunk, 16, 7));
        let next = filled(arena, 8, 1);
        assert_eq!(next as usize, ptr as usize + 32, "the shrunk tail is free again");
    }

    #[test]
    fn freeing_the_most_recent_block_frees_its_space() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let layout = Layout::from_size_align(24, 8).unwrap();
        let first = filled(arena, 24, 1);
        let second = filled(arena, 24, 2);
        unsafe { arena.dealloc(second, layout) };
        assert_eq!(filled(arena, 24, 3), second);
        // `first` is no longer the most recent block: freeing it leaves it as garbage.
        unsafe { arena.dealloc(first, layout) };
        assert_ne!(filled(arena, 24, 4), first);
    }

    #[test]
    fn an_older_block_moves_with_its_contents() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let old = filled(arena, 16, 5);
        let newer = filled(arena, 16, 6);
        let moved = unsafe { arena.realloc(old, Layout::from_size_align(16, 8).unwrap(), 64) };
        assert_ne!(moved, old);
        assert!(arena.owns(moved));
        assert!(holds(moved, 16, 5));
        assert!(holds(newer, 16, 6), "the newer block is untouched");
    }

    #[test]
    fn a_block_that_outgrows_the_arena_moves_to_the_system() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let ptr = filled(arena, 16, 9);
        let too_big = ARENA_BYTES + 1;
        let moved = unsafe { arena.realloc(ptr, Layout::from_size_align(16, 8).unwrap(), too_big) };
        assert!(!arena.owns(moved));
        assert!(holds(moved, 16, 9));
        unsafe { arena.dealloc(moved, Layout::from_size_align(too_big, 8).unwrap()) };
        assert_eq!(filled(arena, 8, 0), ptr, "the block left the arena empty");
    }

    #[test]
    fn threads_freeing_and_growing_never_share_a_block() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let threads: Vec<_> = (1..=4u8)
            .map(|mark| {
                std::thread::spawn(move || {
                    for round in 0..2000 {
                        // A few live blocks at once, grown and freed in varying order, each
                        // checked to still hold only this thread's mark.
                        let mut live: Vec<(*mut u8, usize)> =
                            (0..3).map(|_| (filled(arena, 24, mark), 24)).collect();
                        for (ptr, size) in &mut live {
                            let layout = Layout::from_size_align(*size, 8).unwrap();
                            *ptr = unsafe { arena.realloc(*ptr, layout, *size * 4) };
                            *size *= 4;
                            unsafe { ptr.write_bytes(mark, *size) };
                        }
                        if round % 2 == 0 {
                            live.reverse();
                        }
                        for (ptr, size) in live {
                            assert!(holds(ptr, size, mark), "another thread wrote into a block");
                            unsafe { arena.dealloc(ptr, Layout::from_size_align(size, 8).unwrap()) };
                        }
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
    }

    #[test]
    fn threads_never_share_a_block() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        let layout = Layout::from_size_align(64, 8).unwrap();
        let threads: Vec<_> = (0..4u8)
            .map(|mark| {
                std::thread::spawn(move || {
                    (0..500)
                        .map(|_| {
                            let ptr = unsafe { arena.alloc(layout) };
                            unsafe { ptr.write_bytes(mark, 64) };
                            ptr as usize
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<usize> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!(all.windows(2).all(|pair| pair[1] - pair[0] >= 64));
    }

    /// Fill `arena` so that every later block comes from its classes or the system.
    fn fill_up(arena: &Arena) {
        let rest = ARENA_BYTES - arena.used.load(Ordering::Relaxed);
        let ptr = unsafe { arena.alloc(Layout::from_size_align(rest, 1).unwrap()) };
        assert!(arena.owns(ptr));
    }

    #[test]
    fn past_the_arena_freed_blocks_of_a_class_are_handed_out_again() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        fill_up(arena);
        let layout = Layout::from_size_align(40, 8).unwrap();
        let first = filled(arena, 40, 1);
        let second = filled(arena, 40, 2);
        assert!(!arena.owns(first) && !arena.owns(second));
        assert_eq!(first as usize % 64, 0, "a 64-byte class block is aligned to 64");
        assert!(holds(first, 40, 1), "blocks do not overlap");
        unsafe { arena.dealloc(first, layout) };
        // Any size of the same class takes it: 33 to 64 bytes.
        assert_eq!(filled(arena, 64, 3), first);
        assert_ne!(filled(arena, 33, 4), second);
        // Larger blocks than the largest class come from the system and go back to it.
        let big = Layout::from_size_align(LARGEST_CLASS + 1, 8).unwrap();
        let ptr = unsafe { arena.alloc(big) };
        unsafe { ptr.write_bytes(5, big.size()) };
        unsafe { arena.dealloc(ptr, big) };
    }

    #[test]
    fn past_the_arena_realloc_keeps_the_bytes_across_classes() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        fill_up(arena);
        let ptr = filled(arena, 20, 9);
        let layout = Layout::from_size_align(20, 8).unwrap();
        // Within its class (32 bytes), in place; beyond, moved with its bytes.
        assert_eq!(unsafe { arena.realloc(ptr, layout, 32) }, ptr);
        let moved = unsafe { arena.realloc(ptr, Layout::from_size_align(32, 8).unwrap(), 1000) };
        assert_ne!(moved, ptr);
        assert!(holds(moved, 20, 9));
        let huge = unsafe { arena.realloc(moved, Layout::from_size_align(1000, 8).unwrap(), 100_000) };
        assert!(holds(huge, 20, 9));
        // Back down to 24 bytes: the 32-byte block it left first went back to its class.
        let back = unsafe { arena.realloc(huge, Layout::from_size_align(100_000, 8).unwrap(), 24) };
        assert_eq!(back, ptr);
        assert!(holds(back, 20, 9));
    }

    #[test]
    fn past_the_arena_threads_never_share_a_block() {
        static ARENA: Arena = Arena::new();
        let arena = &ARENA;
        fill_up(arena);
        let threads: Vec<_> = (0..4u8)
            .map(|mark| {
                std::thread::spawn(move || {
                    let mut held = Vec::new();
                    for round in 0..2000usize {
                        let size = 16 + (round * 37 + usize::from(mark) * 11) % 3000;
                        held.push((filled(arena, size, mark), size));
                        if round % 3 == 0 {
                            let (ptr, size) = held.swap_remove(round % held.len());
                            assert!(holds(ptr, size, mark), "a block changed under its owner");
                            unsafe { arena.dealloc(ptr, Layout::from_size_align(size, 8).unwrap()) };
                        }
                    }
                    held.iter().all(|&(ptr, size)| holds(ptr, size, mark))
                })
            })
            .collect();
        for thread in threads {
            assert!(thread.join().unwrap(), "a block changed under its owner");
        }
    }
}
