/**
 * Turns the peers' seeded workload into Meridian's GraphQL form: the same
 * three shapes (radius, prefix, by id) asking for the same fields the peers
 * return, with totalCount. Meridian pages with Relay cursors, not offsets: for
 * the requests with an offset, the cursor of the position before it is asked
 * once here (cursors are bound to the running gateway), so that the load
 * itself sends `after`.
 *   node dist/bench/graphqlWorkload.js --workload IN.json --out OUT.json --base http://127.0.0.1:8080 --key KEY
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cliArgs } from '../lib/cliArgs.js';

const FIELDS = 'id name countryCode regionCode latitude longitude population timezone';
export const MERIDIAN_GQL = {
  radius: `query Near($lat:Float!,$lon:Float!,$radius:Float!,$unit:DistanceUnit!,$minPop:Int!,$first:Int!,$after:String){
  populatedPlaces(location:{latitude:$lat,longitude:$lon},radius:$radius,distanceUnit:$unit,minPopulation:$minPop,first:$first,after:$after){
    totalCount edges { node { ${FIELDS} searchDistance } } } }`,
  prefix: `query Prefix($prefix:String!,$minPop:Int!,$first:Int!,$after:String){
  populatedPlaces(namePrefix:$prefix,minPopulation:$minPop,first:$first,after:$after){ totalCount edges { node { ${FIELDS} } } } }`,
  byId: `query ById($id:ID!){ populatedPlace(id:$id){ ${FIELDS} } }`,
};

interface Item { i: number; type: 'radius' | 'prefix' | 'byId'; rest: string; gql: Record<string, unknown>; gqlBody?: string }

const { values: args } = cliArgs({
  name: 'graphqlWorkload',
  usage: 'node dist/bench/graphqlWorkload.js --workload IN.json --out OUT.json --base URL --key KEY',
  about: "Turns the peers' seeded REST workload into Meridian's GraphQL form (bench/restVsPeers.sh runs it).",
  options: { workload: { arg: 'IN.json', help: "the peers' workload file", type: 'string' }, out: { arg: 'OUT.json', help: 'where the GraphQL workload goes', type: 'string' }, base: { arg: 'URL', help: 'the running gateway', type: 'string' }, key: { arg: 'KEY', help: 'an API key of it', type: 'string' } },
});
function arg(name: keyof typeof args): string {
  const v = args[name];
  if (!v) { process.stderr.write(`missing --${name}; usage: graphqlWorkload.js --workload IN.json --out OUT.json --base URL --key KEY\n`); process.exit(2); }
  return v;
}

async function main(): Promise<void> {
  const wl = JSON.parse(readFileSync(arg('workload'), 'utf8')) as { requests: Item[] };
  const base = arg('base'), key = arg('key');
  const ask = async (body: string) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Gateway-Key': key }, body });
    const json = (await res.json()) as { data?: Record<string, { pageInfo?: { endCursor: string | null } }>; errors?: unknown };
    if (json.errors) throw new Error(`GraphQL errors for ${body}: ${JSON.stringify(json.errors).slice(0, 300)}`);
    return json;
  };
  let withCursor = 0;
  for (const [n, it] of wl.requests.entries()) {
    const g = it.gql;
    const vars: Record<string, unknown> = it.type === 'byId' ? { id: String(g['id']) }
      : it.type === 'radius' ? { lat: g['lat'], lon: g['lon'], radius: g['radius'], unit: g['unit'], minPop: g['minPop'], first: g['first'] }
        : { prefix: g['prefix'], minPop: g['minPop'], first: g['first'] };
    const offset = Number(g['offset'] ?? 0);
    if (offset > 0) {
      const q = MERIDIAN_GQL[it.type].replace('totalCount edges', 'totalCount pageInfo { endCursor } edges');
      const r = await ask(JSON.stringify({ query: q, variables: { ...vars, first: offset } }));
      vars['after'] = r.data?.['populatedPlaces']?.pageInfo?.endCursor ?? null;
      withCursor++;
    }
    it.gqlBody = JSON.stringify({ query: MERIDIAN_GQL[it.type], variables: vars });
    if ((n + 1) % 500 === 0) process.stderr.write(`[graphql workload] ${n + 1}/${wl.requests.length}\n`);
  }
  writeFileSync(arg('out'), JSON.stringify(wl));
  process.stderr.write(`[graphql workload] ${wl.requests.length} requests (${withCursor} with an 'after' cursor) → ${arg('out')}\n`);
}

main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`); process.exit(1); });
