/**
 * Writes a LinearModel as an ONNX graph (opset 16) with the ONNX protobuf schema
 * from the onnx-proto package. A batch is passed flat, without padding:
 *
 *   ids int32 [T]        bucket of each feature of every text, text after text
 *   weights float [T]    each feature's value (featureValue(n) = 1/sqrt(n) of its text)
 *   rows int64 [T, 1]    which text (0..N-1) each feature belongs to
 *   counts int32 [N]     features per text (its length gives N)
 *
 *   contributions = Gather(W, ids) * Unsqueeze(weights, 1)                     float [T, C]
 *   logits = ScatterND(Expand(bias, [N, C]), rows, contributions, reduction=add) float [N, C]
 *   <head> = Softmax(Slice(logits, head columns))                              float [N, size]
 *
 * `contributions` is an output too: the rationale reads each feature's exact share of
 * each logit from the model's own run rather than recomputing it.
 *
 * With a hidden layer (model.hidden = H > 0; W is then the embeddings E [buckets, H]):
 *
 *   scaled = Gather(W, ids) * Unsqueeze(weights, 1)                             float [T, H]
 *   pre = ScatterND(Expand(b1, [N, H]), rows, scaled, reduction=add)            float [N, H]
 *   logits = MatMul(Relu(pre), W2) + b2                                         float [N, C]
 *   contributions = MatMul(scaled * Gather(pre > 0, rows), W2)                  float [T, C]
 *
 * i.e. each feature's gradient × input for every logit, computed by the same run.
 * Wide & deep (model.wide): a linear layer Wlin [buckets, C] beside it, whose
 * contributions (Gather(Wlin, ids) · weights) are added to both logits and contributions.
 *
 * Int8 embeddings (model.int8, set by quantiseColumns): E is stored as Wq int8
 * [buckets, H] and Wscale float [H], one scale per hidden unit, and the first line becomes
 *
 *   scaled = (Cast(Gather(Wq, ids)) * Wscale) * Unsqueeze(weights, 1)           float [T, H]
 *
 * and when every feature of a text has its text's value 1/sqrt(n) (ExportOptions.uniformValues: no countCap; GENERAL
 * and the expert), the scaling moves after the per-text sums, which the int8 rows give exactly:
 *
 *   s = Unsqueeze(1/sqrt(max(counts, 1)), 1) * Wscale                           float [N, H]
 *   pre = ScatterND(0, rows, Cast(Gather(Wq, ids)), reduction=add) * s + b1     float [N, H]
 *   contributions = MatMul(Cast(Gather(Wq, ids)) * Gather((pre > 0) * s, rows), W2)
 *
 * Two passes fewer over the [T, H] features: their Muls by Wscale and by the values were 37 % of the expert's run on
 * 256 tweets (ONNX Runtime's profile, `enableProfiling` on a session, 2026-12-06); the answers differ by at most 1.1e-6
 * (CHANGELOG.md, "Sentiment service"). That graph leaves `weights` unread: a sidecar names its graph's sha256 and the
 * featuriser it was trained with, so a featuriser with a countCap never meets such a graph.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import onnxProto from 'onnx-proto';
import type { LinearModel } from './linearModel.js';
import type { ModelSidecar } from '../src/sentiment/modelCard.js';

const { onnx } = onnxProto;
const T = onnx.TensorProto.DataType;

function tensor(name: string, dataType: number, dims: number[], bytes: Uint8Array): InstanceType<typeof onnx.TensorProto> {
  return onnx.TensorProto.create({ name, dataType, dims, rawData: bytes });
}

function int64s(name: string, values: number[]): InstanceType<typeof onnx.TensorProto> {
  const a = new BigInt64Array(values.map((v) => BigInt(v)));
  return tensor(name, T.INT64, [values.length], new Uint8Array(a.buffer));
}

function valueInfo(name: string, elemType: number, dims: (string | number)[]): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  });
}

function node(opType: string, inputs: string[], outputs: string[], attrs: Record<string, number | string> = {}): InstanceType<typeof onnx.NodeProto> {
  return onnx.NodeProto.create({
    opType,
    input: inputs,
    output: outputs,
    name: outputs[0],
    attribute: Object.entries(attrs).map(([name, v]) =>
      typeof v === 'string'
        ? { name, s: new TextEncoder().encode(v), type: onnx.AttributeProto.AttributeType.STRING }
        : { name, i: v, type: onnx.AttributeProto.AttributeType.INT },
    ),
  });
}

/**
 * A word-vector branch (the English expert's, trainEnglish.ts): `table` [words × H] holds each word's pretrained
 * vector times the model's dense weights (LinearModel.dense folded per word), so a text's dense input (the mean of
 * its words' vectors) enters the pre-activation as its words' rows times their weight (±1/known words), and each
 * word gets its own exact share. Three inputs and one output more:
 *
 *   word_ids int32 [Tw], word_weights float [Tw], word_rows int64 [Tw, 1]
 *   word_scaled = Gather(P, word_ids) * Unsqueeze(word_weights, 1)                 float [Tw, H]
 *   pre = ScatterND(pre of the features, word_rows, word_scaled, reduction=add)
 *   word_contributions = MatMul(word_scaled * Gather(pre > 0, word_rows), W2)      float [Tw, C]
 *
 * With `int8` (trainEnglish.ts stores it so: 100,000 × 16 floats were 6.4 MB of a 23.2 MB file) P is Pq int8
 * [words, H] and Pscale float [H], one scale per hidden unit, as the int8 embeddings are:
 *
 *   word_scaled = (Cast(Gather(Pq, word_ids)) * Pscale) * Unsqueeze(word_weights, 1)
 */
