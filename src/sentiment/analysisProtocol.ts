/**
 * What the analysis threads and their pool say to each other besides Piscina's tasks.
 * A module of its own: importing analysisWorker.ts runs it (it loads the models and
 * posts on its thread's port), and the pool must not.
 */

/** Key of the message an analysis thread posts once its models have loaded or failed to (AnalysisPool.close waits for it). */
export const MODELS_SETTLED = 'meridianModelsSettled';
