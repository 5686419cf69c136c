/**
 * The embedded sentiment store's import path for its callers (the benches
 * and tests): the store is split by aggregate under duckdb/ (store.ts is the class).
 */
export { COMPACTION_SPACING, DuckDbSentimentStore } from './duckdb/store.js';
