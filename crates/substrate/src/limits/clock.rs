//! The clock time limits read. Natively it is std's; in a browser
//! (`wasm32-unknown-unknown`) it is `web-time`'s through wasm-bindgen with
//! the default feature `js`, or, without it, the milliseconds a host
//! hands in with [`set_clock`] (a page that loads the core as a bare
//! WebAssembly module, with no wasm-bindgen glue).

use std::sync::OnceLock;

pub use std::time::Duration;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
pub use web_time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js")))]
pub use host::Instant;

/// The host's clock, once set.
static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

/// Sets the clock time limits read where the core has none of its own
/// (`wasm32-unknown-unknown` built without the feature `js`): `now`
/// gives milliseconds from any fixed start, never going back, such as a
/// page's `performance.now()`. Without it time stands still there and a
/// time limit never stops a search. Ignored elsewhere; only the first
/// call counts.
pub fn set_clock(now: fn() -> f64) {
    let _ = CLOCK.set(now);
}

/// The host's milliseconds; 0 before [`set_clock`].
#[cfg_attr(
    not(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js"))),
    allow(dead_code)
)]
fn host_millis() -> f64 {
    CLOCK.get().map_or(0.0, |now| now())
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js")))]
mod host {
    use std::ops::Add;

    use super::Duration;

    /// A moment of the host's clock, in milliseconds.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// The host's time now.
        pub fn now() -> Instant {
            Instant(super::host_millis())
        }

        /// The time from `earlier` to this moment; zero if it was later.
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, other: Duration) -> Instant {
            Instant(self.0 + other.as_secs_f64() * 1000.0)
        }
    }
}
