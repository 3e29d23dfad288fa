// Reading a guest's reply from its QR code with the host's camera (issue 21,
// docs/play-together.md). Loaded only when the host presses "Scan the reply"
// (web/table/together-camera.js).
//
// The camera (the back one preferred) plays into the dialog's <video>; frames
// are read until one holds a QR code with a reply (a `#reply=` link or a bare
// reply code), then the camera is stopped. The decoder is the browser's own
// BarcodeDetector where it reads QR codes; elsewhere jsQR in a worker
// (web/together/qr-reader-worker.js), which gets each frame as an ImageBitmap,
// so the page's thread only asks for the bitmap. The camera is released
// whatever happens: a reply found, Cancel, an error, the time up.

import { decodeSignal } from "./signal.js";

/** How long a scan looks for a reply before giving up. */
export const SCAN_TIMEOUT_MS = 60_000;
/** The pause between two frames read (the reader is never sent a frame before it answered). */
export const FRAME_GAP_MS = 120;
/** The longer side of a frame given to jsQR, in pixels (a reply's code is version 4 or so). */
export const FRAME_SIDE = 720;

/** The camera asked for: the back one (facing the QR code) where there is a choice. */
export const CAMERA = Object.freeze({
  audio: false,
  video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
});

/** A scan that ended without a reply: `code` is `no_camera`, `denied`, `failed`,
 * `nothing_found` or `cancelled`. */
export class ScanError extends Error {
  constructor(code, message = code) {
    super(message);
    this.code = code;
  }
}

const REPLY_LINK = /#reply=([A-Za-z0-9_-]{1,400})$/;
const BARE_CODE = /^[A-Za-z0-9_-]{1,400}$/;

/**
 * The reply code a QR code's text holds, or null: a `#reply=` link of the game, or
 * a bare code that reads as a reply (an invitation, a web address, any other
 * code is not one).
 * @param {string} text
 */
export function replyIn(text) {
  const trimmed = String(text).trim();
  const code = REPLY_LINK.exec(trimmed)?.[1] ?? (BARE_CODE.test(trimmed) ? trimmed : null);
  if (!code) return null;
  try {
    return decodeSignal(code).type === "answer" ? code : null;
  } catch {
    return null;
  }
}

function cameraError(err) {
  const name = err?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return new ScanError("denied", err.message);
  if (name === "NotFoundError" || name === "OverconstrainedError") return new ScanError("no_camera", err.message);
  return new ScanError("failed", err?.message ?? String(err));
}

/** The browser's own reader, where it reads QR codes (not Chromium on Linux or Windows, nor Firefox). */
async function barcodeDetector() {
  if (typeof BarcodeDetector !== "function") return null;
  try {
    if (!(await BarcodeDetector.getSupportedFormats()).includes("qr_code")) return null;
    // safe: only reached where BarcodeDetector exists (checked above); elsewhere jsQR reads
    // eslint-disable-next-line compat/compat
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return {
      kind: "BarcodeDetector",
      async read(video) {
        const found = await detector.detect(video);
        return found.length ? found[0].rawValue : null;
      },
      close() {},
    };
  } catch {
    return null;
  }
}

/** jsQR in its worker: one frame at a time. */
function workerReader() {
  const worker = new Worker(new URL("./qr-reader-worker.js", import.meta.url));
  let waiting = null;
  worker.onmessage = (event) => {
    const w = waiting;
    waiting = null;
    reader.times.push(event.data.ms);
    w?.resolve(event.data.text);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const w = waiting;
    waiting = null;
    w?.reject(new ScanError("failed", "the QR reader did not start"));
  };
  const reader = {
    kind: "jsQR",
    /** the worker's time per frame, in ms (docs/benchmarks.md) */
    times: [],
    async read(video) {
      const scale = Math.min(1, FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const frame = await createImageBitmap(video, {
        resizeWidth: Math.round(video.videoWidth * scale),
        resizeHeight: Math.round(video.videoHeight * scale),
        resizeQuality: "low",
      });
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        worker.postMessage({ frame }, [frame]);
      });
    },
    close() {
      worker.terminate();
    },
  };
  return reader;
}

function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** The reader of the last scan, for the tests and the benchmark: `{kind, times}`. */
export let lastReader = null;

/**
 * Scan with the camera into `video` until a QR code holds a reply; resolves with
 * the reply code. Rejects with a ScanError (`no_camera`, `denied`, `failed`,
 * `nothing_found` after `timeoutMs`, `cancelled` when `signal` aborts). The camera
 * is stopped and `video` emptied before it settles. `started()` is called once
 * the picture plays; `notAReply(text)` for a QR code that holds no reply.
 * @param {HTMLVideoElement} video
 * @param {{signal?: AbortSignal, timeoutMs?: number, started?: () => void, notAReply?: (text: string) => void}} [options]
 */
export async function scanReply(video, { signal, timeoutMs = SCAN_TIMEOUT_MS, started = () => {}, notAReply = () => {} } = {}) {
  if (!navigator.mediaDevices?.getUserMedia) throw new ScanError("no_camera", "this page has no camera (not a secure page?)");
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(CAMERA);
  } catch (err) {
    throw cameraError(err);
  }
  let reader = null;
  try {
    if (signal?.aborted) throw new ScanError("cancelled");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    reader = (await barcodeDetector()) ?? workerReader();
    lastReader = reader;
    started();
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      if (signal?.aborted) throw new ScanError("cancelled");
      if (performance.now() > deadline) throw new ScanError("nothing_found");
      const text = video.videoWidth ? await reader.read(video) : null;
      if (signal?.aborted) throw new ScanError("cancelled");
      if (text !== null) {
        const code = replyIn(text);
        if (code) return code;
        notAReply(text);
      }
      await pause(FRAME_GAP_MS, signal);
    }
  } catch (err) {
    if (signal?.aborted) throw new ScanError("cancelled");
    throw err instanceof ScanError ? err : new ScanError("failed", err?.message ?? String(err));
  } finally {
    for (const track of stream.getTracks()) track.stop();
    // (a scan begun after this one was cancelled may already play in the same video)
    if (video.srcObject === stream) {
      video.pause();
      video.srcObject = null;
    }
    reader?.close();
  }
}
