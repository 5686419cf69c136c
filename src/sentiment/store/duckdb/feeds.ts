/**
 * The feeds aggregate of the embedded store: reads over a feed's results (the recent
 * scores an anomaly is judged against, the trend windows and their anomalous items).
 * A feed has no rows of its own; its results are written by the jobs aggregate.
 */
import { SENTIMENT_LEVELS } from '../../labels.js';
import type { FeedWindowRow, ResultRow, Scope } from '../sentimentStore.js';
import { EMOTION_MEANS, feedWindowRow, RESULT_COLUMNS, resultRow } from '../tableRows.js';
import type { DuckDbContext } from './context.js';
import { E, scoped } from './sql.js';

export class DuckDbFeeds {
  constructor(private readonly ctx: DuckDbContext) {}

  async recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    const rows = await this.ctx.read<{ score: number }>(
      'SELECT score FROM (SELECT score, occurred_ms, created_ms FROM results WHERE feed_id = $1 AND tenant = $3 ORDER BY occurred_ms DESC, created_ms DESC LIMIT $2) ORDER BY occurred_ms, created_ms',
      [feedId, n, tenant],
    );
    return rows.map((r) => Number(r.score));
  }

  async feedExists(feedId: string, scope: Scope): Promise<boolean> {
    const rows = await this.ctx.read(`SELECT 1 FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} LIMIT 1`, [feedId, scope.admin, scope.tenant]);
    return rows.length > 0;
  }

  async feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, b: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]> {
    const frame = `ORDER BY w ROWS BETWEEN ${b.windows} PRECEDING AND 1 PRECEDING`;
    const sql = `
WITH per AS (
  SELECT floor((occurred_ms - $2) / $3)::BIGINT AS w, count(*) AS n, avg(score) AS mean,
    ${SENTIMENT_LEVELS.map((l, k) => `count(*) FILTER (WHERE sentiment = $${7 + k}) AS "s_${l}"`).join(', ')},
    ${EMOTION_MEANS}
  FROM results WHERE feed_id = $1 AND occurred_ms < $4 AND ${scoped(5, 6)} GROUP BY 1),
base AS (
  SELECT *, median(mean) OVER (${frame}) AS m_med, mad(mean) OVER (${frame}) AS m_mad, count(*) OVER (${frame}) AS k, median(n::DOUBLE) OVER (${frame}) AS n_med,
    ${E.map((c) => `median(${c}) OVER (${frame}) AS ${c}_med`).join(', ')}
  FROM per),
dist AS (
  SELECT *, ${E.map((c) => `abs(${c} - coalesce(${c}_med, ${c}))`).join(' + ')} AS d FROM base),
scored AS (
  SELECT *, median(d) OVER (${frame}) AS d_med, mad(d) OVER (${frame}) AS d_mad FROM dist)
SELECT w, n, mean, ${SENTIMENT_LEVELS.map((l) => `"s_${l}"`).join(', ')}, ${E.join(', ')},
  CASE WHEN k >= ${b.minWindows} THEN (mean - m_med) / (greatest(${b.madToSigma} * m_mad, ${b.scoreFloor}) * sqrt(greatest(1.0, n_med / n))) ELSE 0 END AS score_z,
  CASE WHEN k >= ${b.minWindows} THEN (d - d_med) / (greatest(${b.madToSigma} * d_mad, ${b.shiftFloor}) * sqrt(greatest(1.0, n_med / n))) ELSE 0 END AS shift_z
FROM scored WHERE w >= 0 ORDER BY w`;
    // the levels are parameters: a cached plan would keep a level no row had yet pruned (see exec)
    const rows = await this.ctx.read(sql, [feedId, fromMs, windowMs, toMs, scope.admin, scope.tenant, ...SENTIMENT_LEVELS]);
    return rows.map(feedWindowRow);
  }

  async anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> {
    const rows = await this.ctx.read(
      `SELECT ${RESULT_COLUMNS} FROM results WHERE feed_id = $1 AND anomalous AND payload IS NOT NULL AND occurred_ms >= $2 AND occurred_ms < $3 AND ${scoped(4, 5)}
       ORDER BY occurred_ms DESC LIMIT $6`,
      [feedId, fromMs, toMs, scope.admin, scope.tenant, limit],
    );
    // (checked here too: a cached plan may have dropped `payload IS NOT NULL` while no payload was purged yet)
    return rows.filter((r) => typeof r['payload'] === 'string').map(resultRow);
  }
}
