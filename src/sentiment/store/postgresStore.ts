/**
 * The PostgreSQL store's import path for its callers (openStore.ts, the benches and tests):
 * the store is split by aggregate under postgres/ (store.ts is the class), as the embedded one under duckdb/.
 */
export { PostgresSentimentStore } from './postgres/store.js';
