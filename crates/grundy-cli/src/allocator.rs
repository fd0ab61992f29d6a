//! The program's allocator: a command's first allocations are cut one after the other from a
//! region of the program's own zeroed data ([`FIRST_BYTES`]); from the first block that does
//! not fit in what is left on (and for any block larger than [`LARGEST_FIRST`]) they come
//! from mimalloc.
//!
//! A short command's allocations are few and small. Cut from one region they touch a few
//! fresh pages and nothing else, where mimalloc would set up its first arena and a fresh page
//! for each size class (0.16-0.35 ms and 46 page faults of the 1.0-1.2 ms of `grundy value
//! cram:4x5`, BENCHMARKS.md "Start-up, static"). A command that allocates more soon uses the region up and runs on
//! mimalloc, as before (Sprouts' searches make and drop many small vectors: 1.46x faster with
//! mimalloc than with glibc's malloc at 6 spots).
//!
//! A block of the region is never reused: freeing it does nothing, and resizing it moves it
//! (its bytes copied). So the region wastes at most its own size. Whether a block is the
//! region's is a comparison of its address with the region's bounds, so a block of mimalloc's
//! is freed at mimalloc's cost.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use mimalloc::MiMalloc;

/// The size of the region of first allocations.
pub const FIRST_BYTES: usize = 1 << 20;

/// The largest block cut from the region; larger ones come from mimalloc at once.
pub const LARGEST_FIRST: usize = 64 << 10;

/// A region of memory cut into blocks one after the other, never reused.
pub struct Arena<const N: usize> {
    bytes: UnsafeCell<[u8; N]>,
    /// Bytes of the region given out.
    used: AtomicUsize,
}

// SAFETY: the bytes are only reached through the blocks given out, each to one owner; `used`
// is atomic.
unsafe impl<const N: usize> Sync for Arena<N> {}

impl<const N: usize> Arena<N> {
    /// An unused region (zeroed: in the program's zeroed data, it costs nothing until used).
    pub const fn new() -> Self {
        Arena {
            bytes: UnsafeCell::new([0; N]),
            used: AtomicUsize::new(0),
        }
    }

    fn start(&self) -> usize {
        self.bytes.get() as usize
    }

    /// Whether `ptr` is a block of this region.
    pub fn holds(&self, ptr: *mut u8) -> bool {
        (ptr as usize).wrapping_sub(self.start()) < N
    }

    /// A new block of `layout` (its bytes zero: never used before), or null when the block is
    /// too large or does not fit in what is left; after the first block that did not fit, null
    /// for every block (the region is closed).
    pub fn cut(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LARGEST_FIRST || self.used.load(Relaxed) == N {
            return std::ptr::null_mut();
        }
        let start = self.start();
        let mut used = self.used.load(Relaxed);
        loop {
            // The block's offset, rounded up so that its address is aligned (a power of two).
            let mask = layout.align() - 1;
            let offset = ((start + used + mask) & !mask) - start;
            let end = offset + layout.size();
            if end > N {
                // Used up, as far as any later block is concerned: none is cut again.
                self.used.store(N, Relaxed);
                return std::ptr::null_mut();
            }
            match self.used.compare_exchange_weak(used, end, Relaxed, Relaxed) {
                Ok(_) => return self.bytes.get().cast::<u8>().wrapping_add(offset),
                Err(now) => used = now,
            }
        }
    }
}

/// The allocator of the program (`#[global_allocator]` in `main.rs`).
pub struct FirstThenMimalloc {
    first: Arena<FIRST_BYTES>,
}

impl FirstThenMimalloc {
    pub const fn new() -> Self {
        FirstThenMimalloc {
            first: Arena::new(),
        }
    }
}

