/**
 * The language head's weights and their file (models/language.bin, described by models/language.json): the
 * sidecar's fields, the factorised or sparse weights as scoring reads them, and their encoding. training/ writes
 * them (trainLanguage.ts); languageDetector.ts decodes them at load.
 */

export interface LanguageSidecar {
  name: 'language';
  binFile: string;
  binSha256: string;
  /** Bits of the bucket id the head reads (the featuriser's id masked to them). */
  bits: number;
  /** Rank of the factorised weights (each bucket an embedding of this size), or 0: full weights, one column per language. */
  rank: number;
  /**
   * When > 0: each bucket keeps only its topK largest-magnitude language weights
   * (sparse rows: topK additions per feature instead of one per language).
   */
  topK?: number;
  /** The head reads at most this many of a text's first features (a bound for very long texts). */
  maxFeatures: number;
  labels: string[];
  minLetters: number;
  undBelow: number;
  reliableFrom: number;
  reliableLetters: number;
}

/**
 * The head's weights, factorised: logits = bias + v · (Σ_features E[id]) · Pᵀ, with
 * E [2^bits × rank] (bucket embeddings) and P [labels × rank] (orthonormal columns:
 * the top principal directions of the trained full weight matrix, so E·Pᵀ is its best
 * rank-`rank` approximation). Per feature this costs `rank` additions instead of one per
 * language.
 */
export interface LanguageWeights {
  embeddings: Float32Array;
  projection: Float32Array;
  bias: Float32Array;
  /**
   * Sparse rows (topK > 0), as stored: each kept entry packed in 16 bits, language
   * index in the high byte and int8 weight in the low byte, [B × topK]; the weight is
   * that int8 times its bucket's scale. One row is 2·topK bytes (48 for topK 24), so a
   * feature reads one cache line or two instead of three: scoring is bound by these
   * scattered reads (16,000 or so per tweet), not by the additions.
   */
  sparse?: Int16Array;
  rowScale?: Float32Array;
}

/**
 * Factorises a trained full weight matrix W [B × L] (row-major) to rank R: P = the top
 * R eigenvectors of WᵀW (Jacobi), E = W·P.
 */
