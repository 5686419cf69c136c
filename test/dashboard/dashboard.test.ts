/**
 * The dashboard and GraphiQL in headless Chromium, against a real gateway and core: a feed
 * seeded through the REST API with an injected shift shows on the chart with its anomaly
 * marked, the job view shows the queue (or says plainly that this gateway cannot list jobs),
 * GraphiQL renders and runs a query, and neither page asks anything of another host.
 * Screenshots: test-output/dashboard.png, test-output/graphiql.png.
 *
 * Without a browser the suite is skipped locally, and fails when CI is set (.ci/run installs
 * Debian's chromium).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { startTestGateway, eventually, type TestGateway } from '../support/gateway.js';
import { seededRandom } from '../../src/seededRandom.js';
import { projectRoot } from '../../gateway/paths.js';
import { findChromium, launchChromium } from './browser.js';

const OUTPUT_DIR = join(projectRoot, 'test-output');
// The callbacks given to evaluate/waitForFunction run in the page, where these exist (the project's lib has no DOM).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const sessionStorage: any;
declare const window: any;
type HTMLElement = any;
/* eslint-enable @typescript-eslint/no-explicit-any */
const chromium = findChromium();
if (!chromium && process.env['CI']) {
  throw new Error('CI is set but no Chromium was found (/usr/bin/chromium): .ci/run installs it with apt-get install -y chromium');
}

const POSITIVE = ['Loving the new update, great job team', 'Fantastic service today, thank you', 'This app makes my day so much easier', 'Really happy with my purchase', 'Wonderful experience, highly recommend'];
const NEUTRAL = ['The store opens at nine tomorrow', 'I picked up the parcel this morning', 'The meeting moved to Thursday'];
const NEGATIVE = ['This update is terrible, everything crashes', 'Worst support ever, I am furious', 'Completely broken, I want a refund', 'Awful experience, never again', 'I hate how slow and buggy this is'];
const HOUR = 3_600_000;

type Window = { start: string; count: number; anomalous: boolean };

