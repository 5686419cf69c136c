/* Meridian dashboard: a feed's sentiment trend, emotion mix and anomalies, and the job queue.
 * Plain browser script (no build step) over the public REST API of the gateway that serves it,
 * with the key the user enters (session storage of this tab only), charts by uPlot (served by
 * the gateway from its npm package). Nothing is loaded from anywhere else. */
/* global document, window, sessionStorage, localStorage, fetch, URLSearchParams, setInterval, clearInterval, uPlot */
'use strict';

(function dashboard() {
  const KEY_ITEM = 'meridian.dashboard.key';
  const RECENT_ITEM = 'meridian.dashboard.recentFeeds';
  const WINDOW_MS = { '15m': 900e3, '1h': 3600e3, '6h': 21600e3, '1d': 86400e3 };
  const EMOTION_COLORS = {
    ANGER: '#d62728', DISGUST: '#8c8c2d', FEAR: '#9467bd', HAPPINESS: '#f2b705', NEUTRAL: '#a0a7b4', SADNESS: '#1f77b4', SURPRISE: '#17becf',
  };
  const STATE_COLORS = { PENDING: '#a0a7b4', PROCESSING: '#2563eb', SUCCEEDED: '#2ca02c', FAILED: '#d62728', CANCELED: '#5d6777', DELETED: '#c9ced6' };

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs = {}, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'class') e.className = v;
      else if (k === 'style') Object.assign(e.style, v);
      else if (k === 'dataset') Object.assign(e.dataset, v);
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c instanceof window.Node ? c : document.createTextNode(String(c)));
    return e;
  };
  const fmt = (n, digits = 2) => (typeof n === 'number' && Number.isFinite(n) ? n.toFixed(digits) : '–');
  const fmtTime = (iso) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '–');
  const setMessage = (id, text, kind = '') => { const m = $(id); m.textContent = text; m.className = `message ${kind}`; };

  // ---- key -------------------------------------------------------------------------------
  let apiKey = sessionStorage.getItem(KEY_ITEM) || '';
  function showKeyStatus(text, ok) { const s = $('key-status'); s.textContent = text; s.className = `status ${ok ? 'ok' : 'bad'}`; }

  /** Calls the gateway's REST API; resolves {status, body} (body: the envelope, or null). */
  async function api(path) {
    if (!apiKey) throw new ApiError(401, 'Enter an API key first (npm start prints where the local key is: state/local-key.txt).');
    let res;
    try {
      res = await fetch(path, { headers: { 'X-Gateway-Key': apiKey, Accept: 'application/json' }, cache: 'no-store' });
    } catch (e) {
      throw new ApiError(0, `The gateway did not answer (${e.message}).`);
    }
    let body;
    try { body = await res.json(); } catch { body = null; }
    if (!res.ok) {
      const err = body && Array.isArray(body.errors) && body.errors[0];
      throw new ApiError(res.status, err ? err.message : `HTTP ${res.status}`, err ? err.code : '');
    }
    return { status: res.status, body };
  }
  class ApiError extends Error {
    constructor(status, message, code = '') { super(message); this.status = status; this.code = code; }
    get noRoute() { return this.status === 404 && /^no route /.test(this.message); }
  }

  function explain(e) {
    if (!(e instanceof ApiError)) return `Unexpected error: ${e.message}`;
    // 401: no key (the gateway's "missing API key", or this page's own "Enter an API key first"), or a key that is
    // unknown or revoked; 403: a valid key without the scope
    if (e.status === 403 || (e.status === 401 && /not valid|revoked/.test(e.message))) return `The key was refused: ${e.message}`;
    if (e.status === 401) return `No key: ${e.message}`;
    if (e.status === 429) return `Rate limited: ${e.message}`;
    return e.message;
  }

  // ---- feed ------------------------------------------------------------------------------
  let scorePlot = null;
  let emotionPlot = null;
  let lastFeed = null;

  function readHash() {
    const p = new URLSearchParams(window.location.hash.slice(1));
    if (p.get('feed')) $('feed-id').value = p.get('feed');
    if (p.get('window') && WINDOW_MS[p.get('window')]) $('window').value = p.get('window');
    if (p.get('range')) $('range').value = p.get('range');
  }

  function rememberFeed(feed) {
    let recent;
    try { recent = JSON.parse(localStorage.getItem(RECENT_ITEM) || '[]'); } catch { recent = []; }
    recent = [feed, ...recent.filter((f) => f !== feed)].slice(0, 12);
    try { localStorage.setItem(RECENT_ITEM, JSON.stringify(recent)); } catch { /* storage may be off */ }
    fillRecent(recent);
  }
  function fillRecent(recent) {
    const list = $('recent-feeds');
    list.replaceChildren(...recent.map((f) => el('option', { value: f })));
  }

  /** [from, to) aligned to whole windows (the core counts windows from `from`), ending with the current one. */
  function rangeOf(win, count) {
    const ms = WINDOW_MS[win];
    const end = (Math.floor(Date.now() / ms) + 1) * ms;
    return { from: new Date(end - count * ms).toISOString(), to: new Date(end).toISOString() };
  }

  let feedSeq = 0;
  /** A feed was asked for (Show, a link): the 15 s refresh goes on through a failed load (a core restarting). */
  let feedAsked = false;
  async function loadFeed() {
    const feed = $('feed-id').value.trim();
    if (!feed) return;
    feedAsked = true;
    const win = $('window').value;
    const count = Number($('range').value);
    const { from, to } = rangeOf(win, count);
    window.history.replaceState(null, '', `#${new URLSearchParams({ feed, window: win, range: String(count) })}`);
    const q = `window=${encodeURIComponent(win)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const base = `/v1/feeds/${encodeURIComponent(feed)}`;
    setMessage('feed-message', `Loading ${feed}…`);
    const seq = ++feedSeq;
    try {
      const [trend, anomalies] = await Promise.all([api(`${base}/trend?${q}`), api(`${base}/anomalies?${q}`)]);
      if (seq !== feedSeq) return; // a later load or another key supersedes this answer
      lastFeed = { feed, trend: trend.body.data, anomalies: anomalies.body.data, grid: windowGrid(trend.body.data.windows, from, win, count) };
      rememberFeed(feed);
      renderFeed(lastFeed);
      const t = lastFeed.trend;
      setMessage('feed-message', t.totalCount > 0
        ? `${feed}: ${t.totalCount} texts in ${t.windows.filter((w) => w.count > 0).length} of ${count} windows of ${win}, ${fmtTime(from)} – ${fmtTime(to)}.`
        : `${feed} has no texts between ${fmtTime(from)} and ${fmtTime(to)}. Texts sent with this feedId appear here.`);
      document.body.dataset.feedLoaded = feed;
    } catch (e) {
      if (seq !== feedSeq) return;
      // a refused key, an unknown feed or another feed than the one shown: its data is not left under the error
      // (a passing failure, such as a core restarting, leaves the last data with the message)
      if ((e instanceof ApiError && [401, 403, 404].includes(e.status)) || (lastFeed && lastFeed.feed !== feed)) {
        lastFeed = null;
        $('feed-view').hidden = true;
        delete document.body.dataset.feedLoaded;
      }
      setMessage('feed-message', explain(e), 'bad');
    }
  }

  /** Every window of the range in order: the core answers the non-empty ones only; the others are gaps. */
  function windowGrid(windows, from, win, count) {
    const ms = WINDOW_MS[win];
    const byStart = new Map(windows.map((w) => [Date.parse(w.start), w]));
    const start = Date.parse(from);
    const grid = [];
    for (let i = 0; i < count; i++) {
      const t = start + i * ms;
      grid.push(byStart.get(t) || { start: new Date(t).toISOString(), count: 0, meanScore: 0, emotions: [], sentiments: [], scoreZ: 0, emotionShiftZ: 0, anomalous: false });
    }
    return grid;
  }

  function renderFeed({ trend, anomalies, grid }) {
    $('feed-view').hidden = false;
    const windows = grid;
    const filled = windows.filter((w) => w.count > 0);
    const total = filled.reduce((s, w) => s + w.count, 0);
    const mean = total ? filled.reduce((s, w) => s + w.meanScore * w.count, 0) / total : NaN;
    $('stat-total').textContent = String(trend.totalCount ?? total);
    $('stat-mean').textContent = fmt(mean);
    $('stat-slope').textContent = `${trend.slopePerWindow > 0 ? '+' : ''}${fmt(trend.slopePerWindow, 3)}`;
    $('stat-anomalies').textContent = String(anomalies.windows.length);

    const xs = windows.map((w) => Date.parse(w.start) / 1000);
    const scores = windows.map((w) => (w.count > 0 ? w.meanScore : null));
    scorePlot = drawScoreChart(scorePlot, xs, scores, windows);
    emotionPlot = drawEmotionChart(emotionPlot, xs, windows);
    renderMix(filled, total);
    renderAnomalyTables(anomalies);
  }

  function chartWidth(id) { return Math.max(320, $(id).clientWidth || 800); }

  /** Places one DOM marker per anomalous window over the plot (readable by people, tooltips and tests). */
  function placeMarkers(u, windows) {
    for (const m of u.over.querySelectorAll('.anomaly-marker')) m.remove();
    for (const w of windows) {
      if (!w.anomalous) continue;
      const x = u.valToPos(Date.parse(w.start) / 1000, 'x');
      if (!(x >= 0 && x <= u.over.clientWidth)) continue;
      u.over.append(el('div', {
        class: 'anomaly-marker', style: { left: `${x}px` }, dataset: { start: w.start },
        title: `Anomalous window from ${fmtTime(w.start)}: ${w.count} texts, mean ${fmt(w.meanScore)}, score z ${fmt(w.scoreZ)}, emotion shift z ${fmt(w.emotionShiftZ)}`,
      }));
    }
  }

  function drawScoreChart(prev, xs, scores, windows) {
    if (prev) prev.destroy();
    const anomalyPoints = windows.map((w) => (w.anomalous && w.count > 0 ? w.meanScore : null));
    const counts = windows.map((w) => w.count);
    const opts = {
      width: chartWidth('score-chart'), height: 260,
      scales: { x: { time: true }, score: { range: [-1, 1] }, count: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.15] } },
      axes: [
        {},
        { scale: 'score', label: 'mean score', values: (_u, vals) => vals.map((v) => v.toFixed(1)) },
        { scale: 'count', side: 1, label: 'texts', grid: { show: false } },
      ],
      series: [
        { label: 'window' },
        { label: 'texts', scale: 'count', stroke: '#cbd5e1', fill: 'rgba(203, 213, 225, .35)', paths: uPlot.paths.bars({ size: [0.8, 40] }), points: { show: false } },
        { label: 'mean score', scale: 'score', stroke: '#2563eb', width: 2, spanGaps: false, points: { size: 5 }, value: (_u, v) => fmt(v) },
        { label: 'anomalous', scale: 'score', stroke: '#d62728', width: 0, paths: () => null, points: { show: true, size: 11, width: 2, fill: '#d62728', stroke: '#fff' }, value: (_u, v) => (v == null ? '' : fmt(v)) },
      ],
      hooks: {
        draw: [(u) => placeMarkers(u, windows)],
        drawClear: [(u) => {
          // zero line
          const ctx = u.ctx; const y = u.valToPos(0, 'score', true);
          ctx.save(); ctx.strokeStyle = '#94a3b8'; ctx.setLineDash([4, 4]); ctx.beginPath();
          ctx.moveTo(u.bbox.left, y); ctx.lineTo(u.bbox.left + u.bbox.width, y); ctx.stroke(); ctx.restore();
        }],
      },
    };
    const target = $('score-chart');
    target.replaceChildren();
    return new uPlot(opts, [xs, counts, scores, anomalyPoints], target);
  }

  function drawEmotionChart(prev, xs, windows) {
    if (prev) prev.destroy();
    const names = Object.keys(EMOTION_COLORS);
    const means = names.map((n) => windows.map((w) => {
      if (!w.count) return null;
      const e = w.emotions.find((x) => x.emotion === n);
      return e ? e.mean : 0;
    }));
    // stacked: series i holds the sum of emotions 0..i; bands fill between i and i-1
    const stacked = [];
    means.forEach((row, i) => stacked.push(row.map((v, j) => (v == null ? null : v + (i ? stacked[i - 1][j] : 0)))));
    const series = [{ label: 'window' }];
    names.forEach((n, i) => series.push({
      label: n.toLowerCase(), stroke: EMOTION_COLORS[n], fill: `${EMOTION_COLORS[n]}cc`, width: 1, points: { show: false },
      value: (_u, _v, _s, idx) => (idx == null || means[i][idx] == null ? '–' : `${Math.round(means[i][idx] * 100)}%`),
    }));
    const bands = names.slice(1).map((_n, i) => ({ series: [i + 2, i + 1] }));
    const opts = {
      width: chartWidth('emotion-chart'), height: 220,
      scales: { x: { time: true }, y: { range: [0, 1] } },
      axes: [{}, { values: (_u, vals) => vals.map((v) => `${Math.round(v * 100)}%`) }],
      series, bands,
    };
    const target = $('emotion-chart');
    target.replaceChildren();
    return new uPlot(opts, [xs, ...stacked], target);
  }

  function renderMix(filled, total) {
    const names = Object.keys(EMOTION_COLORS);
    const mix = names.map((n) => (total ? filled.reduce((s, w) => s + w.count * ((w.emotions.find((e) => e.emotion === n) || { mean: 0 }).mean), 0) / total : 0));
    $('emotion-mix').setAttribute('aria-label', names.map((n, i) => `${n.toLowerCase()} ${Math.round(mix[i] * 100)}%`).join(', '));
    $('emotion-mix').replaceChildren(...names.map((n, i) => el('span', { title: `${n.toLowerCase()} ${Math.round(mix[i] * 100)}%`, style: { width: `${mix[i] * 100}%`, background: EMOTION_COLORS[n] } })));
    $('emotion-legend').replaceChildren(...names.map((n, i) => el('li', {}, el('i', { style: { background: EMOTION_COLORS[n] } }), `${n.toLowerCase()} ${Math.round(mix[i] * 100)}%`)));
  }

  function renderAnomalyTables(anomalies) {
    const wrows = anomalies.windows.map((w) => el('tr', { dataset: { start: w.start } },
      el('td', {}, fmtTime(w.start)), el('td', {}, w.count), el('td', {}, fmt(w.meanScore)), el('td', {}, fmt(w.scoreZ)), el('td', {}, fmt(w.emotionShiftZ))));
    $('anomaly-windows').tBodies[0].replaceChildren(...(wrows.length ? wrows : [el('tr', {}, el('td', { colspan: '5', class: 'empty' }, 'No anomalous window in this range.'))]));
    const irows = anomalies.items.slice(0, 10).map((a) => el('tr', {},
      el('td', {}, fmtTime(a.occurredAt || a.createdAt)), el('td', {}, a.sentiment || '–'), el('td', {}, fmt(a.sentimentScore)),
      el('td', {}, fmt(a.feedAnomaly && a.feedAnomaly.zScore)), el('td', {}, a.rationale || '')));
    if (anomalies.items.length > irows.length) irows.push(el('tr', {}, el('td', { colspan: '5', class: 'empty' }, `… and ${anomalies.items.length - irows.length} more (GET /v1/feeds/{id}/anomalies lists up to 100).`)));
    $('anomaly-items').tBodies[0].replaceChildren(...(irows.length ? irows : [el('tr', {}, el('td', { colspan: '5', class: 'empty' }, 'No anomalous text.'))]));
  }

  // ---- jobs ------------------------------------------------------------------------------
  let jobsToken = '';
  /** Pages of the job list on screen: the 3 s refresh reloads as many rows at once (states, queue and batch stay live). */
  let jobsPages = 1;
  let jobsSeq = 0;
  /** A "Next page" load in flight: the refresh waits for it rather than supersede it. */
  let loadingMore = false;
  async function loadJobs(append = false, refresh = false) {
    const size = refresh ? Math.min(1000, 20 * jobsPages) : 20;
    const params = new URLSearchParams({ pageSize: String(size) });
    if ($('job-state').value) params.set('state', $('job-state').value);
    if ($('job-feed').value.trim()) params.set('feedId', $('job-feed').value.trim());
    const batch = $('batch-id').value.trim();
    if (batch) params.set('batchId', batch);
    if (append && jobsToken) params.set('pageToken', jobsToken);
    const messages = [];
    const seq = ++jobsSeq;
    try {
      const { body } = await api(`/v1/jobs?${params}`);
      if (seq !== jobsSeq) return; // a later load (another page, a refresh, a new key) supersedes this answer
      const meta = body.metadata || {};
      jobsToken = meta.nextPageToken || '';
      $('jobs-more').hidden = !jobsToken;
      $('queue-depth').textContent = `queue ${typeof meta.queueDepth === 'number' || typeof meta.queueDepth === 'string' ? meta.queueDepth : '–'}`;
      renderJobs(body.data || [], append);
      if (!refresh) jobsPages = append ? jobsPages + 1 : 1;
    } catch (e) {
      if (seq !== jobsSeq) return;
      $('jobs-more').hidden = true;
      if (e instanceof ApiError && e.noRoute) {
        messages.push({ text: 'This gateway does not list jobs (GET /v1/jobs is missing: it comes with the jobs API of a newer Meridian). Look a job up with GET /v1/jobs/{id}.', kind: 'warn' });
        $('queue-depth').textContent = 'queue n/a';
        $('jobs-table').tBodies[0].replaceChildren(el('tr', {}, el('td', { colspan: '6', class: 'empty' }, 'Job list not available on this gateway.')));
      } else messages.push({ text: explain(e), kind: 'bad' });
    }
    if (batch) {
      try {
        const { body } = await api(`/v1/batches/${encodeURIComponent(batch)}`);
        if (seq !== jobsSeq) return;
        renderBatch(body.data);
      } catch (e) {
        if (seq !== jobsSeq) return;
        $('batch-view').hidden = true;
        if (e instanceof ApiError && e.noRoute) messages.push({ text: 'This gateway has no batch progress (GET /v1/batches/{id} is missing).', kind: 'warn' });
        else messages.push({ text: `Batch ${batch}: ${explain(e)}`, kind: 'bad' });
      }
    } else $('batch-view').hidden = true;
    setMessage('jobs-message', messages.map((m) => m.text).join(' '), messages.some((m) => m.kind === 'bad') ? 'bad' : messages.length ? 'warn' : '');
  }

  function renderJobs(jobs, append) {
    const rows = jobs.map((j) => el('tr', {},
      el('td', {}, el('code', {}, j.jobId)), el('td', { class: `state-${j.status}` }, j.status), el('td', {}, j.feedId || '–'),
      el('td', {}, fmtTime(j.createdAt)), el('td', {}, fmtTime(j.updatedAt)), el('td', {}, j.attempts ?? '–')));
    const body = $('jobs-table').tBodies[0];
    if (append) body.append(...rows);
    else body.replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: '6', class: 'empty' }, 'No job matches.'))]));
  }

  function renderBatch(b) {
    $('batch-view').hidden = false;
    const counts = b.counts || {};
    const total = Number(b.total) || Object.values(counts).reduce((s, n) => s + Number(n), 0);
    const finished = ['SUCCEEDED', 'FAILED', 'CANCELED'].reduce((s, k) => s + Number(counts[k] || 0), 0);
    const deleted = Number(counts.DELETED || 0);
    $('batch-summary').textContent = `Batch ${b.batchId}: ${finished} of ${total - deleted} finished${deleted ? ` (${deleted} more deleted)` : ''}${b.done ? ' (done)' : ''} · ${Object.keys(STATE_COLORS).map((k) => `${k.toLowerCase()} ${counts[k] || 0}`).join(', ')}`;
    $('batch-bar').replaceChildren(...Object.keys(STATE_COLORS).map((k) => el('span', { title: `${k} ${counts[k] || 0}`, style: { width: `${total ? (100 * Number(counts[k] || 0)) / total : 0}%`, background: STATE_COLORS[k] } })));
  }

  // ---- wiring ----------------------------------------------------------------------------
  let feedTimer = null;
  let jobsTimer = null;
  function schedule() {
    if (feedTimer) clearInterval(feedTimer);
    if (jobsTimer) clearInterval(jobsTimer);
    feedTimer = setInterval(() => { if ($('auto-refresh').checked && apiKey && feedAsked && !document.hidden) loadFeed(); }, 15_000);
    jobsTimer = setInterval(() => { if (apiKey && !document.hidden && !loadingMore) loadJobs(false, true); }, 3_000);
  }

  /** Takes every key's data off the screen (a key forgotten, refused or changed). */
  function clearData() {
    jobsSeq++; // answers still on their way belong to the key before
    feedSeq++;
    feedAsked = false;
    lastFeed = null;
    $('feed-view').hidden = true;
    delete document.body.dataset.feedLoaded;
    setMessage('feed-message', '');
    $('batch-view').hidden = true;
    $('jobs-more').hidden = true;
    jobsToken = '';
    jobsPages = 1;
    $('queue-depth').textContent = 'queue –';
    $('jobs-table').tBodies[0].replaceChildren(el('tr', {}, el('td', { colspan: '6', class: 'empty' }, 'Enter a key to see its jobs.')));
    setMessage('jobs-message', '');
  }

  async function useKey(key) {
    const next = key.trim();
    if (next !== apiKey) clearData();
    apiKey = next;
    if (!apiKey) { showKeyStatus('no key', false); return; }
    try {
      // the smallest read of this key's own data shows whether the gateway accepts it
      await api('/v1/jobs?pageSize=1');
      if (apiKey !== next) return; // another key was entered meanwhile
      sessionStorage.setItem(KEY_ITEM, apiKey);
      showKeyStatus('key accepted', true);
    } catch (e) {
      if (apiKey !== next) return;
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) { clearData(); showKeyStatus(explain(e), false); return; }
      sessionStorage.setItem(KEY_ITEM, apiKey);
      // any answer but 401/403 means the key got through (a gateway without the job list answers 404 "no route")
      const accepted = e instanceof ApiError && (e.status === 400 || e.noRoute);
      showKeyStatus(accepted ? 'key accepted' : explain(e), accepted);
    }
    loadJobs();
    if ($('feed-id').value.trim()) loadFeed();
  }

  function init() {
    try { fillRecent(JSON.parse(localStorage.getItem(RECENT_ITEM) || '[]')); } catch { fillRecent([]); }
    readHash();
    $('key').value = apiKey;
    $('key-form').addEventListener('submit', (ev) => { ev.preventDefault(); useKey($('key').value); });
    $('forget-key').addEventListener('click', () => { sessionStorage.removeItem(KEY_ITEM); apiKey = ''; $('key').value = ''; clearData(); showKeyStatus('key forgotten', false); });
    $('feed-form').addEventListener('submit', (ev) => { ev.preventDefault(); loadFeed(); });
    $('jobs-form').addEventListener('submit', (ev) => { ev.preventDefault(); loadJobs(); });
    $('jobs-more').addEventListener('click', () => {
      loadingMore = true;
      loadJobs(true).finally(() => { loadingMore = false; });
    });
    // each cell names its column (data-label), for the narrow layout where a row stacks as a card (dashboard.css)
    for (const table of document.querySelectorAll('table.stack')) {
      const names = [...table.tHead.rows[0].cells].map((c) => c.textContent);
      const label = () => { for (const tr of table.tBodies[0].rows) [...tr.cells].forEach((td, i) => { if (td.colSpan === 1) td.dataset.label = names[i]; }); };
      new window.MutationObserver(label).observe(table.tBodies[0], { childList: true });
      label();
    }
    window.addEventListener('resize', () => {
      if (scorePlot) scorePlot.setSize({ width: chartWidth('score-chart'), height: 260 });
      if (emotionPlot) emotionPlot.setSize({ width: chartWidth('emotion-chart'), height: 220 });
    });
    if (typeof uPlot !== 'function') { setMessage('feed-message', 'The chart library did not load from /dashboard/vendor/.', 'bad'); return; }
    schedule();
    if (apiKey) useKey(apiKey);
    else showKeyStatus('enter a key', false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