export function factorise(W: Float32Array, B: number, L: number, R: number): { embeddings: Float32Array; projection: Float32Array } {
  const G = new Float64Array(L * L);
  for (let b = 0; b < B; b++) {
    const o = b * L;
    for (let i = 0; i < L; i++) {
      const wi = W[o + i]!;
      if (wi === 0) continue;
      for (let j = i; j < L; j++) G[i * L + j] = G[i * L + j]! + wi * W[o + j]!;
    }
  }
  for (let i = 0; i < L; i++) for (let j = 0; j < i; j++) G[i * L + j] = G[j * L + i]!;
  // Cyclic Jacobi: G = V diag(λ) Vᵀ.
  const V = new Float64Array(L * L);
  for (let i = 0; i < L; i++) V[i * L + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < L; p++) for (let q = p + 1; q < L; q++) off += G[p * L + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < L; p++) {
      for (let q = p + 1; q < L; q++) {
        const gpq = G[p * L + q]!;
        if (Math.abs(gpq) < 1e-30) continue;
        const theta = (G[q * L + q]! - G[p * L + p]!) / (2 * gpq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < L; k++) {
          const gkp = G[k * L + p]!;
          const gkq = G[k * L + q]!;
          G[k * L + p] = c * gkp - s * gkq;
          G[k * L + q] = s * gkp + c * gkq;
        }
        for (let k = 0; k < L; k++) {
          const gpk = G[p * L + k]!;
          const gqk = G[q * L + k]!;
          G[p * L + k] = c * gpk - s * gqk;
          G[q * L + k] = s * gpk + c * gqk;
        }
        for (let k = 0; k < L; k++) {
          const vkp = V[k * L + p]!;
          const vkq = V[k * L + q]!;
          V[k * L + p] = c * vkp - s * vkq;
          V[k * L + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: L }, (_, i) => i).sort((a, b) => G[b * L + b]! - G[a * L + a]!).slice(0, R);
  const projection = new Float32Array(L * R);
  for (let c = 0; c < L; c++) for (let j = 0; j < R; j++) projection[c * R + j] = V[c * L + order[j]!]!;
  const embeddings = new Float32Array(B * R);
  for (let b = 0; b < B; b++) {
    for (let j = 0; j < R; j++) {
      let s = 0;
      for (let c = 0; c < L; c++) s += W[b * L + c]! * projection[c * R + j]!;
      embeddings[b * R + j] = s;
    }
  }
  return { embeddings, projection };
}

/**
 * Layout of language.bin (little-endian): float32 bias [L], float32 projection [L × R]
 * (identity when rank is 0: R = L and the embeddings are the full weights),
 * float32 scale per bucket [B], int8 embeddings [B × R] (value = q · scale of its bucket).
 */
export function encodeLanguageWeights(w: LanguageWeights, bits: number, L: number, rank: number): Uint8Array {
  const R = rank || L;
  const B = 2 ** bits;
  const head = 4 * L + 4 * L * R;
  const out = new Uint8Array(head + 4 * B + B * R);
  const dv = new DataView(out.buffer);
  for (let c = 0; c < L; c++) dv.setFloat32(4 * c, w.bias[c]!, true);
  for (let i = 0; i < L * R; i++) dv.setFloat32(4 * L + 4 * i, w.projection[i]!, true);
  const q = new Int8Array(out.buffer, head + 4 * B, B * R);
  for (let b = 0; b < B; b++) {
    let max = 0;
    for (let j = 0; j < R; j++) max = Math.max(max, Math.abs(w.embeddings[b * R + j]!));
    const scale = max / 127;
    dv.setFloat32(head + 4 * b, scale, true);
    for (let j = 0; j < R; j++) q[b * R + j] = scale > 0 ? Math.round(w.embeddings[b * R + j]! / scale) : 0;
  }
  return out;
}

/**
 * Sparse layout (topK > 0), little-endian: float32 bias [L], float32 scale per bucket
 * [B], uint8 language index [B × K], int8 weight [B × K] (value = q · scale).
 */
export function encodeSparseLanguageWeights(W: Float32Array, bias: Float32Array, bits: number, L: number, K: number): Uint8Array {
  const B = 2 ** bits;
  const out = new Uint8Array(4 * L + 4 * B + 2 * B * K);
  const dv = new DataView(out.buffer);
  for (let c = 0; c < L; c++) dv.setFloat32(4 * c, bias[c]!, true);
  const idx = new Uint8Array(out.buffer, 4 * L + 4 * B, B * K);
  const q = new Int8Array(out.buffer, 4 * L + 4 * B + B * K, B * K);
  const order = Array.from({ length: L }, (_, c) => c);
  for (let b = 0; b < B; b++) {
    // A softmax is unchanged when one constant is added to a bucket's weights for every
    // language; shifting each row by its median makes most entries near zero, so the
    // kept entries carry the row.
    const raw = W.subarray(b * L, b * L + L);
    const median = Array.from(raw).sort((x, y) => x - y)[L >> 1]!;
    const row = raw.map((w) => w - median);
    const top = order.slice().sort((x, y) => Math.abs(row[y]!) - Math.abs(row[x]!) || x - y).slice(0, K);
    const scale = Math.abs(row[top[0]!]!) / 127;
    dv.setFloat32(4 * L + 4 * b, scale, true);
    top.forEach((c, j) => {
      idx[b * K + j] = c;
      q[b * K + j] = scale > 0 ? Math.round(row[c]! / scale) : 0;
    });
  }
  return out;
}

export function decodeLanguageWeights(bin: Uint8Array, sidecar: Pick<LanguageSidecar, 'bits' | 'rank' | 'labels' | 'topK'>): LanguageWeights {
  const B = 2 ** sidecar.bits;
  const L = sidecar.labels.length;
  const K = sidecar.topK ?? 0;
  if (K > 0) {
    if (bin.length !== 4 * L + 4 * B + 2 * B * K) throw new Error(`language.bin has ${bin.length} bytes, expected ${4 * L + 4 * B + 2 * B * K}`);
    const dv = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
    const bias = new Float32Array(L);
    for (let c = 0; c < L; c++) bias[c] = dv.getFloat32(4 * c, true);
    if (L > 256) throw new Error(`language.bin has ${L} labels; sparse rows index at most 256`);
    const index = new Uint8Array(bin.buffer, bin.byteOffset + 4 * L + 4 * B, B * K);
    const q = new Uint8Array(bin.buffer, bin.byteOffset + 4 * L + 4 * B + B * K, B * K);
    const sparse = new Int16Array(B * K);
    for (let i = 0; i < B * K; i++) sparse[i] = (index[i]! << 8) | q[i]!;
    const rowScale = new Float32Array(B);
    for (let b = 0; b < B; b++) rowScale[b] = dv.getFloat32(4 * L + 4 * b, true);
    return { embeddings: new Float32Array(0), projection: new Float32Array(0), bias, sparse, rowScale };
  }
  const R = sidecar.rank || L;
  const head = 4 * L + 4 * L * R;
  if (bin.length !== head + 4 * B + B * R) throw new Error(`language.bin has ${bin.length} bytes, expected ${head + 4 * B + B * R}`);
  const dv = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const bias = new Float32Array(L);
  for (let c = 0; c < L; c++) bias[c] = dv.getFloat32(4 * c, true);
  const projection = new Float32Array(L * R);
  for (let i = 0; i < L * R; i++) projection[i] = dv.getFloat32(4 * L + 4 * i, true);
  const q = new Int8Array(bin.buffer, bin.byteOffset + head + 4 * B, B * R);
  const embeddings = new Float32Array(B * R);
  for (let b = 0; b < B; b++) {
    const scale = dv.getFloat32(head + 4 * b, true);
    for (let j = 0; j < R; j++) embeddings[b * R + j] = q[b * R + j]! * scale;
  }
  return { embeddings, projection, bias };
}
