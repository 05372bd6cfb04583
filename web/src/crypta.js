// The crypta WebAssembly module, loaded without generated glue: it imports
// only `crypta.now`, `crypta.random` and `crypta.emit` (crates/web/src/abi.rs)
// and takes and gives JSON. Used by the page (quick requests: check,
// complete, apply) and by the worker (run, generate).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// A running instance of `module`; `onEmit` gets each JSON progress line.
export async function instantiate(module, onEmit = () => {}) {
  let exports = null;
  const bytes = (ptr, len) => new Uint8Array(exports.memory.buffer, ptr >>> 0, len >>> 0);
  const imports = {
    crypta: {
      now: () => performance.now(),
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
    // Answers one request ({op, ...}): the `ok` value, or throws the error.
    call(request) {
      const input = encoder.encode(JSON.stringify(request));
      const ptr = exports.crypta_alloc(input.length);
      bytes(ptr, input.length).set(input);
      const len = exports.crypta_call(ptr, input.length);
      const answer = JSON.parse(decoder.decode(bytes(exports.crypta_output(), len)));
      if ('error' in answer) throw new Error(answer.error);
      return answer.ok;
    },
  };
}

// An instance that starts afresh after a trap (a panic aborts the module,
// whose memory is then in no state to go on).
export async function resilient(module, onEmit) {
  let current = await instantiate(module, onEmit);
  return {
    async call(request) {
      try {
        return current.call(request);
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError) {
          current = await instantiate(module, onEmit);
          throw new Error(`internal error: ${e.message}`);
        }
        throw e;
      }
    },
  };
}
