/**
 * The models' files as `npm run train` writes them (training/onnxExport.ts onnxFiles): a small graph and its large
 * initializers in `<name>.onnx.data` (ONNX external data, page-aligned, so that ONNX Runtime maps the file and every
 * analysis thread shares its pages). The committed files match their sidecars, are exactly what the split writes
 * for the model they hold, and a session on them computes what a session on the self-contained graph computes; loading
 * checks both files against the sidecar, and the sidecar cannot point the check elsewhere.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { MODELS_DIR, loadSidecar } from '../../src/sentiment/sentimentAnalyzer.js';
import type { ModelSidecar } from '../../src/sentiment/modelCard.js';
import { Featurizer } from '../../src/sentiment/featurizer.js';
import { encodeBatch } from '../../src/sentiment/onnxBatch.js';
import { cleanText } from '../../src/sentiment/textInput.js';
import { EXTERNAL_MIN_BYTES, readOnnxModel, splitExternalData } from '../../training/onnxExport.js';

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const TEXTS = ['I love this movie, the acting was wonderful', 'The worst service I have ever had.', 'Le train a encore du retard.', 'Shares of $XYZ fell 12% after the earnings miss', 'zxqv'];

for (const name of ['general', 'general-en', 'financial-news']) {
  describe(`${name}: graph and data file`, () => {
    const sidecar = JSON.parse(readFileSync(join(MODELS_DIR, `${name}.json`), 'utf8')) as ModelSidecar;
    const graphBytes = readFileSync(join(MODELS_DIR, sidecar.onnxFile));
    const dataBytes = readFileSync(join(MODELS_DIR, sidecar.onnxDataFile!));

    it('match the sidecar, and the data file holds every large initializer at a page-aligned offset', () => {
      expect(sidecar.onnxDataFile).toBe(`${sidecar.onnxFile}.data`);
      expect(sha(graphBytes)).toBe(sidecar.onnxSha256);
      expect(sha(dataBytes)).toBe(sidecar.onnxDataSha256);
      const graph = onnxProto.onnx.ModelProto.decode(graphBytes).graph!;
      const initializers = graph.initializer ?? [];
      const external = initializers.filter((t) => t.dataLocation === onnxProto.onnx.TensorProto.DataLocation.EXTERNAL);
      expect(external.length).toBeGreaterThan(0);
      for (const t of initializers) {
        const entry = (key: string): string | undefined => (t.externalData ?? []).find((e) => e.key === key)?.value ?? undefined;
        if (external.includes(t)) {
          expect(entry('location')).toBe(sidecar.onnxDataFile);
          expect(Number(entry('offset')) % 4096).toBe(0);
          expect(Number(entry('offset')) + Number(entry('length'))).toBeLessThanOrEqual(dataBytes.length);
        } else expect(t.rawData?.length ?? 0).toBeLessThan(EXTERNAL_MIN_BYTES);
      }
    });

    it('are what the split writes for the self-contained graph they hold', () => {
      const inline = onnxProto.onnx.ModelProto.encode(readOnnxModel(MODELS_DIR, sidecar.onnxFile)).finish();
      const again = splitExternalData(inline, sidecar.onnxFile);
      expect(sha(again.graph)).toBe(sidecar.onnxSha256);
      expect(sha(again.data)).toBe(sidecar.onnxDataSha256);
    });

    it('give the same outputs through ONNX Runtime as the self-contained graph', async () => {
      const inline = onnxProto.onnx.ModelProto.encode(readOnnxModel(MODELS_DIR, sidecar.onnxFile)).finish();
      const opts = { intraOpNumThreads: 1, interOpNumThreads: 1 };
      const mapped = await ort.InferenceSession.create(join(MODELS_DIR, sidecar.onnxFile), opts);
      const whole = await ort.InferenceSession.create(inline, opts);
      const featurizer = new Featurizer(sidecar.featurizer);
      const bags = TEXTS.map((t) => {
        const b = featurizer.featurize(cleanText(t));
        return b.ids.slice(0, b.count);
      });
      const { feeds } = encodeBatch(bags, sidecar.featurizer);
      // the expert's word branch is fed no words here: its graph takes empty word inputs (the service's feed for a text without GloVe words)
      for (const input of mapped.inputNames) {
        if (feeds[input]) continue;
        feeds[input] = input === 'word_rows' ? new ort.Tensor('int64', new BigInt64Array(0), [0, 1]) : new ort.Tensor(input === 'word_ids' ? 'int32' : 'float32', input === 'word_ids' ? new Int32Array(0) : new Float32Array(0), [0]);
      }
      const [a, b] = [await mapped.run(feeds), await whole.run(feeds)];
      for (const out of mapped.outputNames) expect(Array.from(a[out]!.data as Float32Array)).toEqual(Array.from(b[out]!.data as Float32Array));
      await mapped.release();
      await whole.release();
    });
  });
}

describe('loading a model checks both files against its sidecar (loadSidecar)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-onnxfiles-'));
  const sidecar = JSON.parse(readFileSync(join(MODELS_DIR, 'general.json'), 'utf8')) as ModelSidecar;
  /** A models folder holding general's files (as given) and this sidecar. */
  const folder = (name: string, files: Record<string, Uint8Array>, side: object): string => {
    const d = join(dir, name);
    mkdirSync(d);
    for (const [f, b] of Object.entries(files)) writeFileSync(join(d, f), b);
    writeFileSync(join(d, 'general.json'), JSON.stringify(side));
    return d;
  };
  const graph = readFileSync(join(MODELS_DIR, 'general.onnx'));
  const data = readFileSync(join(MODELS_DIR, 'general.onnx.data'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the committed files, and names the graph or the data file that does not match', async () => {
    expect((await loadSidecar('general', folder('ok', { 'general.onnx': graph, 'general.onnx.data': data }, sidecar))).onnxPath).toMatch(/general\.onnx$/);
    const flipped = (b: Buffer, at: number): Buffer => {
      const c = Buffer.from(b);
      c[at] = c[at]! ^ 0xff;
      return c;
    };
    await expect(loadSidecar('general', folder('graph', { 'general.onnx': flipped(graph, 100), 'general.onnx.data': data }, sidecar))).rejects.toThrow(/model general\.onnx does not match its sidecar.*npm run train/);
    await expect(loadSidecar('general', folder('data', { 'general.onnx': graph, 'general.onnx.data': flipped(data, 5000) }, sidecar))).rejects.toThrow(/model general\.onnx\.data does not match its sidecar/);
    await expect(loadSidecar('general', folder('nodata', { 'general.onnx': graph }, sidecar))).rejects.toThrow(/model file general\.onnx\.data is missing from .*npm run train/);
  });

  it('refuses a sidecar that names files elsewhere, another data file, or none beside a split graph', async () => {
    const files = { 'general.onnx': graph, 'general.onnx.data': data };
    await expect(loadSidecar('general', folder('up', files, { ...sidecar, onnxFile: '../general.onnx' }))).rejects.toThrow(/names '\.\.\/general\.onnx' as its graph/);
    await expect(loadSidecar('general', folder('other', files, { ...sidecar, onnxDataFile: 'copy.data' }))).rejects.toThrow(/names 'copy\.data' as its graph's data file/);
    const { onnxDataFile: _f, onnxDataSha256: _s, ...old } = sidecar;
    await expect(loadSidecar('general', folder('unnamed', files, old))).rejects.toThrow(/does not name general\.onnx\.data, which is there/);
  });

  it('still loads a self-contained graph with a sidecar from before the split, and it answers as the split files do', async () => {
    const inline = onnxProto.onnx.ModelProto.encode(readOnnxModel(MODELS_DIR, 'general.onnx')).finish();
    const { onnxDataFile: _f, onnxDataSha256: _s, ...old } = sidecar;
    const d = folder('whole', { 'general.onnx': inline }, { ...old, onnxSha256: sha(inline) });
    const { onnxPath } = await loadSidecar('general', d);
    const f = new Featurizer(sidecar.featurizer);
    const bag = f.featurize(cleanText('What a wonderful, wonderful day!'));
    const { feeds } = encodeBatch([bag.ids.slice(0, bag.count)], sidecar.featurizer);
    const [whole, split] = [await ort.InferenceSession.create(onnxPath), await ort.InferenceSession.create(join(MODELS_DIR, 'general.onnx'))];
    expect(Array.from((await whole.run(feeds)).polarity!.data as Float32Array)).toEqual(Array.from((await split.run(feeds)).polarity!.data as Float32Array));
    await whole.release();
    await split.release();
  });
});
