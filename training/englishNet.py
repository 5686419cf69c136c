#!/usr/bin/env python3
"""The English network (issue 37, point 2; models/general-en.md): token ids from the service's own tokens
(src/sentiment/englishNetInput.ts, exported with their splits by training/exportEnglishRows.ts) -> frozen GloVe 6B
100d vectors (the most frequent --glove-words words of data/build/glove-6b-100d-100000.bin) plus learnt rows for
the training tokens GloVe lacks, each token's vector split by its negation scope (negated words read through weights
of their own) with a lexicon-prior embedding -> 1-D convolutions of widths 1-3 -> attention pooling -> one linear
layer for the polarity (3) and emotion (7) heads. The logits decompose exactly per token:
logit_c = sum_t a_t * (W_c . h_t) + b_c; the graph exports those shares (`contributions`).

Python is for training only (Debian python3-torch 1.13 CPU, python3-onnx); the service does not read this network
(models/general-en.md, "Tried, not kept": it did not win cross-source clearly enough to replace the expert).

  npm run build && node dist/training/exportEnglishRows.js        # data/build/english-rows.jsonl
  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/englishNet.py --cross-source --folds=umsab,goemotions,nusax,emobank --seeds=7,8
  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/englishNet.py --train --out=DIR   # evaluation fit, shipped fit, ONNX, reference, cuts
  npm run build && node dist/training/checkEnglishNet.js --dir=DIR   # the ONNX as the service would feed it vs the reference

(`npm run train:english-nn -- ARGS` runs the export and then this script with ARGS, PYTHON=/usr/bin/python3 where the
first python3 on PATH has no torch.) Settings were chosen with --probe (each fold scored on the left-out source's
training rows, never its held-out rows); the defaults are the chosen ones (1 epoch, source weights ^0.5). --arch=gru
was a probe only: its backward pass reads the padding, so a text's answer would depend on its batch. Debian's torch
uses the reference BLAS unless libopenblas0-pthread is installed (Linear layers ~75x slower). Seeded; --threads
(default 1, at most 2) torch threads.
"""
import argparse
import hashlib
import json
import math
import os
import random
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROWS = os.path.join(ROOT, 'data', 'build', 'english-rows.jsonl')
GLOVE = os.path.join(ROOT, 'data', 'build', 'glove-6b-100d-100000.bin')
POLARITIES = ['NEGATIVE', 'NEUTRAL', 'POSITIVE']
EMOTIONS = ['ANGER', 'DISGUST', 'FEAR', 'HAPPINESS', 'NEUTRAL', 'SADNESS', 'SURPRISE']
PAD, UNK, BOS = 0, 1, 2
SPECIALS = 3
TRAIN_TOKENS = 96


