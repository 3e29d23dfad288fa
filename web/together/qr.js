// QR codes drawn by our own code (no library, no service): the invitation and
// reply links of the LAN table (docs/play-together.md) as an SVG.
//
// Byte mode, error correction level L, versions 1 to 10 (up to 271 bytes: an
// invitation link of about 175 characters is version 8), the mask with the
// lowest penalty of ISO/IEC 18004 (section 7.8.3) unless one is asked for.
// The construction follows the standard step by step: data bits, Reed-Solomon
// error correction per block over GF(256), interleaving, the function
// patterns, the zigzag placement, the mask, the format and version bits.
// tests/together_check.mjs compares whole symbols with a reference encoder.

const ECC_L = 1; // the format bits' code of level L

// per version 1..10 at level L: [total codewords, EC codewords per block, blocks]
const TABLE = [
  null,
  [26, 7, 1],
  [44, 10, 1],
  [70, 15, 1],
  [100, 20, 1],
  [134, 26, 1],
  [172, 18, 2],
  [196, 20, 2],
  [242, 24, 2],
  [292, 30, 2],
  [346, 18, 4],
];
const ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

/** The most bytes a code of ours holds (version 10, level L). */
export const MAX_QR_BYTES = 271;

// ---- GF(256) and Reed-Solomon ------------------------------------------------------

function gfMultiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** The generator polynomial of `degree` EC codewords (highest term dropped). */
export function rsDivisor(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < result.length) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The EC codewords of `data` (an array of bytes) for a divisor. */
export function rsRemainder(data, divisor) {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift();
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] ^= gfMultiply(coef, factor);
    });
  }
  return result;
}

// ---- data and codewords -----------------------------------------------------------

function utf8(text) {
  return [...new TextEncoder().encode(text)];
}

function dataCapacity(version) {
  const [total, ec, blocks] = TABLE[version];
  return total - ec * blocks;
}

function dataCodewords(bytes, version) {
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCapacity(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const out = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return out;
}

function withErrorCorrection(data, version) {
  const [total, ec, blocks] = TABLE[version];
  const shortBlocks = blocks - (total % blocks);
  const shortLength = Math.floor(total / blocks);
  const divisor = rsDivisor(ec);
  const all = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - ec + (i < shortBlocks ? 0 : 1);
    const block = data.slice(k, k + length);
    k += length;
    const eccs = rsRemainder(block, divisor);
    if (i < shortBlocks) block.push(0); // a place holder: long blocks have one more data codeword
    all.push([...block, ...eccs]);
  }
  const out = [];
  for (let i = 0; i < all[0].length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLength - ec || j >= shortBlocks) out.push(block[i]);
    });
  }
  return out;
}

// ---- the symbol -------------------------------------------------------------------

class Grid {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  set(x, y, dark) {
    this.modules[y][x] = dark;
    this.fixed[y][x] = true;
  }

