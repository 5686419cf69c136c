/**
 * Feeds: every result with a feed_id is stored with the time the text was written
 * (occurred_at, default: receipt). Two views:
 *
 * - Item anomaly, when a result is made: z-score of its sentimentScore against the
 *   median of the feed's previous 200 items, over the larger of 1.4826 × their MAD and
 *   their standard deviation (floored at 0.05; Baseline says why); anomalous when
 *   |z| ≥ 3.5 with at least 20 previous items. The
 *   baseline is kept in memory per feed (loaded from DuckDB on first use; the 10,000
 *   most recently used feeds are kept).
 * - Windows (GetFeedTrend / ListFeedAnomalies), computed in DuckDB: results grouped
 *   into fixed windows; per window count, mean score, sentiment counts and mean
 *   emotions. Each non-empty window is compared with the previous 12 non-empty
 *   windows: score_z = (mean − median) / max(1.4826·MAD, 0.1) of their means;
 *   emotion_shift_z = robust z of the L1 distance between the window's emotion mix and
 *   the element-wise median mix, against the same distances of those windows (scale
 *   floored at 0.1). A window with fewer items than the median count of those windows
 *   has both scales widened by √(median count / its count): its mean wanders that much
 *   more on its own (a window of 6 items beside windows of 30 was anomalous on 11 of 40
 *   steady feeds in a review). A window is anomalous when it has ≥ 5 items, ≥ 8 baseline
 *   windows, and |score_z| ≥ 3.5 or emotion_shift_z ≥ 4. The slope is the least-squares slope
 *   of mean score per window index.
 *
 * A feed belongs to its tenant: the same feed id of two tenants is two feeds. The
 * SQL lives in the store (SentimentStore.feedWindowRows); the statistics' rules here.
 */
import { invalid } from '../errors.js';
import { EMOTIONS, SENTIMENT_LEVELS } from './labels.js';
import type { Scope, SentimentStore } from './store/sentimentStore.js';
import type { JobStore } from './store/jobStore.js';
import type { ItemAnomaly__Output } from '../../proto/contract/generated/meridian/sentiment/v1/ItemAnomaly.js';
import type { FeedWindow__Output } from '../../proto/contract/generated/meridian/sentiment/v1/FeedWindow.js';
import { MAX_FEED_WINDOWS, MAX_WINDOW_MS, MIN_WINDOW_MS, windowLengthMs } from '../../lib/feedWindows.js';

export const ITEM_BASELINE = 200;
export const ITEM_MIN_BASELINE = 20;
export const Z_THRESHOLD = 3.5;
/** Item scores: the smallest spread assumed (a feed of identical scores would make any change infinite). */
const SCALE_FLOOR = 0.05;
/**
 * Window means: 0.1, so that a window must move its mean score by at least 0.35 (on
 * [-1, 1]) to be flagged however steady the baseline; with ~20 items a window mean
 * wanders by ~0.05-0.07 on its own, and a MAD of 12 windows underestimates that.
 */
const WINDOW_SCALE_FLOOR = 0.1;
const MAD_TO_SIGMA = 1.4826;
const WINDOW_BASELINE = 12;
const WINDOW_MIN_BASELINE = 8;
/** Emotion mixes move more than mean scores between ordinary windows: a higher bar and floor. */
const SHIFT_THRESHOLD = 4;
const SHIFT_SCALE_FLOOR = 0.1;
const WINDOW_MIN_ITEMS = 5;
const MAX_WINDOWS = MAX_FEED_WINDOWS;
const MAX_FEEDS = 10_000;

/** An item's anomaly verdict: the generated ItemAnomaly message. */
export type ItemAnomaly = ItemAnomaly__Output;

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return 0;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/**
 * The robust z-score of `value` against a baseline already in ascending order, in
 * O(n) and without allocating: the deviations |x - median| of a sorted list are two
 * ascending runs (left of the median, walking down; right of it, walking up), so
 * their median is found by merging the runs up to the middle rank.
 */
export function robustZSorted(value: number, sorted: readonly number[], minScale = 0): { z: number; median: number } {
  const n = sorted.length;
  const m = median(sorted);
  if (n === 0) return { z: 0, median: 0 };
  let right = 0;
  while (right < n && sorted[right]! < m) right++;
  let left = right - 1;
  const lo = (n - 1) >> 1;
  const hi = n >> 1;
  let a = 0;
  let b = 0;
  for (let rank = 0; rank <= hi; rank++) {
    let d: number;
    if (left >= 0 && (right >= n || m - sorted[left]! <= sorted[right]! - m)) d = m - sorted[left--]!;
    else d = sorted[right++]! - m;
    if (rank === lo) a = d;
    if (rank === hi) b = d;
  }
  const mad = (a + b) / 2;
  return { z: (value - m) / Math.max(MAD_TO_SIGMA * mad, minScale, SCALE_FLOOR), median: m };
}

export function robustZ(value: number, baseline: readonly number[]): { z: number; median: number } {
  return robustZSorted(value, [...baseline].sort((a, b) => a - b));
}

