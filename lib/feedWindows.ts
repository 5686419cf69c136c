/**
 * A feed window's length as the sentiment API writes it ("15m", "1h", "1d"): the core reads it for GetFeedTrend and
 * ListFeedAnomalies (src/sentiment/feedAnalytics.ts parseWindow, which also holds it to 60 s - 30 d), and the gateway
 * prices those calls by their windows before asking (gateway/rest/workPrice.ts).
 */
const WINDOW = /^(\d{1,6})(s|m|h|d)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The window's length in milliseconds ('' is the default, 1h), or NaN for text of another form. */
export function windowLengthMs(raw: string): number {
  const m = WINDOW.exec(raw === '' ? '1h' : raw.trim().toLowerCase());
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : NaN;
}

/** The shortest and longest window the core answers. */
export const MIN_WINDOW_MS = 60_000;
export const MAX_WINDOW_MS = 30 * 86_400_000;
/** The most windows one trend or anomalies call may span. */
export const MAX_FEED_WINDOWS = 2000;