export interface WordBranch {
  /** [words × H], the values as stored (with `int8`: exactly values × scales, as the trainer scores them). */
  table: Float32Array;
  int8?: { values: Int8Array; scales: Float32Array };
}

/**
 * `uniformValues`: every feature of a text has the same value, featureValue(n) of its count n (the featuriser sets no
 * countCap), so a hidden model with int8 embeddings scales after the sum instead of per feature (`perTextScale`
 * below): the same result, two fewer passes over the [T, H] features.
 */
export interface ExportOptions { uniformValues?: boolean }

export function exportOnnx(model: LinearModel, meta: Record<string, string>, words?: WordBranch, options: ExportOptions = {}): Uint8Array {
  const C = model.columns;
  const H = model.hidden ?? 0;
  const width = H > 0 ? H : C;
  const buckets = model.weights.length / width;
  const bytes = (a: Float32Array | Int8Array | Int32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const int8 = model.int8;
  if (int8 && (H === 0 || model.wide)) throw new Error('exportOnnx: int8 embeddings are for the hidden model without a wide layer');
  if (words && (H === 0 || model.wide || words.table.length % H !== 0)) throw new Error('exportOnnx: a word branch is for the hidden model without a wide layer, H values per word');
  if (model.dense && !words) throw new Error('exportOnnx: a model with dense inputs exports them as a word branch (its folded table)');
  const perTextScale = H > 0 && int8 !== undefined && !model.wide && options.uniformValues === true;
  const nodes = perTextScale ? [
    // the int8 rows summed per text first (exactly, as small integers), then scaled once per text and hidden unit by
    // its features' value 1/sqrt(n) (from counts) times the unit's scale:
    //   pre = ScatterND(0 [N, H], rows, Cast(Gather(Wq, ids))) * (1/sqrt(max(n, 1)) ⊗ Wscale) + b1
    //   contributions = MatMul(Cast(Gather(Wq, ids)) * Gather((pre > 0) * (1/sqrt(n) ⊗ Wscale), rows), W2)
    // (`weights` stays an input, unread: every feature's value is its text's)
    node('Gather', ['Wq', 'ids'], ['gathered_q'], { axis: 0 }),
    node('Cast', ['gathered_q'], ['gathered_int'], { to: T.FLOAT }),
    node('Shape', ['counts'], ['n']),
    node('Concat', ['n', 'hidden_width'], ['pre_shape'], { axis: 0 }),
    node('Expand', ['zero', 'pre_shape'], ['zero_rows']),
    node('ScatterND', ['zero_rows', 'rows', 'gathered_int'], ['pre_sum'], { reduction: 'add' }),
    node('Max', ['counts', 'one_count'], ['counts_at_least_1']),
    node('Cast', ['counts_at_least_1'], ['counts_float'], { to: T.FLOAT }),
    node('Sqrt', ['counts_float'], ['sqrt_counts']),
    node('Reciprocal', ['sqrt_counts'], ['text_values']),
    node('Unsqueeze', ['text_values', 'axis1'], ['text_values2']),
    node('Mul', ['text_values2', 'Wscale'], ['row_scale']),
    node('Mul', ['pre_sum', 'row_scale'], ['pre_scaled']),
    node('Add', ['pre_scaled', 'bias'], [words ? 'pre_features' : 'pre']),
    ...(words ? wordBranchNodes(words) : []),
    node('Relu', ['pre'], ['hidden']),
    node('MatMul', ['hidden', 'W2'], ['hidden_logits']),
    node('Add', ['hidden_logits', 'b2'], ['logits']),
    node('Greater', ['pre', 'zero'], ['active_bool']),
    node('Cast', ['active_bool'], ['active'], { to: T.FLOAT }),
    node('Mul', ['active', 'row_scale'], ['active_scale']),
    node('Squeeze', ['rows', 'axis1'], ['row_of']),
    node('Gather', ['active_scale', 'row_of'], ['feature_scale'], { axis: 0 }),
    node('Mul', ['gathered_int', 'feature_scale'], ['scaled_active']),
    node('MatMul', ['scaled_active', 'W2'], ['contributions']),
    ...(words ? wordContributionNodes() : []),
  ] : H > 0 ? [
    ...tableRows(int8 !== undefined, 'W', 'ids', 'gathered'),
    node('Unsqueeze', ['weights', 'axis1'], ['weights2']),
    node('Mul', ['gathered', 'weights2'], ['scaled']),
    node('Shape', ['counts'], ['n']),
    node('Concat', ['n', 'hidden_width'], ['pre_shape'], { axis: 0 }),
    node('Expand', ['bias', 'pre_shape'], ['bias_rows']),
    node('ScatterND', ['bias_rows', 'rows', 'scaled'], [words ? 'pre_features' : 'pre'], { reduction: 'add' }),
    ...(words ? wordBranchNodes(words) : []),
    node('Relu', ['pre'], ['hidden']),
    node('MatMul', ['hidden', 'W2'], ['hidden_logits']),
    ...(model.wide
      ? [
          node('Gather', ['Wlin', 'ids'], ['lin_gathered'], { axis: 0 }),
          node('Mul', ['lin_gathered', 'weights2'], ['lin_contributions']),
          node('Concat', ['n', 'columns'], ['logits_shape'], { axis: 0 }),
          node('Expand', ['b2', 'logits_shape'], ['b2_rows']),
          node('ScatterND', ['b2_rows', 'rows', 'lin_contributions'], ['lin_logits'], { reduction: 'add' }),
          node('Add', ['hidden_logits', 'lin_logits'], ['logits']),
        ]
      : [node('Add', ['hidden_logits', 'b2'], ['logits'])]),
    node('Greater', ['pre', 'zero'], ['active_bool']),
    node('Cast', ['active_bool'], ['active'], { to: T.FLOAT }),
    node('Squeeze', ['rows', 'axis1'], ['row_of']),
    node('Gather', ['active', 'row_of'], ['feature_active'], { axis: 0 }),
    node('Mul', ['scaled', 'feature_active'], ['scaled_active']),
    node('MatMul', ['scaled_active', 'W2'], model.wide ? ['hidden_contributions'] : ['contributions']),
    ...(model.wide ? [node('Add', ['hidden_contributions', 'lin_contributions'], ['contributions'])] : []),
    ...(words ? wordContributionNodes() : []),
  ] : [
    node('Gather', ['W', 'ids'], ['gathered'], { axis: 0 }),
    node('Unsqueeze', ['weights', 'axis1'], ['weights2']),
    node('Mul', ['gathered', 'weights2'], ['contributions']),
    node('Shape', ['counts'], ['n']),
    node('Concat', ['n', 'columns'], ['logits_shape'], { axis: 0 }),
    node('Expand', ['bias', 'logits_shape'], ['bias_rows']),
    node('ScatterND', ['bias_rows', 'rows', 'contributions'], ['logits'], { reduction: 'add' }),
  ];
  const initializers = [
    ...(int8
      ? [tensor('Wq', T.INT8, [buckets, width], bytes(int8.values)), tensor('Wscale', T.FLOAT, [width], bytes(int8.scales))]
      : [tensor('W', T.FLOAT, [buckets, width], bytes(model.weights))]),
    tensor('bias', T.FLOAT, [width], bytes(model.bias)),
    int64s('axis1', [1]),
    // The logits' width, for expanding their bias to [N, C] (a hidden-only model expands b1 to [N, H] instead).
    ...(H === 0 || model.wide ? [int64s('columns', [C])] : []),
  ];
  if (perTextScale) initializers.push(tensor('one_count', T.INT32, [], bytes(new Int32Array([1]))));
  if (H > 0) {
    initializers.push(
      tensor('W2', T.FLOAT, [H, C], bytes(model.out!)),
      tensor('b2', T.FLOAT, [C], bytes(model.outBias!)),
      int64s('hidden_width', [H]),
      tensor('zero', T.FLOAT, [], bytes(new Float32Array([0]))),
    );
    if (model.wide) initializers.push(tensor('Wlin', T.FLOAT, [buckets, C], bytes(model.wide)));
    if (words?.int8) initializers.push(tensor('Pq', T.INT8, [words.table.length / H, H], bytes(words.int8.values)), tensor('Pscale', T.FLOAT, [H], bytes(words.int8.scales)));
    else if (words) initializers.push(tensor('P', T.FLOAT, [words.table.length / H, H], bytes(words.table)));
  }
  const outputs = [];
  for (const head of model.heads) {
    const size = head.labels.length;
    initializers.push(int64s(`${head.name}_start`, [head.offset]), int64s(`${head.name}_end`, [head.offset + size]));
    nodes.push(node('Slice', ['logits', `${head.name}_start`, `${head.name}_end`, 'axis1'], [`${head.name}_logits`]));
    nodes.push(node('Softmax', [`${head.name}_logits`], [head.name], { axis: 1 }));
    outputs.push(valueInfo(head.name, T.FLOAT, ['N', size]));
  }
  outputs.push(valueInfo('contributions', T.FLOAT, ['T', C]));
  if (words) outputs.push(valueInfo('word_contributions', T.FLOAT, ['Tw', C]));
  const graph = onnx.GraphProto.create({
    name: meta.name ?? 'meridian_sentiment',
    node: nodes,
    initializer: initializers,
    input: [
      valueInfo('ids', T.INT32, ['T']),
      valueInfo('weights', T.FLOAT, ['T']),
      valueInfo('rows', T.INT64, ['T', 1]),
      valueInfo('counts', T.INT32, ['N']),
      ...(words ? [valueInfo('word_ids', T.INT32, ['Tw']), valueInfo('word_weights', T.FLOAT, ['Tw']), valueInfo('word_rows', T.INT64, ['Tw', 1])] : []),
    ],
    output: outputs,
  });
  const m = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 16 }],
    producerName: 'meridian-train',
    producerVersion: '1',
    graph,
    metadataProps: Object.entries(meta).map(([key, value]) => ({ key, value })),
  });
  return onnx.ModelProto.encode(m).finish();
}