/**
 * A feed's latest scores, in arrival order and kept sorted (insert and remove by binary search), with their sum and
 * sum of squares. An item's scale is the larger of 1.4826 × MAD and the standard deviation: in a feed of two kinds of
 * text (70 % praise near +1, 30 % plain statements near 0) the MAD falls to its floor, and every plain statement was
 * anomalous (301 of 1,000 items of a steady feed); the standard deviation sees both kinds. For one kind of text the two
 * agree (normal scores: 1.4826 × MAD ≈ SD), and a score outside both kinds still stands out. The price: a burst of
 * one new kind of text widens the scale as it enters the baseline, so its first items are flagged (18 of 120 in a
 * review's run, against 100 on the MAD alone) and the burst as a whole by its window (GetFeedTrend's anomalous).
 */
class Baseline {
  private readonly sorted: number[];
  private sum = 0;
  private squares = 0;
  constructor(private readonly order: number[]) {
    this.sorted = [...order].sort((a, b) => a - b);
    for (const v of order) { this.sum += v; this.squares += v * v; }
  }

  get size(): number {
    return this.order.length;
  }

  score(value: number): { z: number; median: number } {
    const n = this.order.length;
    const mean = this.sum / n;
    return robustZSorted(value, this.sorted, Math.sqrt(Math.max(0, this.squares / n - mean * mean)));
  }

  add(value: number): void {
    if (!Number.isFinite(value)) return; // (a NaN would stay in the sums for good)
    this.order.push(value);
    this.sum += value;
    this.squares += value * value;
    this.sorted.splice(lowerBound(this.sorted, value), 0, value);
    if (this.order.length > ITEM_BASELINE) {
      const gone = this.order.shift()!;
      this.sum -= gone;
      this.squares -= gone * gone;
      this.sorted.splice(lowerBound(this.sorted, gone), 1);
    }
  }
}

function lowerBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per-feed rolling baselines for the item anomaly. */
export class FeedBaselines {
  /** A feed's baseline once loaded, or its load in progress. */
  private readonly feeds = new Map<string, Baseline | Promise<Baseline>>();
  /**
   * Feeds scored since they were loaded or last passed over: past MAX_FEEDS the oldest feed not in it goes, and one in
   * it goes behind the others once (second chance). Re-inserting every scored item's feed to keep the map in use order
   * made V8 rebuild the map's table as it went, tables that died in the old generation (gateway/keptAnswers.ts, the same).
   */
  private readonly hit = new Set<string>();

  /** `maxFeeds`: how many feeds' baselines are kept (MAX_FEEDS; smaller in tests). */
  constructor(private readonly store: Pick<JobStore, 'recentScores'>, private readonly maxFeeds = MAX_FEEDS) {}

  /**
   * Scores the item against its feed's baseline, then adds it to the baseline. A feed
   * already loaded answers at once (no promise: a batch of a busy feed scores its items
   * in one go); a feed seen first reads its recent scores from the store.
   */
  observe(tenant: string, feedId: string, score: number): ItemAnomaly | Promise<ItemAnomaly> {
    const key = `${tenant}\u0000${feedId}`;
    let entry = this.feeds.get(key);
    if (entry) {
      this.hit.add(key); // no change to the set when it is there already
    } else {
      const loading = this.store.recentScores(tenant, feedId, ITEM_BASELINE).then((scores) => {
        const b = new Baseline(scores);
        if (this.feeds.get(key) === loading) this.feeds.set(key, b);
        return b;
      });
      // a failed read must not stay cached: the next item of the feed reads again
      loading.catch(() => { if (this.feeds.get(key) === loading) this.forget(tenant, feedId); });
      entry = loading;
      // room first (the new feed is never the one passed over): the oldest not scored since it was last passed over goes
      while (this.feeds.size > 0 && this.feeds.size >= this.maxFeeds) {
        const [oldest, kept] = this.feeds.entries().next().value!;
        this.feeds.delete(oldest);
        if (this.hit.delete(oldest)) this.feeds.set(oldest, kept);
      }
      this.feeds.set(key, entry);
    }
    return entry instanceof Baseline ? FeedBaselines.scoreAndAdd(entry, score) : entry.then((b) => FeedBaselines.scoreAndAdd(b, score));
  }

  private static scoreAndAdd(baseline: Baseline, score: number): ItemAnomaly {
    const baselineItems = baseline.size;
    const { z, median: m } = baselineItems ? baseline.score(score) : { z: 0, median: 0 };
    baseline.add(score);
    return { anomalous: baselineItems >= ITEM_MIN_BASELINE && Math.abs(z) >= Z_THRESHOLD, zScore: baselineItems ? z : 0, baselineItems, baselineMedian: m };
  }

  /** Drops a feed's baseline (after the feed was deleted): tenant's feed, or (tenant null) every tenant's feed of that id. */
  forget(tenant: string | null, feedId: string): void {
    const keys = tenant !== null ? [`${tenant}\u0000${feedId}`] : [...this.feeds.keys()].filter((k) => k.endsWith(`\u0000${feedId}`));
    for (const key of keys) {
      this.feeds.delete(key);
      this.hit.delete(key);
    }
  }

