/**
 * The feeds aggregate of the PostgreSQL store: reads over a feed's results (the item
 * baseline, windows with robust z-scores, anomalous items). PostgreSQL has no median window
 * function, so the baseline of each window (median and MAD of the previous non-empty
 * windows) is a LATERAL subquery; test/scale/storeParity.test.ts checks it answers as DuckDB.
 */
import type { PgDatabase } from '../../../db/postgres.js';
import { SENTIMENT_LEVELS } from '../../labels.js';
import type { FeedWindowRow, ResultRow, Scope } from '../sentimentStore.js';
import { EMOTION_MEANS, feedWindowRow, RESULT_COLUMNS, resultRow } from '../tableRows.js';
import { E, scoped } from './sql.js';

export class PgFeeds {
  constructor(private readonly db: PgDatabase) {}

  async recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    const rows = await this.db.query<{ score: number }>(
      `SELECT score FROM (SELECT score, occurred_ms, created_ms FROM results WHERE feed_id = $1 AND tenant = $3
        ORDER BY occurred_ms DESC, created_ms DESC LIMIT $2) r ORDER BY occurred_ms, created_ms`,
      [feedId, n, tenant],
    );
    return rows.map((r) => Number(r.score));
  }

  async feedExists(feedId: string, scope: Scope): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} LIMIT 1`, [feedId, scope.admin, scope.tenant])).length > 0;
  }

  async feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, b: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]> {
    // The previous `b.windows` non-empty windows of window p (DuckDB: ROWS BETWEEN n PRECEDING AND 1 PRECEDING).
    const prev = (src: string, alias: string, cols: string) => `(SELECT ${cols} FROM ${src} q WHERE q.w < ${alias}.w ORDER BY q.w DESC LIMIT ${b.windows})`;
    const med = (x: string) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${x})`;
    const sql = `
WITH per AS (
  SELECT floor((occurred_ms - $2::bigint)::float8 / $3::float8)::bigint AS w, count(*) AS n, avg(score) AS mean,
    ${SENTIMENT_LEVELS.map((l) => `count(*) FILTER (WHERE sentiment = '${l}') AS "s_${l}"`).join(', ')},
    ${EMOTION_MEANS}
  FROM results WHERE feed_id = $1 AND occurred_ms < $4 AND ${scoped(5, 6)} GROUP BY 1),
base AS (
  SELECT p.*, m.k, m.m_med, m.n_med, ${E.map((c) => `m.${c}_med`).join(', ')}
  FROM per p CROSS JOIN LATERAL (SELECT count(*) AS k, ${med('q.mean')} AS m_med, ${med('q.n')} AS n_med, ${E.map((c) => `${med(`q.${c}`)} AS ${c}_med`).join(', ')}
    FROM ${prev('per', 'p', '*')} q) m),
spread AS (
  SELECT s.*, (SELECT ${med('abs(q.mean - s.m_med)')} FROM ${prev('per', 's', 'q.mean')} q) AS m_mad,
    ${E.map((c) => `abs(s.${c} - coalesce(s.${c}_med, s.${c}))`).join(' + ')} AS d
  FROM base s),
scored AS (
  SELECT t.*, dm.d_med, (SELECT ${med('abs(q.d - dm.d_med)')} FROM ${prev('spread', 't', 'q.d')} q) AS d_mad
  FROM spread t CROSS JOIN LATERAL (SELECT ${med('q.d')} AS d_med FROM ${prev('spread', 't', 'q.d')} q) dm)
SELECT w, n, mean, ${SENTIMENT_LEVELS.map((l) => `"s_${l}"`).join(', ')}, ${E.join(', ')},
  CASE WHEN k >= ${b.minWindows} THEN (mean - m_med) / (greatest(${b.madToSigma} * m_mad, ${b.scoreFloor}) * sqrt(greatest(1.0, n_med / n))) ELSE 0 END AS score_z,
  CASE WHEN k >= ${b.minWindows} THEN (d - d_med) / (greatest(${b.madToSigma} * d_mad, ${b.shiftFloor}) * sqrt(greatest(1.0, n_med / n))) ELSE 0 END AS shift_z
FROM scored WHERE w >= 0 ORDER BY w`;
    const rows = await this.db.query(sql, [feedId, fromMs, windowMs, toMs, scope.admin, scope.tenant]);
    return rows.map(feedWindowRow);
  }

  async anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${RESULT_COLUMNS} FROM results WHERE feed_id = $1 AND anomalous AND payload IS NOT NULL AND occurred_ms >= $2 AND occurred_ms < $3 AND ${scoped(4, 5)}
       ORDER BY occurred_ms DESC LIMIT $6`,
      [feedId, fromMs, toMs, scope.admin, scope.tenant, limit],
    );
    return rows.map(resultRow);
  }
}
