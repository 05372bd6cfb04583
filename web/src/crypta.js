// The crypta WebAssembly module, loaded without generated glue: it imports
// only `crypta.now`, `crypta.random` and `crypta.emit` (crates/web/src/abi.rs)
// and takes and gives JSON. Used by the page (quick requests: check,
// complete, apply) and by the worker (run, generate).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The module's own answer `{"error": ...}`: the instance is fine.
export class Refused extends Error {}
// Something went wrong inside a call: the instance is not used again.
export class Trap extends Error {
  constructor(cause) {
    const stack = cause instanceof RangeError ? ' (the module ran out of stack)' : '';
    super(`internal error: ${cause?.message ?? cause}${stack}; the module is started afresh`);
  }
}
// A call while the instance that replaces a trapped one is starting.
export class Starting extends Error {}

// What to show for an error a call threw.
export function failure(e) {
  return e instanceof Refused || e instanceof Trap || e instanceof Starting ? e.message : `internal error: ${e?.message ?? e}`;
}

// A running instance of `module`; `onEmit` gets each JSON progress line,
// `onClock` is called each time the module reads the clock (every
// millisecond or so while it searches).
export async function instantiate(module, onEmit = () => {}, onClock = () => {}) {
  let exports = null;
  const bytes = (ptr, len) => new Uint8Array(exports.memory.buffer, ptr >>> 0, len >>> 0);
  const imports = {
    crypta: {
      now: () => {
        const now = performance.now();
        onClock(now);
        return now;
      },
      random: (ptr, len) => {
        // getRandomValues fills at most 65536 bytes at a time.
        for (let at = 0; at < len; at += 65536) {
          crypto.getRandomValues(bytes(ptr + at, Math.min(65536, len - at)));
        }
      },
      emit: (ptr, len) => onEmit(JSON.parse(decoder.decode(bytes(ptr, len)))),
    },
  };
  const instance = await WebAssembly.instantiate(module, imports);
  exports = instance.exports;
  return {
    // Answers one request ({op, ...}): the `ok` value, or throws the
    // error (a Refused when the module answered with one).
    call(request) {
      const input = encoder.encode(JSON.stringify(request));
      const ptr = exports.crypta_alloc(input.length);
      bytes(ptr, input.length).set(input);
      const len = exports.crypta_call(ptr, input.length);
      const answer = JSON.parse(decoder.decode(bytes(exports.crypta_output(), len)));
      if ('error' in answer) throw new Refused(answer.error);
      return answer.ok;
    },
  };
}

// An instance that starts afresh after anything went wrong inside a call:
// a trap (a panic aborts the module), a stack overflow (a RangeError, which
// WebAssembly does not count as a trap), or an exception from an import.
// Any of these leaves the module's memory and stack pointer mid-call, in
// no state to go on. `call` stays synchronous for the page's quick
// requests: until a fresh instance is up (`ready()`), it refuses. Little
// is done where a call failed, since that may be at the end of the stack:
// the instance is dropped first, and started again later, from `ready()`
// or the next call.
export async function resilient(module, onEmit, onClock) {
  let current = await instantiate(module, onEmit, onClock);
  let starting = null;
  const restart = () => {
    starting = instantiate(module, onEmit, onClock).then(
      (fresh) => { current = fresh; starting = null; },
      // Tried again at the next call.
      () => { starting = null; },
    );
  };
  return {
    call(request) {
      if (!current) {
        if (!starting) restart();
        throw new Starting('the module is starting again after an internal error');
      }
      try {
        return current.call(request);
      } catch (e) {
        if (e instanceof Refused) throw e;
        current = null;
        throw new Trap(e);
      }
    },
    // Resolves once an instance is up (or its start failed).
    ready() {
      if (!current && !starting) restart();
      return starting ?? Promise.resolve();
    },
  };
}
