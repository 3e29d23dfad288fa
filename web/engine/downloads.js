// The engine worker's downloads: each request asked again when it fails on the way; the
// runtime's files and the wheel ("tracked") counted in the progress as they come, and
// their failure the start's; the runtime's wasm asked for first, gzipped, decoded here and
// compiled as it comes.

import { BUILD } from "./worker-context.js";
import { RUNTIME_SCRIPT_URL, STDLIB_NAME, STDLIB_URL, WASM_URL, routeLoaderRequests } from "./pyodide-adapter.js";
import { WASM_NAME, arrived, counted, requested, trackedName, wasmAsStored, whenArrived } from "./load-progress.js";

// ---- a stream's bytes, read by the worker ----------------------------------------------

/** A stream's bytes, in one ArrayBuffer. Read here, not by `new Response(stream)
 * .arrayBuffer()`: Firefox reports a stream that errors under a Response as a page error
 * ("Failed to read data from the ReadableStream"), and a decoded stream errors whenever
 * what it decodes is damaged or is given up on the way (the site's snapshot, on a slow
 * link: ./runtime-snapshot.js). Every decoded stream of the worker is read by it, except
 * the wasm's, which the browser compiles as it comes (compileStreaming takes a Response
 * only). */
export async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

// ---- downloads that fail on the way: asked again --------------------------------------
// A network change while the page loads (net::ERR_NETWORK_CHANGED: a phone switching
// Wi-Fi and mobile data) cancels the requests in flight: fetch rejects with a TypeError.
// Such a request is made again after a short pause (RETRY_DELAYS_MS: three attempts in
// all); an answer, whatever its HTTP status, is final (a 404 stays a 404). If the last
// attempt fails too, the error goes on as before: the start fails and the page says so.
const realFetch = self.fetch.bind(self);
const RETRY_DELAYS_MS = [300, 1000];