def log(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def load_glove(words_kept):
    with open(GLOVE, 'rb') as f:
        buf = f.read()
    n, wl = struct.unpack_from('<II', buf, 0)
    words = buf[8:8 + wl].decode('utf8').split('\n')
    vecs = np.frombuffer(buf, dtype=np.float32, count=n * 100, offset=8 + wl).reshape(n, 100)
    k = min(words_kept, n)
    return words[:k], vecs[:k].copy()


MAX_SUBWORDS = 24  # englishNetInput.ts MAX_SUBWORDS


def load_rows(path):
    """The rows; each token's hashed features go to r['sub'], an int32 [tokens, MAX_SUBWORDS] array (-1: none)."""
    rows = []
    with open(path, encoding='utf8') as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            toks = r['tokens']
            sub = np.full((len(toks), MAX_SUBWORDS), -1, dtype=np.int32)
            for t, tok in enumerate(toks):
                ids = tok[3] if len(tok) > 3 else []
                sub[t, :len(ids)] = ids
            r['sub'] = sub
            r['tokens'] = [tok[:3] for tok in toks]
            rows.append(r)
    return rows


class Vocab:
    """Rows: PAD, UNK, BOS, the GloVe words (frozen), then the training tokens GloVe lacks (seen >= min_count times)."""

    def __init__(self, glove_words, rows, min_count):
        self.glove = len(glove_words)
        self.index = {w: SPECIALS + i for i, w in enumerate(glove_words)}
        counts = {}
        for r in rows:
            for tok, _, _ in r['tokens']:
                if resolve(self.index, tok) is None:
                    counts[tok] = counts.get(tok, 0) + 1
        self.extra = sorted((w for w, c in counts.items() if c >= min_count), key=lambda w: (-counts[w], w))
        for i, w in enumerate(self.extra):
            self.index[w] = SPECIALS + self.glove + i
        self.size = SPECIALS + self.glove + len(self.extra)

    def words(self):
        inv = [''] * (self.size - SPECIALS)
        for w, i in self.index.items():
            inv[i - SPECIALS] = w
        return inv


def resolve(index, tok):
    """englishNetInput.ts tokenRow: the token itself, else a hashtag's word."""
    i = index.get(tok)
    if i is None and len(tok) > 1 and tok[0] == '#':
        i = index.get(tok[1:])
    return i


def encode(vocab, r, limit, sub_bits=0):
    toks = r['tokens'][:limit] if limit else r['tokens']
    ids = [BOS] + [resolve(vocab.index, t[0]) or UNK for t in toks]
    neg = [0] + [t[1] for t in toks]
    prior = [0] + [t[2] for t in toks]
    out = (torch.tensor(ids, dtype=torch.long), torch.tensor(neg, dtype=torch.float32), torch.tensor(prior, dtype=torch.long))
    if sub_bits:
        # the token's hashed features folded to sub_bits, + 1 (0: none); BOS has none
        raw = r['sub'][:len(toks)]
        sub = np.where(raw >= 0, (raw & ((1 << sub_bits) - 1)) + 1, 0)
        out = out + (torch.tensor(np.concatenate([np.zeros((1, MAX_SUBWORDS), dtype=np.int64), sub.astype(np.int64)])),)
    return out


class Net(nn.Module):
    def __init__(self, glove_vecs, n_learnt, n_prior, channels, widths, att, dropout, proj=64, prior_dims=16, arch='cnn', word_dropout=0.0, sub_bits=0, sub_dims=32, pool='att'):
        super().__init__()
        self.register_buffer('glove', torch.tensor(glove_vecs))
        self.n_glove = glove_vecs.shape[0]
        self.learnt = nn.Embedding(n_learnt, 100)  # PAD, UNK, BOS, then the extra tokens
        nn.init.normal_(self.learnt.weight, 0, 0.1)
        with torch.no_grad():
            self.learnt.weight[PAD].zero_()
        self.prior = nn.Embedding(n_prior, prior_dims)
        nn.init.normal_(self.prior.weight, 0, 0.1)
        with torch.no_grad():
            self.prior.weight[0].zero_()
        self.sub_bits = sub_bits
        self.pool = pool
        if sub_bits:
            # fastText-style subwords: the token's hashed features (featuriser buckets folded to sub_bits), summed
            self.sub = nn.Embedding((1 << sub_bits) + 1, sub_dims, sparse=True)
            nn.init.normal_(self.sub.weight, 0, 0.05)
            with torch.no_grad():
                self.sub.weight[0].zero_()
        d_in = 200 + prior_dims + (sub_dims if sub_bits else 0)
        self.widths = widths
        # one per-token projection first (the convolutions then read `proj` numbers, not d_in: half the work)
        self.proj = nn.Linear(d_in, proj)
        self.arch = arch
        self.word_dropout = word_dropout
        if arch == 'gru':
            self.gru = nn.GRU(proj, channels, batch_first=True, bidirectional=True)
            self.width = 2 * channels
        else:
            self.convs = nn.ModuleList([nn.Conv1d(proj, channels, k) for k in widths])
            self.width = channels * len(widths)
        self.att_u = nn.Linear(self.width, att)
        self.att_v = nn.Linear(att, 1, bias=False)
        self.out = nn.Linear(self.width, len(POLARITIES) + len(EMOTIONS))
        self.p_drop = dropout

    def dropout(self, x, p):
        """Inverted dropout from torch.rand (this build's bernoulli_ is several times slower)."""
        if not self.training or p <= 0:
            return x
        return x * ((torch.rand_like(x) >= p).float() / (1 - p))

    def vectors(self, ids):
        """Each id's 100-d vector: the learnt table for PAD/UNK/BOS and the extra tokens, GloVe's frozen rows between."""
        is_glove = (ids >= SPECIALS) & (ids < SPECIALS + self.n_glove)
        g = self.glove[(ids - SPECIALS).clamp(0, self.n_glove - 1)]
        learnt_id = torch.where(ids >= SPECIALS + self.n_glove, ids - self.n_glove, torch.where(is_glove, torch.zeros_like(ids), ids))
        l = self.learnt(learnt_id)
        return torch.where(is_glove.unsqueeze(-1), g, l)

    def forward(self, ids, neg, prior, mask, sub=None):
        """ids, prior: int64 [B, T]; neg, mask: float [B, T]. Returns logits [B, 10], contributions [B, T, 10]."""
        if self.training and self.word_dropout > 0:
            ids = torch.where((torch.rand(ids.shape) < self.word_dropout) & (ids > BOS), torch.full_like(ids, UNK), ids)
        e = self.vectors(ids)
        n = neg.unsqueeze(-1)
        parts = [e * (1 - n), e * n, self.prior(prior)]
        if self.sub_bits:
            k = (sub > 0).float().sum(-1, keepdim=True).clamp(min=1)
            parts.append(self.sub(sub).sum(2) / k.sqrt())
        x = torch.cat(parts, dim=-1)
        # padding reads as zeros, as beyond the text's ends: a text's answer does not depend on its batch
        x = self.proj(self.dropout(x, self.p_drop / 2)) * mask.unsqueeze(-1)  # [B, T, proj]
        if self.arch == 'gru':
            h = self.gru(x)[0]
        else:
            x = x.transpose(1, 2)
            hs = []
            for k, conv in zip(self.widths, self.convs):
                left = (k - 1) // 2
                hs.append(F.relu(conv(F.pad(x, (left, k - 1 - left)))))
            h = torch.cat(hs, dim=1).transpose(1, 2)  # [B, T, C]
        h = h * mask.unsqueeze(-1)
        h = self.dropout(h, self.p_drop)
        if self.pool == 'mean':
            a = mask / mask.sum(1, keepdim=True)
        else:
            s = self.att_v(torch.tanh(self.att_u(h))).squeeze(-1) + (mask - 1) * 1e4
            a = torch.softmax(s, dim=1)
        per_token = torch.matmul(h, self.out.weight.t())  # [B, T, 10]
        contributions = a.unsqueeze(-1) * per_token
        logits = contributions.sum(dim=1) + self.out.bias
        return logits, contributions


def batches(encoded, idx, size, rng):
    """Seeded batches of rows of similar length (less padding): shuffle, sort within windows of 50 batches, shuffle the batches."""
    order = list(idx)
    rng.shuffle(order)
    window = size * 50
    chunks = []
    for w in range(0, len(order), window):
        part = sorted(order[w:w + window], key=lambda i: len(encoded[i][0]))
        chunks.extend(part[i:i + size] for i in range(0, len(part), size))
    rng.shuffle(chunks)
    yield from chunks


def collate(encoded, chunk):
    T = max(len(encoded[i][0]) for i in chunk)
    B = len(chunk)
    ids = torch.zeros(B, T, dtype=torch.long)
    prior = torch.zeros(B, T, dtype=torch.long)
    neg = torch.zeros(B, T)
    mask = torch.zeros(B, T)
    with_sub = len(encoded[chunk[0]]) > 3
    sub = torch.zeros(B, T, MAX_SUBWORDS, dtype=torch.long) if with_sub else None
    for b, i in enumerate(chunk):
        e = encoded[i]
        L = len(e[0])
        ids[b, :L] = e[0]
        neg[b, :L] = e[1]
        prior[b, :L] = e[2]
        mask[b, :L] = 1
        if with_sub:
            sub[b, :L] = e[3]
    return (ids, neg, prior, mask) + ((sub,) if with_sub else ())


def class_weights(rows, idx):
    """Per head N / (K * N_c) over the rows with that head's gold (train.ts classWeights, classBalance 1)."""
    pc = np.zeros(3)
    ec = np.zeros(7)
    for i in idx:
        r = rows[i]
        if 'polarity' in r:
            pc[r['polarity']] += 1
        for c in r.get('emotions', []):
            ec[c] += 1
    pw = np.where(pc > 0, pc.sum() / (3 * np.maximum(pc, 1)), 0)
    ew = np.where(ec > 0, ec.sum() / (7 * np.maximum(ec, 1)), 0)
    return torch.tensor(pw, dtype=torch.float32), torch.tensor(ew, dtype=torch.float32)


def all_targets(rows, pw, ew):
    """Every row's targets: polarity class and weight, the emotion gold spread over its labels and its weight (0: no gold)."""
    N = len(rows)
    pol = torch.zeros(N, dtype=torch.long)
    pol_w = torch.zeros(N)
    emo = torch.zeros(N, 7)
    emo_w = torch.zeros(N)
    for i, r in enumerate(rows):
        if 'polarity' in r:
            pol[i] = r['polarity']
            pol_w[i] = pw[r['polarity']]
        es = r.get('emotions', [])
        if es:
            for c in es:
                emo[i, c] = 1 / len(es)
            emo_w[i] = float(np.mean([ew[c].item() for c in es]))
    return pol, pol_w, emo, emo_w


def train_fit(rows, train_idx, glove_words, glove_vecs, args, seed, label):
    torch.manual_seed(seed)
    rng = random.Random(seed)
    np.random.seed(seed)
    vocab = Vocab(glove_words, [rows[i] for i in train_idx], args.min_count)
    n_prior = 1 + max(max((t[2] for t in r['tokens']), default=0) for r in rows)
    n_prior = max(n_prior, args.prior_codes)
    encoded = {}
    for i in range(len(rows)):
        encoded[i] = encode(vocab, rows[i], TRAIN_TOKENS, args.sub_bits)
    model = Net(glove_vecs, SPECIALS + len(vocab.extra), n_prior, args.channels, [int(k) for k in args.widths.split(',')], args.att, args.dropout, args.proj, arch=args.arch, word_dropout=args.word_dropout, sub_bits=args.sub_bits, sub_dims=args.sub_dims, pool=args.pool)
    dense = [p for n, p in model.named_parameters() if not n.startswith('sub.')]
    opts = [torch.optim.Adam(dense, lr=args.lr)]
    if args.sub_bits:
        opts.append(torch.optim.SparseAdam([model.sub.weight], lr=args.lr))
    pw, ew = class_weights(rows, train_idx)
    T_pol, T_pol_w, T_emo, T_emo_w = all_targets(rows, pw, ew)
    if args.source_balance > 0:
        # each training source's rows weighed by (N / (S * n_source))^alpha, renormalised to a mean of 1 over the rows
        counts = {}
        for i in train_idx:
            counts[rows[i]['source']] = counts.get(rows[i]['source'], 0) + 1
        S, N = len(counts), len(train_idx)
        sw = torch.ones(len(rows))
        for i in train_idx:
            sw[i] = (N / (S * counts[rows[i]['source']])) ** args.source_balance
        sw = sw / sw[torch.tensor(train_idx)].mean()
        T_pol_w = T_pol_w * sw
        T_emo_w = T_emo_w * sw
        log(f'{label}: source weights ' + ', '.join(f'{k} {n} rows x{(N / (S * n)) ** args.source_balance / 1:.2f}' for k, n in sorted(counts.items())))
    steps = args.epochs * math.ceil(len(train_idx) / args.batch)
    scheds = [torch.optim.lr_scheduler.LambdaLR(o, lambda s: max(0.05, 1 - s / steps)) for o in opts]
    started = time.time()
    log(f'{label}: train {len(train_idx)} rows, vocabulary {vocab.glove} GloVe + {len(vocab.extra)} learnt tokens')
    for epoch in range(1, args.epochs + 1):
        model.train()
        total, seen = 0.0, 0
        for k, chunk in enumerate(batches(encoded, train_idx, args.batch, rng)):
            logits, _ = model(*collate(encoded, chunk))
            at = torch.tensor(chunk)
            pol, pol_w, emo, emo_w = T_pol[at], T_pol_w[at], T_emo[at], T_emo_w[at]
            lp = F.cross_entropy(logits[:, :3], pol, reduction='none') * pol_w
            le = -(emo * F.log_softmax(logits[:, 3:], dim=1)).sum(1) * emo_w
            loss = (lp.sum() + le.sum()) / len(chunk)
            for o in opts:
                o.zero_grad()
            loss.backward()
            for o, sc in zip(opts, scheds):
                o.step()
                sc.step()
            total += loss.item() * len(chunk)
            seen += len(chunk)
            if k % 200 == 0:
                sys.stderr.write(f'\r{label}: epoch {epoch}/{args.epochs} {100 * seen / len(train_idx):.0f}% loss {total / seen:.4f}')
        log(f'\r{label}: epoch {epoch}/{args.epochs} loss {total / seen:.4f} ({time.time() - started:.0f} s)')
    model.eval()
    return model, vocab


def predict(model, vocab, rows, idx, limit=None):
    out = []
    with torch.no_grad():
        enc = {i: encode(vocab, rows[i], limit, model.sub_bits) for i in idx}
        order = sorted(idx, key=lambda i: len(enc[i][0]))
        res = {}
        for s in range(0, len(order), 256):
            chunk = order[s:s + 256]
            logits, _ = model(*collate(enc, chunk))
            p = torch.softmax(logits[:, :3], 1).numpy()
            e = torch.softmax(logits[:, 3:], 1).numpy()
            for b, i in enumerate(chunk):
                res[i] = (p[b], e[b])
        out = [res[i] for i in idx]
    return out


def score(K, gold, pred):
    """metrics.ts score: single-label predictions against gold label sets."""
    tp = np.zeros(K)
    fp = np.zeros(K)
    fn = np.zeros(K)
    sup = np.zeros(K)
    correct = 0
    for g, p in zip(gold, pred):
        if p in g:
            correct += 1
            tp[p] += 1
        else:
            fp[p] += 1
        for c in g:
            sup[c] += 1
            if c != p:
                fn[c] += 1
    prec = np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), 0)
    rec = np.where(tp + fn > 0, tp / np.maximum(tp + fn, 1), 0)
    f1 = np.where(prec + rec > 0, 2 * prec * rec / np.maximum(prec + rec, 1e-12), 0)
    present = sup > 0
    return {'acc': correct / max(1, len(gold)), 'macroF1': f1[present].mean(), 'macroRecall': rec[present].mean()}