describe.skipIf(!chromium)('dashboard in headless Chromium', () => {
  let gw: TestGateway;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const feedId = `dash-${Date.now()}`;
  let anomalousStarts: string[] = [];

  beforeAll(async () => {
    gw = await startTestGateway();
    ({ browser, close: closeBrowser } = await launchChromium(chromium as string));
    mkdirSync(OUTPUT_DIR, { recursive: true });

    // 34 hourly windows ending with the last full hour: 30 stable (90 % positive), then 4 negative.
    const base = Math.floor(Date.now() / HOUR) * HOUR - 34 * HOUR;
    const random = seededRandom(7);
    const pick = (xs: string[]) => xs[Math.floor(random() * xs.length)]!;
    const items: { text: string; feedId: string; occurredAt: string }[] = [];
    for (let w = 0; w < 34; w++) {
      for (let k = 0; k < 20; k++) {
        const text = w >= 30 ? pick(NEGATIVE) : random() < 0.9 ? pick(POSITIVE) : pick(NEUTRAL);
        items.push({ text, feedId, occurredAt: new Date(base + w * HOUR + k * 150_000).toISOString() });
      }
    }
    const jobIds: string[] = [];
    for (let i = 0; i < items.length; i += 200) {
      const r = await gw.send('POST', '/v1/analyses:batch', { items: items.slice(i, i + 200) });
      expect([200, 202], r.text).toContain(r.status);
      const data = Array.isArray(r.body.data) ? r.body.data : (r.body.data.items ?? r.body.data.jobs);
      jobIds.push(...(data as { jobId: string }[]).map((d) => d.jobId));
    }
    await eventually(async () => {
      const last = await Promise.all(jobIds.slice(-5).map(async (id) => (await gw.get(`/v1/jobs/${id}`)).body.data.status as string));
      return last.every((st) => st === 'SUCCEEDED');
    }, 90_000, 200);
    const q = `window=1h&from=${new Date(base).toISOString()}&to=${new Date(base + 34 * HOUR).toISOString()}`;
    const anomalies = await gw.get(`/v1/feeds/${feedId}/anomalies?${q}`);
    anomalousStarts = (anomalies.body.data.windows as Window[]).map((w) => w.start);
    // the seeded shift is what the page must show: the first anomalous window is the first negative hour
    expect(anomalousStarts[0]).toBe(new Date(base + 30 * HOUR).toISOString());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await gw?.close();
  });

  /** Records every request the page makes and every console error. */
  function watch(page: Page): { requests: string[]; errors: string[] } {
    const seen = { requests: [] as string[], errors: [] as string[] };
    page.on('request', (r) => { seen.requests.push(r.url()); });
    page.on('console', (m) => { if (m.type() === 'error') seen.errors.push(m.text()); });
    page.on('pageerror', (e) => { seen.errors.push(String(e)); });
    return seen;
  }

  /** Enters the key, then shows the seeded feed by hours over 48 hours, as a person would. */
  async function showSeededFeed(page: Page): Promise<void> {
    await page.type('#key', gw.key);
    await page.click('#key-form button[type=submit]');
    await page.waitForFunction(() => document.getElementById('key-status')?.textContent === 'key accepted', { timeout: 10_000 });
    await page.type('#feed-id', feedId);
    await page.select('#window', '1h');
    await page.select('#range', '48');
    await page.click('#feed-form button[type=submit]');
    await page.waitForFunction((f) => document.body.dataset['feedLoaded'] === f, { timeout: 15_000 }, feedId);
  }

  function offGateway(requests: string[]): string[] {
    return requests.filter((u) => !u.startsWith(`${gw.url}/`) && !u.startsWith('data:'));
  }

  it('shows the seeded feed\'s trend with the anomaly marked, the emotion mix, and the job view', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto(`${gw.url}/dashboard`, { waitUntil: 'networkidle0' });
    expect(await page.title()).toBe('Meridian dashboard');

    await showSeededFeed(page);
    await page.waitForSelector('#score-chart .anomaly-marker', { timeout: 10_000 });

    const view = await page.evaluate(() => ({
      total: document.getElementById('stat-total')?.textContent,
      anomalyCard: document.getElementById('stat-anomalies')?.textContent,
      markers: [...document.querySelectorAll('#score-chart .anomaly-marker')].map((m: HTMLElement) => ({ start: m.dataset['start'], left: parseFloat(m.style.left), title: m.title })),
      plotWidth: document.querySelector('#score-chart .u-over')?.clientWidth ?? 0,
      canvases: document.querySelectorAll('#score-chart canvas, #emotion-chart canvas').length,
      emotionLegend: [...document.querySelectorAll('#emotion-legend li')].map((li: HTMLElement) => li.textContent),
      anomalyRows: [...document.querySelectorAll('#anomaly-windows tbody tr')].map((tr: HTMLElement) => tr.dataset['start']),
      itemRows: document.querySelectorAll('#anomaly-items tbody tr').length,
      message: document.getElementById('feed-message')?.textContent,
    }));
    expect(view.total).toBe('680');
    expect(view.canvases).toBe(2);
    expect(view.anomalyCard).toBe(String(anomalousStarts.length));
    // one marker per anomalous window, at the right place: left to right in time, the first at the shift
    expect(view.markers.map((m) => m.start)).toEqual(anomalousStarts);
    expect(view.markers[0]!.title).toMatch(/^Anomalous window from/);
    for (let i = 1; i < view.markers.length; i++) expect(view.markers[i]!.left).toBeGreaterThan(view.markers[i - 1]!.left);
    // 48 windows across the plot, the shift is the 44th (index 43): the marker sits near 43/47 of the width
    expect(view.markers[0]!.left / view.plotWidth).toBeGreaterThan(0.85);
    expect(view.markers[0]!.left / view.plotWidth).toBeLessThan(0.95);
    expect(view.anomalyRows).toEqual(anomalousStarts);
    expect(view.itemRows).toBeGreaterThan(1); // up to 10, then a "more" line
    expect(view.emotionLegend).toHaveLength(7);
    expect(view.message).toContain('680 texts in 34 of 48 windows');

    // jobs: the list with its queue depth (GET /v1/jobs)
    await page.click('#jobs-form button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('#jobs-table tbody tr code').length === 20, { timeout: 10_000 });
    expect(await page.$eval('#queue-depth', (e) => e.textContent)).toMatch(/^queue \d+$/);
    // a second page stays on screen: the 3 s refresh used to put the first page back a second later. Every change
    // of the table's rows is watched from the second page on, through the refresh the page then makes (it asks for
    // both pages at once, pageSize=40) until the one after it is sent: the rows must never drop below 40.
    await page.click('#jobs-more');
    await page.waitForFunction(() => document.querySelectorAll('#jobs-table tbody tr code').length === 40, { timeout: 10_000 });
    await page.evaluate(() => {
      const body = document.querySelector('#jobs-table tbody');
      const w = window as unknown as { minJobRows: number };
      w.minJobRows = body.querySelectorAll('tr code').length;
      new window.MutationObserver(() => { w.minJobRows = Math.min(w.minJobRows, body.querySelectorAll("tr code").length); }).observe(body, { childList: true, subtree: true });
    });
    const isRefresh = (url: string) => url.startsWith(`${gw.url}/v1/jobs?`) && new URL(url).searchParams.get('pageSize') === '40';
    await page.waitForResponse((r) => isRefresh(r.url()), { timeout: 10_000 });
    await page.waitForRequest((r) => isRefresh(r.url()), { timeout: 10_000 }); // the next refresh: the last one's answer is on screen
    expect(await page.evaluate(() => (window as unknown as { minJobRows: number }).minJobRows)).toBe(40);
    expect(await page.$$eval('#jobs-table tbody tr code', (c) => c.length)).toBe(40);

    await page.screenshot({ path: join(OUTPUT_DIR, 'dashboard.png'), fullPage: true });
    // forgetting the key takes its data off the screen (the feed's texts are in the rationales)
    await page.click('#forget-key');
    expect(await page.$eval('#feed-view', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(await page.$$eval('#jobs-table tbody tr code', (c) => c.length)).toBe(0);
    expect(await page.$eval('#key-status', (e) => e.textContent)).toBe('key forgotten');
    expect(offGateway(seen.requests)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('fits a 375 px phone: no section scrolls sideways; table rows stack as cards, each cell under its column\'s name', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.setViewport({ width: 375, height: 800, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.goto(`${gw.url}/dashboard`, { waitUntil: 'networkidle0' });
    await showSeededFeed(page);
    await page.click('#jobs-form button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('#jobs-table tbody tr code').length === 20, { timeout: 10_000 });
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      // a section that scrolls sideways, named with its widest descendant
      sideways: [...document.querySelectorAll('main section')].filter((s) => !(s as HTMLElement).hidden && s.scrollWidth > s.clientWidth + 1).map((s) => {
        const widest = [...s.querySelectorAll('*')].reduce((w, e) => (e.getBoundingClientRect().right > w.getBoundingClientRect().right ? e : w));
        return `${s.id} (${s.scrollWidth} > ${s.clientWidth} px): ${widest.tagName.toLowerCase()}${widest.id ? `#${widest.id}` : ''}.${String(widest.className)} right ${Math.round(widest.getBoundingClientRect().right)} px of ${Math.round(s.getBoundingClientRect().right)}`;
      }),
      jobCell: (() => { const td = document.querySelector('#jobs-table tbody tr td:nth-child(2)') as HTMLElement; return { label: td.dataset['label'], before: window.getComputedStyle(td, '::before').content }; })(),
      windowLabels: [...document.querySelectorAll('#anomaly-windows tbody tr:first-child td')].map((td) => (td as HTMLElement).dataset['label']),
    }));
    await page.screenshot({ path: join(OUTPUT_DIR, 'dashboard-phone.png'), fullPage: true });
    await page.$eval('#anomaly-windows', (e) => e.scrollIntoView());
    await page.screenshot({ path: join(OUTPUT_DIR, 'dashboard-phone-table.png') }); // one screen, to look at
    expect(layout.page).toBeLessThanOrEqual(375);
    expect(layout.sideways).toEqual([]);
    expect(layout.jobCell).toEqual({ label: 'State', before: '"State"' });
    expect(layout.windowLabels).toEqual(['Window start', 'Texts', 'Mean score', 'Score z', 'Emotion shift z']);
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it('refuses a wrong key with the gateway\'s message, and keeps nothing', async () => {
    const page = await browser.newPage();
    await page.goto(`${gw.url}/dashboard`, { waitUntil: 'networkidle0' });
    // no key yet: a feed asks for one (it said "The key was refused" once unknown keys became 401)
    await page.type('#feed-id', 'no-key-yet');
    await page.click('#feed-form button[type=submit]');
    await page.waitForFunction(() => /No key: Enter an API key first/.test(document.getElementById('feed-message')?.textContent ?? ''), { timeout: 10_000 });
    await page.type('#key', 'mrd_000000000000_not-a-real-key-at-all-xxxxxxxxxxxxxxxxxx');
    await page.click('#key-form button[type=submit]');
    await page.waitForFunction(() => /refused/.test(document.getElementById('key-status')?.textContent ?? ''), { timeout: 10_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('meridian.dashboard.key'))).toBeNull();
    await page.close();
  });

  it('GraphiQL renders from the gateway\'s own files and runs a query with the key', async () => {
    const page = await browser.newPage();
    const seen = watch(page);
    await page.goto(`${gw.url}/dashboard`, { waitUntil: 'networkidle0' });
    await page.evaluate((k) => sessionStorage.setItem('meridian.dashboard.key', k), gw.key);
    await page.goto(`${gw.url}/graphiql`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.graphiql-container', { timeout: 15_000 });
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(() => /"totalCount"/.test(document.querySelector('.graphiql-response')?.textContent ?? ''), { timeout: 15_000 });
    const response = await page.$eval('.graphiql-response', (e) => e.textContent ?? '');
    expect(response).toContain('San Francisco');
    await page.screenshot({ path: join(OUTPUT_DIR, 'graphiql.png') });
    expect(offGateway(seen.requests)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.close();
  });
});