/**
 * The rows of `table` at `ids` as float32, named `out`: Gather(table), or with int8 storage Gather(`<table>q`) cast and
 * times `<table>scale` (intermediates `<out>_q`, `<out>_int`).
 */
function tableRows(int8: boolean, table: string, ids: string, out: string): InstanceType<typeof onnx.NodeProto>[] {
  if (!int8) return [node('Gather', [table, ids], [out], { axis: 0 })];
  return [
    node('Gather', [`${table}q`, ids], [`${out}_q`], { axis: 0 }),
    node('Cast', [`${out}_q`], [`${out}_int`], { to: T.FLOAT }),
    node('Mul', [`${out}_int`, `${table}scale`], [out]),
  ];
}

/** The word branch's nodes (the expert's GloVe rows, see WordBranch): its rows scaled and added to `pre_features`, giving `pre`. */
function wordBranchNodes(words: WordBranch): InstanceType<typeof onnx.NodeProto>[] {
  return [
    ...tableRows(words.int8 !== undefined, 'P', 'word_ids', 'word_gathered'),
    node('Unsqueeze', ['word_weights', 'axis1'], ['word_weights2']),
    node('Mul', ['word_gathered', 'word_weights2'], ['word_scaled']),
    node('ScatterND', ['pre_features', 'word_rows', 'word_scaled'], ['pre'], { reduction: 'add' }),
  ];
}

