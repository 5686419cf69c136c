/**
 * The may-import table of docs/architecture.md ("Rooms"), as rules: `npm run lint` fails
 * on an import the design does not draw. Keep this file and the table in
 * step; each rule's comment says which row it enforces.
 */
/** Modules of the core that other parts may import: the capabilities' declared entry points and the core's common modules. */
const CORE_ENTRIES = [
  '^src/server[.]ts$', '^src/config[.]ts$', '^src/log[.]ts$', '^src/paths[.]ts$', '^src/seededRandom[.]ts$',
  '^src/db/duckdb[.]ts$', '^src/grpc/protos[.]ts$',
  // the geo data build shares the core's search-key folding and display languages, so build and queries agree
  '^src/geo/searchKey[.]ts$', '^src/geo/languages[.]ts$',
  // the geo bench measures the in-memory index and its SQL reference side by side
  '^src/geo/placeStore[.]ts$', '^src/geo/placeSql[.]ts$',
  // training and benches reach the sentiment capability through these (its parts under features/, language/, analysis/ stay inside)
  '^src/sentiment/featurizer[.]ts$', '^src/sentiment/sentimentAnalyzer[.]ts$', '^src/sentiment/labels[.]ts$',
  '^src/sentiment/textInput[.]ts$', '^src/sentiment/languageDetector[.]ts$', '^src/sentiment/modelCard[.]ts$', '^src/sentiment/onnxBatch[.]ts$',
  // the English expert's word splitter: training feeds its word branch the way the service does
  '^src/sentiment/englishWords[.]ts$',
  // the English network's token reader: training exports the tokens the service will feed it (englishNetInput.ts)
  '^src/sentiment/englishNetInput[.]ts$',
  // the state-store seam: the scale bench measures each store on its own, the service bench the job store's cost per job
  '^src/sentiment/store/(sentimentStore|duckdbStore|postgresStore|openStore|jobStore|messages|timeOrderedId)[.]ts$',
  // the request fingerprint bench measures the idempotency key's content check on its own
  '^src/sentiment/idempotency[.]ts$',
  // the launcher makes the core's CA and the gateway's certificate on first start
  '^src/certificates/certificateAuthority[.]ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'core-not-gateway',
      comment: 'src/ is the core: it never imports the gateway (the gateway talks to it over gRPC only), nor the offline training code (training/ reads the core, never the other way).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(gateway|training|bin|bench|test|data)/' },
    },
    {
      name: 'gateway-not-core',
      comment: 'gateway/ only talks to the core through gRPC: it never imports src/ (shared code lives in proto/).',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^(src|training|bin|bench|test|data)/' },
    },
    {
      name: 'contract-npm-only',
      comment: 'proto/ (the contract and its TypeScript side) imports npm packages and lib/ (the shared utilities) only.',
      severity: 'error',
      from: { path: '^proto/' },
      to: { path: '^(src|gateway|training|bin|bench|test|data)/' },
    },
    {
      name: 'lib-npm-only',
      comment: 'lib/ holds the small utilities every part shares (argument and environment parsing, the project root, the one batching primitive): it imports npm packages only.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(proto|src|gateway|training|bin|bench|test|data)/' },
    },
    {
      name: 'capabilities-apart',
      comment: 'Each capability (geo with locale, sentiment, certificates) stands alone: it may use src/db, src/grpc and the common modules, not another capability.',
      severity: 'error',
      from: { path: '^src/(sentiment|certificates)/' },
      to: { path: '^src/(geo|locale|sentiment|certificates)/', pathNot: '^src/$1/' },
    },
    {
      name: 'geo-apart',
      comment: 'Geo and locale are one capability (reference data); they do not reach into sentiment or certificates.',
      severity: 'error',
      from: { path: '^src/(geo|locale)/' },
      to: { path: '^src/(sentiment|certificates)/' },
    },
    {
      name: 'capabilities-not-config',
      comment: 'Capabilities receive their settings from server.ts; only server.ts and the launchers read the core config.',
      severity: 'error',
      from: { path: '^src/(geo|locale|sentiment|certificates|db|grpc)/' },
      to: { path: '^src/config[.]ts$' },
    },
    {
      name: 'training-through-entry-points',
      comment: 'Offline training (training/) builds the models the core serves: it reads the featuriser, labels, analyser and the readers of the files it writes, nothing else of the core.',
      severity: 'error',
      from: { path: '^training/' },
      to: { path: '^src/', pathNot: [...CORE_ENTRIES, '^src/sentiment/(eldTable|lexiconFallback)[.]ts$'] },
    },
    {
      name: 'training-not-served',
      comment: 'training/ is never part of a served process: gateway, core and launchers do not import it (benches and tests may).',
      severity: 'error',
      from: { path: '^(src|gateway|bin|proto)/' },
      to: { path: '^training/' },
    },
    {
      name: 'sentiment-parts-inside',
      comment: 'The featuriser, language head and analyser keep their parts in src/sentiment/features/, language/ and analysis/: only the capability imports them; everyone else goes through featurizer.ts, languageDetector.ts and sentimentAnalyzer.ts (tests may reach in).',
      severity: 'error',
      from: { path: '^(src|gateway|training|bin|bench|data|proto)/', pathNot: '^src/sentiment/' },
      to: { path: '^src/sentiment/(features|language|analysis)/' },
    },
    {
      name: 'featurizer-stands-alone',
      comment: 'The featuriser (src/sentiment/features/) is shared by training and serving: of the capability it reads only textInput.ts, never the pool, ONNX, the store or the analyser.',
      severity: 'error',
      from: { path: '^src/sentiment/features/' },
      to: { path: '^src/sentiment/', pathNot: ['^src/sentiment/features/', '^src/sentiment/textInput[.]ts$'] },
    },
    {
      name: 'language-parts-stand-alone',
      comment: "The language head's stages and weights file (src/sentiment/language/) are read by training too: they use only themselves and the featuriser.",
      severity: 'error',
      from: { path: '^src/sentiment/language/' },
      to: { path: '^src/sentiment/', pathNot: ['^src/sentiment/language/', '^src/sentiment/features/', '^src/sentiment/featurizer[.]ts$'] },
    },
    {
      name: 'generated-self-contained',
      comment: 'Generated code (proto/contract/generated/) is rewritten whole by npm run proto:types: it imports only itself and npm packages.',
      severity: 'error',
      from: { path: '^proto/contract/generated/' },
      to: { path: '^(src|gateway|training|bin|bench|test|data|proto)/', pathNot: '^proto/contract/generated/' },
    },
    {
      name: 'build-and-benches-through-entry-points',
      comment: 'The data build, benches and launchers reach the core through its declared entry points (CORE_ENTRIES above).',
      severity: 'error',
      from: { path: '^(data|bench|bin)/' },
      to: { path: '^src/', pathNot: CORE_ENTRIES },
    },
    {
      name: 'data-build-not-core-config',
      comment: 'The data build takes its paths from its own flags and environment, not from the core config.',
      severity: 'error',
      from: { path: '^data/' },
      to: { path: '^src/config[.]ts$' },
    },
    {
      name: 'data-inputs-and-outputs-hold-no-code',
      comment: 'data/ separates build code (data/geo/) from inputs (data/sources/, data/sentiment/) and outputs (data/build/): code lives only in data/geo/, and the build reads its inputs as files, not as modules.',
      severity: 'error',
      from: {},
      to: { path: '^data/(sources|sentiment|build)/' },
    },
    {
      name: 'data-code-in-geo',
      comment: 'The only data code is the geo build in data/geo/ (a script elsewhere under data/ would blur code and data).',
      severity: 'error',
      from: { path: '^data/', pathNot: '^data/geo/' },
      to: {},
    },
    {
      name: 'no-module-cycles',
      comment: 'No import cycles between modules (generated protobuf descriptor types refer to each other by nature).',
      severity: 'error',
      from: { pathNot: '^proto/contract/generated/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'No cycles between folders (a folder that imports one that imports it back is one part cut in two).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|data/build|bench/results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