export async function fetchRetrying(input, init) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await realFetch(input, init);
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(err instanceof TypeError) || delay === undefined || init?.signal?.aborted) throw err;
      const url = typeof input === "string" ? input : (input?.url ?? String(input));
      console.warn(`hasenpfeffer: download failed (${err.message}), asking again in ${delay} ms: ${url}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

// A tracked download (the wasm, the stdlib, the wheel) that failed for good: its network
// error after the last attempt, an HTTP error status, or its body cut off on the way.
// The start fails at once with it (Pyodide's loader would wait for ever on a wasm it
// could not fetch: it logs "wasm instantiation failed!" and goes no further).
let failDownload = null;
let startFailed = false;
export const downloadFailed = new Promise((resolve, reject) => {
  failDownload = (name, why) => {
    startFailed = true;
    reject(new Error(`could not download ${name} (${why})`));
  };
});
downloadFailed.catch(() => {}); // reported through worker.js's `booted`

// What follows each chunk of a tracked download, once counted: the site's snapshot
// judged (./runtime-snapshot.js sets it, as it loads, before any chunk can come).
let afterChunk = () => {};

/** Call `callback` after each chunk of a tracked download is counted. */
export function onEveryChunk(callback) {
  afterChunk = callback;
}

/** A request asked again if it fails (fetchRetrying); for a tracked download (`name`),
 * its bytes counted as they come, and its failure the start's. */
async function trackedFetch(input, init, name) {
  let response;
  try {
    response = await fetchRetrying(input, init);
  } catch (err) {
    if (name) failDownload(name, err?.message ?? err);
    throw err;
  }
  if (name && !response.ok) failDownload(name, `${response.status} ${response.statusText}`.trim());
  if (!response.ok || !response.body || !name) return response;
  return new Response(countedBody(name, response.body), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** `body` (a response's), its bytes counted as they come (a cut-off body fails the start);
 * `reader`: its reader, when its `first` chunk was read already (to look at it). The
 * body is read as its bytes arrive, not as they are taken (the wasm's by its compiler):
 * their count is the link's rate, by which the site's snapshot is asked for. */
function countedBody(name, body, reader = body.getReader(), first = null) {
  let cancelled = false;
  const take = (controller, bytes) => {
    counted(bytes.byteLength);
    afterChunk();
    controller.enqueue(bytes);
  };
  const pump = async (controller) => {
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (cancelled) return;
        failDownload(name, err?.message ?? err); // cut off on the way
        controller.error(err);
        return;
      }
      if (cancelled) return;
      if (chunk.done) {
        controller.close();
        arrived(name);
        return;
      }
      take(controller, chunk.value);
    }
  };
  return new ReadableStream({
    start(controller) {
      if (first) take(controller, first);
      pump(controller); // (not awaited: the stream is read from now on)
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}

// ---- the runtime's wasm, asked for first, gzipped, and compiled as it comes ------------
// Fetched as soon as the worker's modules run, before Pyodide's loader (imported by
// loadRuntime(), not statically: a static import would be loaded first) has even been
// read, and compiled by the browser as its bytes arrive, whenever the loader is called:
// the start may wait for the runtime's snapshot (./runtime-snapshot.js) while the wasm
// downloads and compiles. The loader's own request gets a stand-in, and its
// WebAssembly.instantiateStreaming of that stand-in instantiates this compiled module
// (routeLoaderRequests, in ./pyodide-adapter.js: a second start, after an unusable
// snapshot, too: the wasm is fetched once). index.html preloads the smaller files
// (stdlib, lock, the scripts), which this worker then finds in the HTTP cache;
// not the wasm: a worker cannot use the page's preloads and a private window's HTTP
// cache does not keep a file that big, so it came twice (measured, issue 31).
//
// What is fetched is the wasm's gzipped copy (WASM_COPY_URL: 3.5 MB of 9.6, written by
// the build, devtools/hasenpfeffer_site/gzipped_copies.py), decoded here as it comes
// (DecompressionStream) and compiled from the decoded stream: many hosts send files as
// stored (issue 50). Its bytes are counted as they come over the wire. A host that
// compresses serves the copy as it is (a gzip file: application/gzip); one that sends
// it with Content-Encoding: gzip has the browser decode it, and the wasm's own bytes
// come: they are taken as they are. The copy refused (an HTTP error: a host without
// it), neither gzip nor the wasm (a host that answers a missing file with a page), or
// not compiled (damaged: gzip that does not decode, or not this wasm), the wasm is
// fetched as stored. A network error (after its retries), or the copy cut off on the
// way, fails the start as any tracked download.
const WASM_COPY_URL = `${WASM_URL}.gz`;
const GZIP_MAGIC = [0x1f, 0x8b];
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d]; // "\0asm"

const startsWith = (bytes, magic) => magic.every((b, i) => bytes[i] === b);

/** The wasm's bytes from its gzipped copy, decoded (a stream), or null when the copy is
 * refused or is not one. */
async function wasmFromCopy() {
  requested(); // (the first tracked request: the worker's first, as its modules run)
  const response = await fetchRetrying(WASM_COPY_URL);
  if (!response.ok || !response.body) return null;
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array(0) : first.value;
  const gzipped = startsWith(head, GZIP_MAGIC);
  if (first.done || (!gzipped && !startsWith(head, WASM_MAGIC))) {
    reader.cancel().catch(() => {});
    return null;
  }
  const counted = countedBody(WASM_NAME, response.body, reader, first.value);
  return gzipped ? counted.pipeThrough(new DecompressionStream("gzip")) : counted;
}

/** The wasm as stored (its copy refused): its bytes, counted (a stream). */
async function wasmAsItIs() {
  wasmAsStored();
  const response = await trackedFetch(WASM_URL, undefined, WASM_NAME);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return response.body;
}

/** The wasm compiled from `body` (a stream of its bytes) as they come. The compiler reads
 * them through a stream that ends where `body` fails, its error kept and thrown once the
 * compiler is done: Firefox reports a stream that errors under a Response as a page error
 * ("Failed to read data from the ReadableStream"), and a damaged copy's decoded stream, or
 * one cut off on the way, is one. */
async function compileWasm(body) {
  const reader = body.getReader();
  let failure = null;
  const ending = new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (err) {
        failure = err;
        controller.close();
        return;
      }
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const headers = { "Content-Type": "application/wasm" };
  let module;
  try {
    module = await WebAssembly.compileStreaming(new Response(ending, { headers }));
  } catch (err) {
    throw failure ?? err;
  }
  if (failure) throw failure; // (what came before the failure compiled: not the whole wasm)
  return module;
}

const compiledWasm = (async () => {
  let body;
  try {
    body = await wasmFromCopy();
  } catch (err) {
    failDownload(WASM_NAME, err?.message ?? err); // a network error, after its retries
    throw err;
  }
  try {
    if (body) {
      try {
        return await compileWasm(body);
      } catch (err) {
        if (startFailed) throw err; // cut off on the way (countedBody): the start has failed
        console.warn(`hasenpfeffer: the wasm's gzipped copy did not compile (${err?.message ?? err}); fetching the wasm`);
      }
    }
    return await compileWasm(await wasmAsItIs());
  } catch (err) {
    failDownload(WASM_NAME, `not compiled: ${err?.message ?? err}`);
    throw err;
  }
})();
compiledWasm.catch(() => {}); // reported through failDownload