def pct(x):
    return f'{100 * x:.1f}'


def score_rows(model, vocab, rows, idx):
    preds = predict(model, vocab, rows, idx)
    parts = []
    pol = [(rows[i], p) for i, p in zip(idx, preds) if 'polarity' in rows[i]]
    if pol:
        m = score(3, [[r['polarity']] for r, _ in pol], [int(np.argmax(p[0])) for _, p in pol])
        parts.append(f'polarity ({len(pol)} rows) macro-recall {pct(m["macroRecall"])} acc {pct(m["acc"])} macro-F1 {pct(m["macroF1"])}')
    emo = [(rows[i], p) for i, p in zip(idx, preds) if rows[i].get('emotions')]
    if emo:
        m = score(7, [r['emotions'] for r, _ in emo], [int(np.argmax(p[1])) for _, p in emo])
        parts.append(f'emotions ({len(emo)} rows) macro-F1 {pct(m["macroF1"])}')
    return '; '.join(parts)


def score_emobank(model, vocab, rows, dev):
    preds = predict(model, vocab, rows, dev)
    three = [0 if rows[i]['level'] <= 1 else 1 if rows[i]['level'] == 2 else 2 for i in dev]
    m = score(3, [[g] for g in three], [int(np.argmax(p[0])) for p in preds])
    polar = [(g, p[0]) for g, p in zip(three, preds) if g != 1]
    right = sum(1 for g, p in polar if (2 if p[2] > p[0] else 0) == g)
    return f'EmoBank dev 3-way ({len(dev)} rows) macro-recall {pct(m["macroRecall"])} acc {pct(m["acc"])}; 2-way ({len(polar)} rows) acc {pct(right / max(1, len(polar)))}'


