// The camera scan's QR reader, timed per frame (docs/benchmarks.md):
//
//     node scripts/bench_qr_reader.mjs [runs]
//
// jsQR (node_modules/jsqr, the file the site copies into jsqr/) on frames of the
// size web/together/scan.js sends its worker from a 1280x720 camera (FRAME_SIDE:
// 720x405), with the options the worker uses: a frame holding the QR code of a
// reply link (drawn by web/together/qr.js at 4 px per module, with a little
// noise), and a frame with no code (most frames, while the host aims). Prints the
// reader's size and the median and 95th percentile time per frame. Node runs the
// same V8 as Chromium's worker; the e2e test reads the worker's own times.

import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const jsqrFile = `${root}node_modules/jsqr/dist/jsQR.js`;
const jsQR = require(jsqrFile);
const { qrCode } = await import(`${root}web/together/qr.js`);
const { FRAME_SIDE } = await import(`${root}web/together/scan.js`);

const runs = Number(process.argv[2] ?? 200);
const width = FRAME_SIDE;
const height = Math.round((FRAME_SIDE * 720) / 1280);
// a reply link as a guest's page makes it (an 86-character code without candidates)
const link = `http://192.168.1.20:8000/index.html#reply=${"FQRHaDdxFmszSmQ5UHFSMnNUNXZXOHhaMWJDNGUDChEYHyYtNDtCSVBXXmVsc3qBiI-WnaSrsrnAx87V3AA"}`;

let seed = 7;
const noise = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed % 25) - 12;
};

function frame(modules, scale = 4) {
  const data = new Uint8ClampedArray(width * height * 4);
  const n = modules?.length ?? 0;
  const left = Math.floor((width - n * scale) / 2);
  const top = Math.floor((height - n * scale) / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = Math.floor((y - top) / scale);
      const c = Math.floor((x - left) / scale);
      const dark = modules && r >= 0 && c >= 0 && r < n && c < n && modules[r][c];
      const v = (dark ? 30 : 210) + noise();
      const at = (y * width + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = v;
      data[at + 3] = 255;
    }
  }
  return data;
}

function time(data, expect) {
  const ms = [];
  for (let i = 0; i < runs + 20; i++) {
    const start = performance.now();
    const found = jsQR(data, width, height, { inversionAttempts: "dontInvert" });
    const took = performance.now() - start;
    if ((found?.data ?? null) !== expect) throw new Error(`read ${found?.data} instead of ${expect}`);
    if (i >= 20) ms.push(took);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
}

const code = qrCode(link);
const withCode = time(frame(code.modules), link);
const without = time(frame(null), null);
const size = statSync(jsqrFile).size;
const gz = gzipSync(readFileSync(jsqrFile), { level: 9 }).length;
console.log(`jsQR ${require(`${root}node_modules/jsqr/package.json`).version}: ${size} bytes (${gz} gzipped)`);
console.log(`frame ${width}x${height}, ${runs} runs; QR version ${code.version} (${link.length} characters)`);
console.log(`with the reply's code: median ${withCode.median.toFixed(1)} ms, p95 ${withCode.p95.toFixed(1)} ms`);
console.log(`no code in the frame:  median ${without.median.toFixed(1)} ms, p95 ${without.p95.toFixed(1)} ms`);
