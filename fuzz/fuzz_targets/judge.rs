//! Fuzz target `judge`: see [`crypta_fuzz::judge`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| crypta_fuzz::judge(data));
