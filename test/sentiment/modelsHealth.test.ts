/**
 * A core whose sentiment model does not match its sidecar: it starts and serves
 * geo, its SentimentService health turns NOT_SERVING (seen through the standard
 * health Watch stream, no timing), and an analysis answers UNAVAILABLE naming
 * the file and what to run.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProto } from 'grpc-health-check';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/paths.js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { anonymousCredentialsFor } from '../support/coreTrust.js';
import { geoClient, sentimentClient } from '../support/grpcClient.js';

type Watcher = grpc.ClientReadableStream<{ status: string }>;
interface HealthClient extends grpc.Client { watch(req: { service: string }): Watcher }

describe('models that do not match their sidecar', () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'meridian-badmodels-'));
  let core: Awaited<ReturnType<typeof startSentimentCore>>;

  beforeAll(async () => {
    cpSync(join(projectRoot, 'models'), modelsDir, { recursive: true });
    const data = join(modelsDir, 'general.onnx.data'); // the graph's weights (ONNX external data)
    const bytes = readFileSync(data);
    bytes[5000] = bytes[5000]! ^ 0xff; // one flipped byte inside the embeddings
    writeFileSync(data, bytes);
    core = await startSentimentCore({ modelsDir, workers: 1 });
  }, 60_000);

  afterAll(async () => {
    await core?.close();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('keeps geo serving, marks SentimentService NOT_SERVING and answers UNAVAILABLE with the reason', async () => {
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, { enums: String })) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
    const health = new def.grpc.health.v1.Health(core.core.address, anonymousCredentialsFor(core.core.address)) as unknown as HealthClient;
    const watch = health.watch({ service: 'meridian.sentiment.v1.SentimentService' });
    const notServing = new Promise<string>((resolve, reject) => {
      watch.on('data', (m: { status: string }) => { if (m.status === 'NOT_SERVING') resolve(m.status); });
      watch.on('error', reject);
    });
    expect(await notServing).toBe('NOT_SERVING');
    watch.cancel();
    health.close();

    const geo = geoClient(core.core.address);
    const city = await geo.call<{ data: { name: string } }>('GetCity', { cityId: 2643743 });
    expect(city.data.name).toBe('London');
    geo.close();

    const s = sentimentClient(core.core.address);
    const err = await s.fail('AnalyzeText', { text: 'I love it', asyncMode: false });
    expect(err.code).toBe(grpc.status.UNAVAILABLE);
    expect(err.message).toMatch(/general\.onnx\.data does not match its sidecar.*npm run train/);
    s.close();
  }, 60_000);
});
