//! The module's interface to the page, without wasm-bindgen: exports
//! `crypta_alloc(len) -> ptr` (a buffer the page fills with a UTF-8
//! request), `crypta_call(ptr, len) -> len` (answers it; the buffer is
//! taken back) and `crypta_output() -> ptr` (where the answer is, valid
//! until the next call); imports from module `crypta`: `now() -> f64`
//! (milliseconds, for time limits), `random(ptr, len)` (random bytes) and
//! `emit(ptr, len)` (one JSON line of progress). Nothing else is
//! imported, so the page instantiates it with `WebAssembly.instantiate`.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod wasm {
    use std::cell::RefCell;

    #[link(wasm_import_module = "crypta")]
    extern "C" {
        fn now() -> f64;
        fn random(ptr: *mut u8, len: usize);
        fn emit(ptr: *const u8, len: usize);
    }

    thread_local! {
        static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }

    fn clock() -> f64 {
        // SAFETY: an import without arguments that returns a number.
        unsafe { now() }
    }

    fn fill(buf: &mut [u8]) -> Result<(), getrandom::Error> {
        // SAFETY: the page writes exactly `len` bytes at `ptr`, inside
        // this buffer.
        unsafe { random(buf.as_mut_ptr(), buf.len()) };
        Ok(())
    }
    getrandom::register_custom_getrandom!(fill);

    /// A buffer of `len` bytes for the page to write a request into.
    #[no_mangle]
    pub extern "C" fn crypta_alloc(len: usize) -> *mut u8 {
        Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
    }

    /// Answers the request in the buffer `crypta_alloc(len)` gave (and
    /// frees it); the answer's length is returned, its bytes are at
    /// `crypta_output()`.
    ///
    /// # Safety
    /// `ptr` and `len` are those of one `crypta_alloc` call, not used since.
    #[no_mangle]
    pub unsafe extern "C" fn crypta_call(ptr: *mut u8, len: usize) -> usize {
        crypta_core::limits::clock::set_clock(clock);
        // SAFETY: the caller passes a buffer crypta_alloc made, of `len` bytes.
        let bytes = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
        let request = String::from_utf8_lossy(&bytes);
        let answer = crate::handle(&request, &mut |line: &str| {
            // SAFETY: the page copies `len` bytes from `ptr` before returning.
            unsafe { emit(line.as_ptr(), line.len()) }
        });
        let len = answer.len();
        OUTPUT.with(|out| *out.borrow_mut() = answer.into_bytes());
        len
    }

    /// Where the last answer's bytes are.
    #[no_mangle]
    pub extern "C" fn crypta_output() -> *const u8 {
        OUTPUT.with(|out| out.borrow().as_ptr())
    }
}
