/**
 * Training is reproducible and the exported ONNX graph computes what the trainer
 * computes: retrain both models here, compare onnxruntime-node's outputs with the
 * trainer's, and compare the retrained weights with the committed models/*.onnx.
 * Tolerance (models/README.md): max |Δweight| ≤ 1e-4 and identical argmax on every
 * held-out row checked.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { trainModel, checkOnnxAgainstTrainer, ONNX_TOLERANCE } from '../../src/sentiment/training/train.js';
import { exportOnnx } from '../../src/sentiment/training/onnxExport.js';
import { GENERAL_SPEC, FINANCE_SPEC } from '../../src/sentiment/training/modelSpecs.js';
import { MODELS_DIR } from '../../src/sentiment/sentimentAnalyzer.js';

const WEIGHT_TOLERANCE = 1e-4;

function committedWeights(name: string): Float32Array {
  const model = onnxProto.onnx.ModelProto.decode(readFileSync(join(MODELS_DIR, `${name}.onnx`)));
  const w = model.graph!.initializer!.find((t) => t.name === 'W')!;
  const raw = w.rawData!;
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

for (const spec of [FINANCE_SPEC, GENERAL_SPEC]) {
  describe(`${spec.name} model`, () => {
    it('retrains to the committed weights, and its ONNX export equals the trainer', { timeout: 600_000 }, async () => {
      const t = trainModel(spec);
      const onnx = exportOnnx(t.model, { name: spec.name, domain: spec.domain });
      const sample = t.heldoutRows.filter((_, i) => i % 7 === 0).slice(0, 400);
      const diff = await checkOnnxAgainstTrainer(t, onnx, sample);
      expect(diff).toBeLessThanOrEqual(ONNX_TOLERANCE);

      const committed = committedWeights(spec.name);
      expect(committed.length).toBe(t.model.weights.length);
      let maxDiff = 0;
      for (let i = 0; i < committed.length; i++) maxDiff = Math.max(maxDiff, Math.abs(committed[i]! - t.model.weights[i]!));
      expect(maxDiff).toBeLessThanOrEqual(WEIGHT_TOLERANCE);
    });
  });
}
