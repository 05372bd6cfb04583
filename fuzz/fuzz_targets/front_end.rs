//! Fuzz target `front_end`: see [`crypta_fuzz::front_end`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| crypta_fuzz::front_end(data));