// SAFETY: a block is cut from the region (aligned, of its size, given out once) or made by
// mimalloc; a block of mimalloc's is freed and resized by mimalloc, one of the region's is
// never freed and is moved on a resize.
unsafe impl GlobalAlloc for FirstThenMimalloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = self.first.cut(layout);
        match block.is_null() {
            false => block,
            true => unsafe { MiMalloc.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // The region's blocks are zero (never used before).
        let block = self.first.cut(layout);
        match block.is_null() {
            false => block,
            true => unsafe { MiMalloc.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if !self.first.holds(ptr) {
            unsafe { MiMalloc.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !self.first.holds(ptr) {
            return unsafe { MiMalloc.realloc(ptr, layout, new_size) };
        }
        // SAFETY: the caller gives a size that, with the block's alignment, makes a layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            // SAFETY: both blocks hold at least this many bytes, and they do not overlap.
            unsafe { std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size)) };
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_apart_and_zero_until_the_region_is_used_up() {
        let region = Arena::<4096>::new();
        let mut blocks: Vec<(usize, usize)> = Vec::new();
        for (size, align) in [
            (1, 1),
            (24, 8),
            (3, 1),
            (100, 64),
            (8, 8),
            (1000, 16),
            (7, 4),
        ] {
            let layout = Layout::from_size_align(size, align).unwrap();
            let block = region.cut(layout);
            assert!(!block.is_null() && region.holds(block));
            assert_eq!(block as usize % align, 0, "aligned");
            // SAFETY: the block has `size` bytes, given to this test alone.
            let bytes = unsafe { std::slice::from_raw_parts_mut(block, size) };
            assert!(bytes.iter().all(|&b| b == 0), "zero");
            bytes.fill(0xab);
            let (start, end) = (block as usize, block as usize + size);
            assert!(blocks.iter().all(|&(s, e)| end <= s || e <= start), "apart");
            blocks.push((start, end));
        }
        // What does not fit is refused, and so is a block too large for the region.
        assert!(region
            .cut(Layout::from_size_align(4096, 1).unwrap())
            .is_null());
        static LARGE: Arena<{ 4 * LARGEST_FIRST }> = Arena::new();
        assert!(LARGE
            .cut(Layout::from_size_align(LARGEST_FIRST + 1, 1).unwrap())
            .is_null());
        assert!(!LARGE
            .cut(Layout::from_size_align(LARGEST_FIRST, 1).unwrap())
            .is_null());
        // The region is not the memory around it.
        let outside = Box::new(0u8);
        assert!(!region.holds(&*outside as *const u8 as *mut u8));
    }

    #[test]
    fn blocks_move_to_mimalloc_when_the_region_is_used_up_and_keep_their_bytes() {
        static ALLOCATOR: FirstThenMimalloc = FirstThenMimalloc::new();
        let allocator = &ALLOCATOR;
        let layout = Layout::from_size_align(48, 16).unwrap();
        // SAFETY: each block is used within its layout and freed once, by this allocator.
        unsafe {
            let first = allocator.alloc(layout);
            assert!(allocator.first.holds(first));
            std::ptr::write_bytes(first, 7, 48);
            // Grown: moved, its bytes kept (still in the region while it has room).
            let grown = allocator.realloc(first, layout, 4000);
            assert!(allocator.first.holds(grown) && grown != first);
            assert!(std::slice::from_raw_parts(grown, 48)
                .iter()
                .all(|&b| b == 7));
            // A large block comes from mimalloc.
            let large = Layout::from_size_align(LARGEST_FIRST + 1, 8).unwrap();
            let big = allocator.alloc_zeroed(large);
            assert!(!big.is_null() && !allocator.first.holds(big));
            assert!(std::slice::from_raw_parts(big, large.size())
                .iter()
                .all(|&b| b == 0));
            allocator.dealloc(big, large);
            // Use the region up: blocks then come from mimalloc, and a block of the region
            // grown moves there.
            let chunk = Layout::from_size_align(LARGEST_FIRST, 8).unwrap();
            while allocator.first.holds(allocator.alloc(chunk)) {}
            let after = allocator.alloc(layout);
            assert!(!allocator.first.holds(after));
            let moved = allocator.realloc(grown, Layout::from_size_align(4000, 16).unwrap(), 9000);
            assert!(!allocator.first.holds(moved));
            assert!(std::slice::from_raw_parts(moved, 48)
                .iter()
                .all(|&b| b == 7));
            allocator.dealloc(moved, Layout::from_size_align(9000, 16).unwrap());
            allocator.dealloc(after, layout);
        }
    }

    #[test]
    fn threads_cut_blocks_apart() {
        let region = Arena::<{ 1 << 16 }>::new();
        let layout = Layout::from_size_align(24, 8).unwrap();
        let blocks: Vec<usize> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        (0..500)
                            .map(|_| region.cut(layout) as usize)
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        let mut starts: Vec<usize> = blocks.iter().copied().filter(|&b| b != 0).collect();
        assert_eq!(starts.len(), 2000);
        starts.sort_unstable();
        assert!(
            starts.windows(2).all(|w| w[1] - w[0] >= 24),
            "no two blocks overlap"
        );
    }
}
