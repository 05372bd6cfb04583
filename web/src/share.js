// A script kept in the page's address: deflate-raw (CompressionStream),
// then base64url, after `#code=`.

function toBase64url(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(code) {
  const text = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

export async function pack(script) {
  return toBase64url(await through(new TextEncoder().encode(script), new CompressionStream('deflate-raw')));
}

export async function unpack(code) {
  return new TextDecoder().decode(await through(fromBase64url(code), new DecompressionStream('deflate-raw')));
}

// The script in `hash` (`#code=...`), or null.
export async function fromHash(hash) {
  const match = /^#code=([A-Za-z0-9_-]*)$/.exec(hash);
  if (!match) return null;
  try {
    return await unpack(match[1]);
  } catch {
    return null;
  }
}
