/**
 * Charges the samples of a V8 .cpuprofile (node --cpu-prof) to the steps of a
 * GraphQL request (issue 39, point 3): each sample goes to the first step, in
 * the order of STEPS, that has a frame anywhere on its stack (so graphql's
 * parser under the work limits counts as the work limits, and the exchange
 * under a resolver as the exchange; see OUTER and INNER). --from/--to keep the samples of the load only
 * (bench/graphqlProfile.sh passes the driver's start and end). Prints the steps' share of the busy
 * (non-idle) time and µs per request when --requests is given, then the
 * functions with the most self time.
 *   node dist/bench/cpuProfileSummary.js --profile FILE.cpuprofile [--requests N] [--top 25] [--from US --to US]
 */
import { readFileSync } from 'node:fs';
import { cliArgs } from '../lib/cliArgs.js';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

type Match = (f: CallFrame) => boolean;
const inFile = (part: string, fn?: RegExp): Match => (f) => f.url.includes(part) && (!fn || fn.test(f.functionName));
/**
 * Steps that own everything below them: a sample with one of their frames anywhere on its stack is theirs (the
 * first in this order), so graphql's parser under the work limits is the work limits' and grpc-js under the
 * exchange client is the exchange's.
 */
export const OUTER: [string, Match][] = [
  ['(garbage collector)', (f) => f.functionName === '(garbage collector)'],
  ['work limits (workLimits.ts admit: parse + walk)', inFile('gateway/graphql/workLimits')],
  ['kept GraphQL answers sent (answerCache.ts sendKept: the reply of a repeated query, with its HTTP write)', inFile('gateway/graphql/answerCache', /^sendKept$/)],
  ['GraphQL hooks (plugin.ts: size, body, key check)', inFile('gateway/graphql/plugin')],
  ['exchange (coreClient.ts: encode, send, decode)', inFile('gateway/coreClient')],
  ['connections + cursors (connections.ts, pageTokens)', (f) => f.url.includes('gateway/graphql/connections') || f.url.includes('proto/contract/pageTokens')],
  ['resolvers + loaders (resolvers.ts)', inFile('gateway/graphql/resolvers')],
  ['dataloader', inFile('node_modules/dataloader')],
  ['mercurius loaders (single-user-cache: a key per query)', inFile('node_modules/single-user-cache')],
];
/** The rest: the frame nearest the leaf that one of these matches names the step. */
export const INNER: [string, Match][] = [
  ['graphql parse/validate (mercurius, per request)', (f) => f.url.includes('/graphql/language/') || f.url.includes('/graphql/validation/')],
  ['graphql-jit execution', inFile('node_modules/graphql-jit')],
  ['graphql-js (values, execution)', inFile('node_modules/graphql/')],
  ['serialisation (JSON.stringify, fast-json-stringify)', (f) => f.url.includes('fast-json-stringify') || (f.url === '' && /^(stringify|JSON\.stringify)$/.test(f.functionName))],
  ['mercurius (route, cache, context, loaders)', inFile('node_modules/mercurius')],
  ['kept answers looked up and kept (keptAnswers.ts)', inFile('gateway/keptAnswers')],
  ['gateway (app.ts hooks, guard, metrics)', (f) => f.url.includes('/gateway/')],
  ['fastify (router, hooks, reply, body parse)', (f) => /node_modules\/(fastify|find-my-way|avvio|light-my-request|secure-json-parse|@fastify)/.test(f.url)],
  ['node http / net / streams', (f) => /^node:(_http|net|internal\/(http|stream|streams|net))/.test(f.url)],
  ['grpc-js', inFile('@grpc/')],
  ['(program)', (f) => f.functionName === '(program)'],
];

function summarise(file: string, requests: number | undefined, top: number, from: number, to: number): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stepOf = new Map<number, string>();
  const classify = (id: number): string => {
    const hit = stepOf.get(id);
    if (hit) return hit;
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
    let step = frames[0]!.functionName === '(idle)' ? '(idle)' : '';
    if (!step) for (const [name, m] of OUTER) if (frames.some(m)) { step = name; break; }
    if (!step) for (const f of frames) { const hit = INNER.find(([, m]) => m(f)); if (hit) { step = hit[0]; break; } }
    step ||= 'other';
    stepOf.set(id, step);
    return step;
  };
  const steps = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0, total = 0;
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    at += dt;
    if (at < from || at > to) return;
    total += dt;
    const step = classify(id);
    steps.set(step, (steps.get(step) ?? 0) + dt);
    if (step !== '(idle)') busy += dt;
    const f = byId.get(id)!.callFrame;
    if (f.functionName !== '(idle)') {
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, '')}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + dt);
    }
  });
  const ms = (us: number) => (us / 1000).toFixed(0);
  const out = [`${file}: ${ms(total)} ms sampled, ${ms(busy)} ms busy${requests ? `, ${requests} requests: ${(busy / requests).toFixed(1)} µs busy per request` : ''}`, '',
    `| step | busy ms | share | ${requests ? 'µs/request |' : ''}`, `| --- | --- | --- | ${requests ? '--- |' : ''}`];
  for (const [name, us] of [...steps].filter(([n]) => n !== '(idle)').sort((a, b) => b[1] - a[1])) {
    out.push(`| ${name} | ${ms(us)} | ${(100 * us / busy).toFixed(1)} % | ${requests ? `${(us / requests).toFixed(1)} |` : ''}`);
  }
  out.push('', `top ${top} self time:`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${(100 * us / busy).toFixed(1).padStart(5)} %  ${ms(us).padStart(6)} ms  ${k}`);
  return out.join('\n');
}

const { values } = cliArgs({
  name: 'cpuProfileSummary',
  usage: 'node dist/bench/cpuProfileSummary.js --profile FILE.cpuprofile [--requests N] [--top 25]',
  about: "Charges a .cpuprofile's samples to the steps of a GraphQL request and lists the functions with the most self time.",
  options: {
    profile: { arg: 'FILE', help: 'a .cpuprofile written by node --cpu-prof', type: 'string' },
    requests: { arg: 'N', help: 'requests served while profiling (for µs per request)', type: 'string' },
    top: { arg: 'N', help: 'functions listed by self time (25)', type: 'string' },
    from: { arg: 'US', help: 'only samples from this time (µs of the monotonic clock, process.hrtime) on', type: 'string' },
    to: { arg: 'US', help: 'only samples up to this time (µs of the monotonic clock)', type: 'string' },
  },
});
if (!values.profile) { process.stderr.write('missing --profile FILE.cpuprofile\n'); process.exit(2); }
process.stdout.write(`${summarise(values.profile, values.requests ? Number(values.requests) : undefined, Number(values.top ?? 25), Number(values.from ?? 0), Number(values.to ?? Infinity))}\n`);