FOLDS = {'umsab': 'umsab', 'goemotions': 'goemotions', 'nusax': 'nusax', 'emobank': None}


def cross_source(rows, args, glove_words, glove_vecs):
    corpus = [i for i, r in enumerate(rows) if not r.get('graded')]
    dev = [i for i, r in enumerate(rows) if r.get('graded') and r['split'] == 'heldout']
    for fold in args.folds.split(','):
        if fold not in FOLDS:
            raise SystemExit(f'--folds: unknown fold {fold}; use {", ".join(FOLDS)}')
        src = FOLDS[fold]
        held = [i for i in corpus if rows[i]['split'] == ('train' if args.probe else 'heldout') and rows[i]['source'] == src]
        if args.probe:
            held = held[::max(1, len(held) // 3000)]
        train_idx = [i for i in corpus if rows[i]['split'] == 'train' and not rows[i]['tuneCross'] and rows[i]['source'] != src]
        for seed in [int(s) for s in args.seeds.split(',')]:
            started = time.time()
            label = f'net without {fold} seed {seed}'
            model, vocab = train_fit(rows, train_idx, glove_words, glove_vecs, args, seed, label)
            tune = [i for i in corpus if rows[i]['split'] == 'train' and rows[i]['tuneCross'] and rows[i]['source'] != src]
            if src is None and args.probe:
                raise SystemExit('--probe: the emobank fold has no training rows to probe on (its train split sets the cuts); leave it out')
            s = score_emobank(model, vocab, rows, dev) if src is None else f'{fold} en {"training rows (probe)" if args.probe else "held-out"} {score_rows(model, vocab, rows, held)}'
            line = f'without {fold}, {args.name} seed={seed}: {s} (tuning slice {score_rows(model, vocab, rows, tune)}) ({time.time() - started:.0f} s)'
            print(line, flush=True)
            log(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--rows', default=ROWS)
    ap.add_argument('--cross-source', action='store_true')
    ap.add_argument('--train', action='store_true')
    ap.add_argument('--out', default=os.path.join(ROOT, 'models'))
    ap.add_argument('--folds', default='umsab,goemotions,nusax,emobank')
    ap.add_argument('--seeds', default='7')
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--glove-words', type=int, default=40000)
    ap.add_argument('--min-count', type=int, default=3)
    ap.add_argument('--prior-codes', type=int, default=1)
    ap.add_argument('--channels', type=int, default=64)
    ap.add_argument('--widths', default='1,2,3')
    ap.add_argument('--att', type=int, default=64)
    ap.add_argument('--proj', type=int, default=64)
    ap.add_argument('--arch', default='cnn', choices=['cnn', 'gru'])
    ap.add_argument('--word-dropout', type=float, default=0.0)
    ap.add_argument('--source-balance', type=float, default=0.5)
    ap.add_argument('--sub-bits', type=int, default=0)
    ap.add_argument('--pool', default='att', choices=['att', 'mean'])
    ap.add_argument('--sub-dims', type=int, default=32)
    ap.add_argument('--probe', action='store_true', help="score each fold on the left-out source's training rows (never the held-out rows): for choosing settings")
    ap.add_argument('--dropout', type=float, default=0.3)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--epochs', type=int, default=1)
    ap.add_argument('--name', default='net')
    args = ap.parse_args()
    torch.set_num_threads(max(1, min(2, args.threads)))
    if not os.path.exists(args.rows):
        raise SystemExit(f'{args.rows} is missing: npm run build && node dist/training/exportEnglishRows.js')
    rows = load_rows(args.rows)
    glove_words, glove_vecs = load_glove(args.glove_words)
    log(f'{len(rows)} rows, {len(glove_words)} GloVe words')
    if args.cross_source:
        cross_source(rows, args, glove_words, glove_vecs)
    elif args.train:
        from englishNetExport import train_and_export  # noqa: E402 (the shipped fit and its ONNX)
        train_and_export(rows, args, glove_words, glove_vecs)
    else:
        raise SystemExit('pass --cross-source or --train')


if __name__ == '__main__':
    main()