/** Each word's share of every logit, through the hidden units its text has active. */
function wordContributionNodes(): InstanceType<typeof onnx.NodeProto>[] {
  return [
    node('Squeeze', ['word_rows', 'axis1'], ['word_row_of']),
    node('Gather', ['active', 'word_row_of'], ['word_active'], { axis: 0 }),
    node('Mul', ['word_scaled', 'word_active'], ['word_scaled_active']),
    node('MatMul', ['word_scaled_active', 'W2'], ['word_contributions']),
  ];
}

/**
 * The embeddings (or linear weights) an exported graph holds, as float32: `W`, or the
 * int8 `Wq` times its column's `Wscale` as the graph computes them (the trainer's stored values);
 * `P`: the word branch's table likewise (`P`, or `Pq` × `Pscale`).
 */
export function storedWeights(graph: onnxProto.onnx.IGraphProto, name: 'W' | 'P' = 'W'): Float32Array {
  const w = initializerBytes(graph, name);
  if (w) return new Float32Array(w.buffer);
  const q = initializerBytes(graph, `${name}q`);
  const scales = initializerBytes(graph, `${name}scale`);
  if (!q || !scales) throw new Error(`the graph holds neither ${name} nor ${name}q and ${name}scale`);
  const values = new Int8Array(q.buffer);
  const s = new Float32Array(scales.buffer);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * s[i % s.length]!;
  return out;
}

