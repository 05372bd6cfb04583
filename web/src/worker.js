// The searches: `run` and `generate` in a worker of their own, so that the
// page never freezes and Stop can end a search by ending the worker.
import { resilient } from './crypta.js';

let crypta = null;
let pending = [];
let last = 0;

// Progress lines batched: a search that finds a solution every microsecond
// would otherwise flood the page with messages.
function emit(line) {
  pending.push(line);
  const now = performance.now();
  if (now - last > 100) flush(now);
}
function flush(now = performance.now()) {
  if (pending.length) postMessage({ type: 'progress', lines: pending });
  pending = [];
  last = now;
}

onmessage = async (event) => {
  const { module, id, request } = event.data;
  if (module) {
    crypta = await resilient(module, emit);
    postMessage({ type: 'ready' });
    return;
  }
  try {
    const ok = await crypta.call(request);
    flush();
    postMessage({ type: 'done', id, ok });
  } catch (e) {
    flush();
    postMessage({ type: 'done', id, error: e.message });
  }
};
