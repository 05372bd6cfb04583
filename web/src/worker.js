// The searches: `run` and `generate` in a worker of their own, so that the
// page never freezes and Stop can end a search by ending the worker.
import { resilient, failure } from './crypta.js';

let crypta = null;
let pending = [];
let last = 0;

// Progress lines batched: a search that finds a solution every microsecond
// would otherwise flood the page with messages. A statement's beginning,
// end and answer go out at once, and lines held back go out at the next look at
// the clock (the search looks every millisecond or so), so that Stop,
// which ends this worker, loses nothing the page could have drawn.
function emit(line) {
  pending.push(line);
  const now = performance.now();
  if (line.begin !== undefined || line.end || line.answer || now - last > 100) flush(now);
}
function clock(now) {
  if (pending.length && now - last > 100) flush(now);
}
function flush(now = performance.now()) {
  if (pending.length) postMessage({ type: 'progress', lines: pending });
  pending = [];
  last = now;
}

onmessage = async (event) => {
  const { module, id, request } = event.data;
  if (module) {
    crypta = await resilient(module, emit, clock);
    postMessage({ type: 'ready' });
    return;
  }
  let reply;
  try {
    reply = { ok: crypta.call(request) };
  } catch (e) {
    reply = { error: e };
  }
  // The rest on a fresh stack: the call may have failed for want of one.
  await null;
  flush();
  if ('ok' in reply) {
    postMessage({ type: 'done', id, ok: reply.ok });
    return;
  }
  // After a trap the next request finds a fresh instance.
  await crypta.ready();
  postMessage({ type: 'done', id, error: failure(reply.error) });
};