  functionPatterns() {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [[3, 3], [n - 4, 3], [3, n - 4]]) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const d = Math.max(Math.abs(dx), Math.abs(dy));
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && xx < n && yy >= 0 && yy < n) this.set(xx, yy, d !== 2 && d !== 4);
        }
      }
    }
    const pos = ALIGNMENT[this.version];
    for (let i = 0; i < pos.length; i++) {
      for (let j = 0; j < pos.length; j++) {
        const corner = (i === 0 && j === 0) || (i === 0 && j === pos.length - 1) || (i === pos.length - 1 && j === 0);
        if (corner) continue;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) this.set(pos[i] + dx, pos[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
    this.formatBits(0); // reserved now, written once the mask is chosen
    this.versionBits();
  }

  formatBits(mask) {
    const bits = formatInfo(mask);
    const bit = (i) => ((bits >>> i) & 1) !== 0;
    const n = this.size;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(n - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, n - 15 + i, bit(i));
    this.set(8, n - 8, true); // the dark module
  }

  versionBits() {
    if (this.version < 7) return;
    const bits = versionInfo(this.version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) !== 0;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  codewords(data) {
    const n = this.size;
    let i = 0;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < n; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? n - 1 - vert : vert;
          if (!this.fixed[y][x] && i < data.length * 8) {
            this.modules[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) !== 0;
            i++;
          }
        }
      }
    }
  }

  applyMask(mask) {
    const n = this.size;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (!this.fixed[y][x] && MASKS[mask](x, y)) this.modules[y][x] = !this.modules[y][x];
      }
    }
  }
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The 15 format bits of level L and a mask (BCH(15,5), masked with 0x5412). */
export function formatInfo(mask) {
  const data = (ECC_L << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (BCH(18,6)) of a version from 7 up. */
export function versionInfo(version) {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** The penalty of a masked symbol (ISO/IEC 18004 section 7.8.3): lower reads better. */
export function penalty(modules) {
  const n = modules.length;
  let score = 0;
  const line = (get) => {
    let s = 0;
    let run = 1;
    for (let i = 1; i <= n; i++) {
      if (i < n && get(i) === get(i - 1)) run++;
      else {
        if (run >= 5) s += run - 2;
        run = 1;
      }
    }
    // finder-like runs: 1:1:3:1:1 with 4 light modules before or after
    const v = Array.from({ length: n }, (_, i) => (get(i) ? 1 : 0));
    for (let i = 0; i + 7 <= n; i++) {
      if (v[i] && !v[i + 1] && v[i + 2] && v[i + 3] && v[i + 4] && !v[i + 5] && v[i + 6]) {
        const before = i >= 4 && !v[i - 1] && !v[i - 2] && !v[i - 3] && !v[i - 4];
        const after = i + 11 <= n && !v[i + 7] && !v[i + 8] && !v[i + 9] && !v[i + 10];
        s += (before ? 40 : 0) + (after ? 40 : 0);
      }
    }
    return s;
  };
  for (let y = 0; y < n; y++) score += line((x) => modules[y][x]);
  for (let x = 0; x < n; x++) score += line((y) => modules[y][x]);
  for (let y = 0; y + 1 < n; y++) {
    for (let x = 0; x + 1 < n; x++) {
      const c = modules[y][x];
      if (c === modules[y][x + 1] && c === modules[y + 1][x] && c === modules[y + 1][x + 1]) score += 3;
    }
  }
  let dark = 0;
  for (const row of modules) for (const m of row) dark += m ? 1 : 0;
  score += Math.floor(Math.abs(dark * 20 - n * n * 10) / (n * n)) * 10;
  return score;
}

/**
 * The QR code of `text` (UTF-8, byte mode, level L): `{version, mask, size,
 * modules}` with `modules[y][x]` true for a dark module. Throws a RangeError
 * for a text longer than `MAX_QR_BYTES`.
 * @param {string} text
 * @param {{mask?: number, minVersion?: number}} [options]
 */
export function qrCode(text, { mask, minVersion = 1 } = {}) {
  const bytes = utf8(text);
  let version = minVersion;
  const needed = (v) => Math.ceil((4 + (v < 10 ? 8 : 16) + bytes.length * 8) / 8);
  while (version <= 10 && needed(version) > dataCapacity(version)) version++;
  if (version > 10) throw new RangeError(`a QR code of ours holds at most ${MAX_QR_BYTES} bytes`);
  const codewords = withErrorCorrection(dataCodewords(bytes, version), version);
  const build = (m) => {
    const symbol = new Grid(version);
    symbol.functionPatterns();
    symbol.codewords(codewords);
    symbol.applyMask(m);
    symbol.formatBits(m);
    return symbol;
  };
  let best = null;
  for (const m of mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const symbol = build(m);
    const score = penalty(symbol.modules);
    if (!best || score < best.score) best = { symbol, score, mask: m };
  }
  const { symbol } = best;
  return { version, mask: best.mask, size: symbol.size, modules: symbol.modules };
}

/** A QR code as SVG markup: one path of dark squares, a light quiet zone of 4 modules. */
export function qrSvg(code, label) {
  const q = 4;
  const n = code.size + 2 * q;
  let d = "";
  code.modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x + q} ${y + q}h1v1h-1z`;
    });
  });
  const name = String(label).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" role="img" aria-label="${name}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
