// The camera scan's QR reader (web/together/scan.js) for browsers whose
// BarcodeDetector cannot read QR codes (or that have none): jsQR
// (node_modules/jsqr, Apache-2.0, copied into the site's jsqr/ by
// devtools/hasenpfeffer_site/build_site.py), run in this classic worker so that no decoding runs on
// the page's thread. Started only when the host scans a reply.
//
// A message is one camera frame, `{frame: ImageBitmap}` (transferred); the answer
// is `{text}`, the text of the QR code found in it or null, and `ms`, the time
// the frame took here.

importScripts("../../jsqr/jsQR.js");

let canvas = null;
let context = null;

self.onmessage = (event) => {
  const { frame } = event.data;
  const start = performance.now();
  const { width, height } = frame;
  if (!canvas || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext("2d", { willReadFrequently: true });
  }
  context.drawImage(frame, 0, 0);
  frame.close();
  const pixels = context.getImageData(0, 0, width, height);
  // a reply's QR code is drawn dark on light (web/together/qr.js): no inverted attempt
  const found = self.jsQR(pixels.data, width, height, { inversionAttempts: "dontInvert" });
  self.postMessage({ text: found ? found.data : null, ms: performance.now() - start });
};