/** A copy of an initializer's raw bytes (its own buffer, offset 0), or undefined when the graph has none of that name. */
export function initializerBytes(graph: onnxProto.onnx.IGraphProto, name: string): Uint8Array | undefined {
  const raw = graph.initializer?.find((i) => i.name === name)?.rawData;
  // new Uint8Array(view) copies into an ArrayBuffer of exactly its length (a Buffer's slice() would share the pool)
  return raw ? new Uint8Array(raw) : undefined;
}

/** Initializers of at least this many bytes go to the model's data file (`<name>.onnx.data`) instead of the graph. */
export const EXTERNAL_MIN_BYTES = 1 << 20;
/** Offsets in the data file are multiples of the page size, so that ONNX Runtime maps the file instead of copying it. */
const PAGE = 4096;

/**
 * The graph and the data file that `npm run train` writes for one exported model. The large initializers (the
 * embeddings, the word table, a linear model's weights) move to `<onnxFile>.data`, each at a page-aligned offset,
 * and the graph names them by file, offset and length (ONNX external data). ONNX Runtime then memory-maps the file:
 * every analysis thread's session reads the same pages, where a self-contained graph was parsed and copied once per
 * thread (~45 MB of RSS more per further thread; models/README.md, "Files and memory"). The computation is unchanged.
 */