  /** Drops every baseline (deletions may have been missed): each loads again from the store when its feed is next scored. */
  forgetAll(): void {
    this.feeds.clear();
    this.hit.clear();
  }
}


export function parseWindow(raw: string): { text: string; ms: number } {
  const text = raw === '' ? '1h' : raw.trim().toLowerCase();
  const ms = windowLengthMs(text);
  if (!(ms >= MIN_WINDOW_MS && ms <= MAX_WINDOW_MS)) throw invalid('window', `window must be a number and s, m, h or d between 60s and 30d (e.g. 15m, 1h, 1d), got '${raw.slice(0, 40)}'`);
  return { text, ms };
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An RFC 3339 date-time in ms, or null for ''. The calendar is checked field by field:
 * Date.parse alone rolls 2026-02-30 over to 2 March, and the caller would store a date
 * that was never given.
 */
export function parseTime(field: string, raw: string): number | null {
  if (raw === '') return null;
  const m = RFC3339.exec(raw);
  const ms = Date.parse(raw);
  if (m === null || Number.isNaN(ms) || !isCalendarTime(m.slice(1).map((v) => Number(v ?? 0)))) {
    throw invalid(field, `${field} must be an RFC 3339 date-time such as 2026-11-22T10:00:00Z (a real calendar date), got '${raw.slice(0, 40)}'`);
  }
  // the range of a protobuf Timestamp, which answers carry it in: year 0000 with a positive offset is year -1 in UTC
  if (ms < MIN_TIMESTAMP_MS || ms > MAX_TIMESTAMP_MS) {
    throw invalid(field, `${field} must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z once its offset is applied, got '${raw.slice(0, 40)}'`);
  }
  return ms;
}

export const MIN_TIMESTAMP_MS = Date.parse('0001-01-01T00:00:00Z'); // not Date.UTC, which reads years 0-99 as 1900-1999
const MAX_TIMESTAMP_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether year, month, day, hour, minute, second and offset hours and minutes name a real time. */
function isCalendarTime([year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offH = 0, offM = 0]: number[]): boolean {
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0); // day 0 of the next month (setUTCFullYear: years 0-99 stay themselves)
  return month >= 1 && month <= 12 && day >= 1 && day <= last.getUTCDate() && hour <= 23 && minute <= 59 && second <= 59 && offH <= 23 && offM <= 59;
}

/** One window of a feed's trend: the generated FeedWindow message. */
export type FeedWindow = FeedWindow__Output;

/**
 * Windows over the feed's whole history up to `to` (so early windows of the range
 * have their baseline), then the range [from, to) is returned.
 */
export async function feedWindows(store: Pick<SentimentStore, 'feedWindowRows'>, scope: Scope, feedId: string, windowMs: number, fromMs: number, toMs: number): Promise<{ windows: FeedWindow[]; slope: number; total: number }> {
  if ((toMs - fromMs) / windowMs > MAX_WINDOWS) throw invalid('window', `the range holds more than ${MAX_WINDOWS} windows; use a longer window or a shorter range`);
  if (toMs <= fromMs) throw invalid('from', 'from must be before to');
  const rows = await store.feedWindowRows(feedId, scope, fromMs, windowMs, toMs, {
    windows: WINDOW_BASELINE, minWindows: WINDOW_MIN_BASELINE, madToSigma: MAD_TO_SIGMA, scoreFloor: WINDOW_SCALE_FLOOR, shiftFloor: SHIFT_SCALE_FLOOR,
  });
  // every window of the range, the empty ones too (count 0), each ending at `to` at the latest: a chart of a feed
  // with quiet days lost those days, and the last window claimed time after `to` that it did not count
  const byWindow = new Map(rows.map((r) => [r.w, r]));
  const windowCount = Math.ceil((toMs - fromMs) / windowMs);
  const windows: FeedWindow[] = [];
  for (let w = 0; w < windowCount; w++) {
    const r = byWindow.get(w);
    windows.push({
      start: new Date(fromMs + w * windowMs).toISOString(),
      end: new Date(Math.min(fromMs + (w + 1) * windowMs, toMs)).toISOString(),
      count: r?.n ?? 0,
      meanScore: r?.mean ?? 0,
      sentiments: SENTIMENT_LEVELS.map((l) => ({ sentiment: l, count: r?.sentiments[l] ?? 0 })),
      emotions: EMOTIONS.map((e, k) => ({ emotion: e, mean: r?.emotions[k] ?? 0 })),
      scoreZ: r?.scoreZ ?? 0,
      emotionShiftZ: r?.shiftZ ?? 0,
      anomalous: r !== undefined && r.n >= WINDOW_MIN_ITEMS && (Math.abs(r.scoreZ) >= Z_THRESHOLD || r.shiftZ >= SHIFT_THRESHOLD),
    });
  }
  // Least-squares slope of mean score over window index.
  const pts = rows.map((r) => [r.w, r.mean] as const);
  let slope = 0;
  if (pts.length >= 2) {
    const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    const sxx = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
    slope = sxx > 0 ? pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / sxx : 0;
  }
  return { windows, slope, total: windows.reduce((a, w) => a + w.count, 0) };
}