// ---- the two zip archives, from their gzipped copies too ------------------------------
// The game's standard library (Pyodide's loader asks for it: its stdLibURL) and the
// engine's wheel (fetchWheel, below) are zip archives of stored files, each with a
// gzipped copy of the whole beside it (devtools/hasenpfeffer_site/gzipped_copies.py: the
// library's 0.61 MB for 2.6, the wheel's 0.42 MB for 1.2; their files deflated one by
// one came to 0.69 and 0.51). A request for either asks for the copy, decodes it whole
// here and answers with the archive's bytes; a copy sent with Content-Encoding: gzip
// (the browser decodes it: the zip's own bytes come) is taken as it is. The copy refused
// (an HTTP error), neither gzip nor a zip (a host's page for a missing file), or damaged
// (it does not decode, or not to a zip): the archive as stored. Either way the same bytes
// (the site's snapshot holds their tables of contents). A network error (after its
// retries), or the copy cut off on the way, fails the start as any tracked download.
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4"

/** Whether `url` is one of the archives fetched as their copies. */
function isArchive(url) {
  return url === STDLIB_URL || (BUILD !== null && url === new URL(BUILD.wheel, import.meta.url).href);
}

/** The archive at `url` (the download `name`): a response of its bytes, decoded from its
 * copy, else the archive as stored (trackedFetch). */
async function archiveFromCopy(url, name) {
  let response;
  try {
    response = await fetchRetrying(`${url}.gz`);
  } catch (err) {
    failDownload(name, err?.message ?? err);
    throw err;
  }
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    let first;
    try {
      first = await reader.read();
    } catch (err) {
      failDownload(name, err?.message ?? err); // cut off on the way
      throw err;
    }
    const head = first.done ? new Uint8Array(0) : first.value;
    const gzipped = startsWith(head, GZIP_MAGIC);
    if (!first.done && (gzipped || startsWith(head, ZIP_MAGIC))) {
      const counted = countedBody(name, response.body, reader, first.value);
      try {
        const bytes = await readAll(gzipped ? counted.pipeThrough(new DecompressionStream("gzip")) : counted);
        // the whole archive, not a part of one (a copy cut short on the host and sent
        // with Content-Encoding: gzip can decode without an error): its size, as built
        const size = url === STDLIB_URL ? BUILD.sizes?.[STDLIB_NAME] : BUILD.sizes?.wheel;
        if (startsWith(new Uint8Array(bytes).subarray(0, 4), ZIP_MAGIC) && (size === undefined || bytes.byteLength === size)) {
          return new Response(bytes, { status: 200, headers: { "Content-Type": "application/zip" } });
        }
      } catch (err) {
        if (startFailed) throw err; // cut off on the way (countedBody): the start has failed
      }
      console.warn(`hasenpfeffer: the gzipped copy of ${name} did not decode; fetching it as stored`);
    } else {
      reader.cancel().catch(() => {});
    }
  } else {
    response.body?.cancel().catch(() => {});
  }
  return trackedFetch(url, undefined, name);
}

// Count the bytes of the tracked downloads as they stream in (every request of the
// worker and of Pyodide's loader goes through here, and is asked again if it fails);
// the loader's request for the wasm gets the module compiled above, the archives come
// from their copies.
routeLoaderRequests(
  (input, init, url) =>
    isArchive(url) ? archiveFromCopy(url, trackedName(url)) : trackedFetch(input, init, trackedName(url)),
  compiledWasm,
);