export function splitExternalData(onnxBytes: Uint8Array, onnxFile: string): { graph: Uint8Array; data: Uint8Array; dataFile: string } {
  const dataFile = `${onnxFile}.data`;
  const model = onnx.ModelProto.decode(onnxBytes);
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (const t of model.graph?.initializer ?? []) {
    const raw = t.rawData;
    if (!raw || raw.length < EXTERNAL_MIN_BYTES) continue;
    const pad = (PAGE - (offset % PAGE)) % PAGE;
    if (pad) parts.push(new Uint8Array(pad));
    offset += pad;
    parts.push(raw);
    t.externalData = [
      { key: 'location', value: dataFile },
      { key: 'offset', value: String(offset) },
      { key: 'length', value: String(raw.length) },
    ];
    t.dataLocation = onnx.TensorProto.DataLocation.EXTERNAL;
    t.rawData = new Uint8Array(0);
    offset += raw.length;
  }
  const data = new Uint8Array(offset);
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return { graph: onnx.ModelProto.encode(model).finish(), data, dataFile };
}

/**
 * A model as written by `npm run train` (its graph, and its data file when it has one), decoded with every
 * initializer's bytes inline again: what exportOnnx made. For tests and tools that read the weights.
 */
export function readOnnxModel(dir: string, onnxFile: string): InstanceType<typeof onnx.ModelProto> {
  const model = onnx.ModelProto.decode(readFileSync(join(dir, onnxFile)));
  const files = new Map<string, Buffer>();
  for (const t of model.graph?.initializer ?? []) {
    if (t.dataLocation !== onnx.TensorProto.DataLocation.EXTERNAL) continue;
    const entry = (key: string): string | undefined => (t.externalData ?? []).find((e) => e.key === key)?.value ?? undefined;
    const location = entry('location');
    if (!location || basename(location) !== location) throw new Error(`${onnxFile}: initializer ${t.name} names external data '${location}', not a file beside it`);
    if (!files.has(location)) files.set(location, readFileSync(join(dir, location)));
    const offset = Number(entry('offset') ?? 0);
    const length = Number(entry('length'));
    t.rawData = new Uint8Array(files.get(location)!.subarray(offset, offset + length));
    t.externalData = [];
    delete (t as { dataLocation?: unknown }).dataLocation; // unset, as exportOnnx leaves it: the same bytes re-encoded
  }
  return model;
}

/**
 * An exported model as `npm run train` writes it (splitExternalData): the sidecar's fields that name its two files by
 * sha256, and write(outDir), which writes the data file, then the graph, each to a new file renamed over the old one: a
 * running service maps the data file it loaded, and rewriting that file in place would change its answers (or end the
 * process, if the file shrank), where a rename leaves it the file it has open.
 */
export function onnxFiles(onnxFile: string, onnxBytes: Uint8Array): { fields: Pick<ModelSidecar, 'onnxFile' | 'onnxSha256' | 'onnxDataFile' | 'onnxDataSha256'>; bytes: number; write(outDir: string): void } {
  const { graph, data, dataFile } = splitExternalData(onnxBytes, onnxFile);
  const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
  return {
    fields: { onnxFile, onnxSha256: sha(graph), onnxDataFile: dataFile, onnxDataSha256: sha(data) },
    bytes: graph.length + data.length,
    write(outDir: string): void {
      for (const [file, bytes] of [[dataFile, data], [onnxFile, graph]] as const) {
        const tmp = join(outDir, `${file}.${process.pid}.tmp`);
        writeFileSync(tmp, bytes);
        renameSync(tmp, join(outDir, file));
      }
    },
  };
}
