//! Fuzz target `solve`: see [`crypta_fuzz::solve`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| crypta_fuzz::solve(data));
