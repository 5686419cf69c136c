/**
 * DuckDB's memory comes from the jemalloc built into its library, which keeps the
 * pages a query frees for 1 s (dirty) and then 1 s more (muzzy, MADV_FREE) before
 * giving them back. Under an asynchronous batch the job store's queries free memory
 * faster than that, and those kept pages were 150-250 MB of the process's RSS at its
 * peak (bench/README.md, "Sentiment service", fourth session: an async batch's peak
 * 931-1,050 -> 855-889 MB). Here they go back after 100 ms, without the muzzy stage.
 *
 * jemalloc reads DUCKDB_JE_MALLOC_CONF (its prefixed MALLOC_CONF) once, when the
 * library loads, from the process environment, which only the main thread can set
 * (a worker's process.env is its own copy). So the launcher imports this module
 * before anything that loads DuckDB (the gateway's key store does). A value already
 * in the environment is kept, so an operator can tune or undo it.
 */
process.env['DUCKDB_JE_MALLOC_CONF'] ??= 'dirty_decay_ms:100,muzzy_decay_ms:0';
export {};