// ---- the runtime's script, from its gzipped copy too -----------------------------------
// Pyodide's loader imports the runtime's JavaScript (pyodide.asm.mjs, 1.25 MB; its copy
// 0.26 MB). A module made from bytes decoded here comes from a blob: URL, which a worker
// may import only where its policy allows blob: scripts (docs/hosting.md; no policy at
// all on a host that sends no headers, the hosts the copies are for). So: a one-line
// blob: module tried first, and only if it imports, the copy fetched, decoded (or taken
// as it is when the host sent it with Content-Encoding: gzip), imported and its factory
// given to the loader. Not allowed, refused, not decoded or not imported: null, and the
// loader imports the script as stored, as it always did (the page's policy never
// matters: a worker's comes from its own response; where it refuses blob: scripts, the
// refused one-line module is reported in the console, once a start).
const RUNTIME_SCRIPT_COPY_URL = `${RUNTIME_SCRIPT_URL}.gz`;

// (named after the script as stored in stack traces: Pyodide tells its own frames by that name)
const SOURCE_NAME = `\n//# sourceURL=${RUNTIME_SCRIPT_URL}\n`;

async function importFromBytes(parts) {
  const url = URL.createObjectURL(new Blob(parts, { type: "text/javascript" }));
  try {
    return await import(/* a blob: module, decoded here */ url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The copy's bytes as they came (gzipped, or decoded by the browser already), or null when
 * this worker may not import a blob: module or the copy is refused. */
async function fetchRuntimeScriptCopy() {
  try {
    if ((await importFromBytes(["export default 1;"])).default !== 1) return null;
  } catch {
    return null; // this worker's policy allows no blob: script
  }
  try {
    const response = await fetchRetrying(RUNTIME_SCRIPT_COPY_URL);
    if (!response.ok || !response.body) {
      response.body?.cancel().catch(() => {});
      return null;
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    console.warn(`hasenpfeffer: the runtime script's gzipped copy did not come (${err?.message ?? err}); the loader imports the script`);
    return null;
  }
}

// asked for at once, beside the wasm; decoded and imported only when the loader wants the
// script (after the site's snapshot has come or been given up: decoding and compiling
// 1.25 MB of script meanwhile would slow this thread's reading of the snapshot, which is
// judged by the rate it comes at)
const runtimeScriptCopy = fetchRuntimeScriptCopy();
let runtimeScriptFactory = null;

async function importRuntimeScript() {
  const bytes = await runtimeScriptCopy;
  if (!bytes) return null;
  try {
    const decoded = startsWith(bytes, GZIP_MAGIC)
      ? await readAll(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")))
      : bytes;
    const module = await importFromBytes([decoded, SOURCE_NAME]);
    return typeof module.default === "function" ? module.default : null;
  } catch (err) {
    console.warn(`hasenpfeffer: the runtime script's gzipped copy did not import (${err?.message ?? err}); the loader imports the script`);
    return null;
  }
}

/** A promise of the runtime script's factory from its gzipped copy (loadRuntime's
 * `runtimeScript`), or of null: the loader imports the script as stored. Decoded and
 * imported on the first call (once). */
export function runtimeScript() {
  runtimeScriptFactory ??= importRuntimeScript();
  return runtimeScriptFactory;
}

// ---- the wheel, once the wasm is in ---------------------------------------------------

/** The engine's wheel (its bytes), fetched through the worker's fetch: counted, asked again,
 * from its gzipped copy (archiveFromCopy). */
export async function fetchWheel() {
  // asked for once the wasm's bytes are in: it is wanted only after Python has started
  // (./runtime-start.js), and so comes while Python starts, not beside the wasm (its
  // 0.42 MB are 0.4 s of a link of 8 Mbit/s; the page does not preload it either)
  await Promise.race([whenArrived(WASM_NAME), compiledWasm.catch(() => {})]);
  const wheelURL = new URL(BUILD.wheel, import.meta.url).href;
  const response = await self.fetch(wheelURL);
  if (!response.ok) throw new Error(`could not load the engine (${response.status} ${wheelURL})`);
  return new Uint8Array(await response.arrayBuffer());
}
