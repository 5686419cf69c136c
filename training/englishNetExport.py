"""The English network's fits and files (training/englishNet.py --train): the evaluation fit (held-out rows left out;
its held-out figures), the shipped fit (held-out rows trained on too; the tuning slice stays out of both), and the
shipped fit exported to ONNX with its word list and a reference: a few rows' tokens with the probabilities PyTorch
gave them, which a test reads back through onnxruntime-node (test/sentiment/englishNet.test.ts).

Written to --out (never models/ unless asked): general-en-net.onnx, general-en-net.words.txt, general-en-net.reference.json.
"""
import hashlib
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn

import englishNet as E


class Exported(nn.Module):
    """The network with one word table (learnt PAD/UNK/BOS rows, the frozen GloVe rows, the learnt extra rows), as served."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        table = torch.cat([net.learnt.weight[:E.SPECIALS], net.glove, net.learnt.weight[E.SPECIALS:]]).detach()
        self.table = nn.Embedding.from_pretrained(table, freeze=True)

    def forward(self, token_ids, negated, prior, mask, *sub):
        net = self.net
        orig = net.vectors
        net.vectors = lambda ids: self.table(ids)
        try:
            logits, contributions = net(token_ids, negated, prior, mask, *sub)
        finally:
            net.vectors = orig
        return torch.softmax(logits[:, :3], 1), torch.softmax(logits[:, 3:], 1), contributions


def export(model, vocab, rows, sample, out_dir, name):
    model.eval()
    wrapper = Exported(model)
    enc = {i: E.encode(vocab, rows[i], None, model.sub_bits) for i in sample}
    feeds = E.collate(enc, sample)
    names = ['token_ids', 'negated', 'prior', 'mask'] + (['subwords'] if model.sub_bits else [])
    axes = {n: {0: 'texts', 1: 'tokens'} for n in names}
    axes.update({'polarity': {0: 'texts'}, 'emotion': {0: 'texts'}, 'contributions': {0: 'texts', 1: 'tokens'}})
    path = os.path.join(out_dir, f'{name}.onnx')
    with torch.no_grad():
        pol, emo, contrib = wrapper(*feeds)
        torch.onnx.export(wrapper, tuple(feeds), path, input_names=names, output_names=['polarity', 'emotion', 'contributions'],
                          dynamic_axes=axes, opset_version=13, do_constant_folding=True)
    words = ('\n'.join(vocab.words()) + '\n').encode('utf8')
    with open(os.path.join(out_dir, f'{name}.words.txt'), 'wb') as f:
        f.write(words)
    bias = model.out.bias.detach().numpy().tolist()
    reference = {
        'rows': [{'text': rows[i]['text'], 'polarity': pol[b].tolist(), 'emotion': emo[b].tolist(),
                  'contributionSum': contrib[b].sum(0).tolist()} for b, i in enumerate(sample)],
        'bias': bias,
    }
    with open(os.path.join(out_dir, f'{name}.reference.json'), 'w') as f:
        json.dump(reference, f, indent=1)
    with open(path, 'rb') as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    E.log(f'wrote {path} ({os.path.getsize(path) / 1e6:.1f} MB, sha256 {digest[:12]}…), {len(vocab.words())} words, reference on {len(sample)} rows')
    return digest


def level_of(p, cal):
    """labels.ts levelOf: 0 VERY_NEGATIVE ... 4 VERY_POSITIVE."""
    neg, neu, pos = p
    score = max(-1.0, min(1.0, pos - neg))
    if neu >= neg and neu >= pos:
        return 2
    if pos >= neg:
        return 4 if score >= cal['veryPositiveCut'] else 3
    return 0 if -score >= cal['veryNegativeCut'] else 1


def cut_for_count(margins, want):
    """train.ts cutForCount: the want-th largest margin."""
    if not margins:
        return 0.75
    s = sorted(margins, reverse=True)
    return s[max(0, min(len(s), round(want)) - 1)]


def calibrate(model, vocab, rows):
    """train.ts calibrate with EmoBank: VERY_* cuts from EmoBank's train split (as many VERY_* predicted as its gold
    holds), lowConfidence below the 8th percentile of the tuning slice's confidence; five levels measured on its dev split."""
    emo_train = [i for i, r in enumerate(rows) if r.get('graded') and r['split'] == 'train']
    emo_dev = [i for i, r in enumerate(rows) if r.get('graded') and r['split'] == 'heldout']
    tune = [i for i, r in enumerate(rows) if not r.get('graded') and r.get('tuneShip') and 'polarity' in r]
    preds = [p[0] for p in E.predict(model, vocab, rows, emo_train)]
    neg = [float(p[0] - p[2]) for p in preds if int(np.argmax(p)) == 0]
    pos = [float(p[2] - p[0]) for p in preds if int(np.argmax(p)) == 2]
    cal = {
        'veryNegativeCut': round(cut_for_count(neg, sum(1 for i in emo_train if rows[i]['level'] == 0)), 4),
        'veryPositiveCut': round(cut_for_count(pos, sum(1 for i in emo_train if rows[i]['level'] == 4)), 4),
    }
    conf = sorted(float(np.max(p[0])) for p in E.predict(model, vocab, rows, tune))
    cal['lowConfidenceBelow'] = round(conf[min(len(conf) - 1, int(0.08 * len(conf)))], 4)
    dev = [p[0] for p in E.predict(model, vocab, rows, emo_dev)]
    levels = [level_of(p, cal) for p in dev]
    right = sum(1 for i, l in zip(emo_dev, levels) if rows[i]['level'] == l)
    shares = [sum(1 for l in levels if l == k) / max(1, len(levels)) for k in range(5)]
    E.log(f'calibration {json.dumps(cal)}; EmoBank dev five levels accuracy {E.pct(right / max(1, len(emo_dev)))} '
          f'({len(emo_dev)} rows), predicted shares ' + ' '.join(E.pct(x) for x in shares))
    return cal


def train_and_export(rows, args, glove_words, glove_vecs):
    started = time.time()
    corpus = [i for i, r in enumerate(rows) if not r.get('graded')]
    heldout = [i for i in corpus if rows[i]['split'] == 'heldout']
    evaluation_idx = [i for i in corpus if rows[i]['split'] == 'train' and not rows[i]['tuneShip']]
    model, vocab = E.train_fit(rows, evaluation_idx, glove_words, glove_vecs, args, args.seed, 'english net (evaluation fit)')
    E.log(f'evaluation fit, held-out English rows: {E.score_rows(model, vocab, rows, heldout)}')
    dev = [i for i, r in enumerate(rows) if r.get('graded') and r['split'] == 'heldout']
    E.log(f'evaluation fit: {E.score_emobank(model, vocab, rows, dev)}')
    shipped_idx = [i for i in corpus if not rows[i]['tuneShip']]
    model, vocab = E.train_fit(rows, shipped_idx, glove_words, glove_vecs, args, args.seed, 'english net (shipped fit)')
    os.makedirs(args.out, exist_ok=True)
    sample = heldout[::max(1, len(heldout) // 12)][:12]
    digest = export(model, vocab, rows, sample, args.out, 'general-en-net')
    cal = calibrate(model, vocab, rows)
    settings = {k: v for k, v in vars(args).items() if k not in ('rows', 'out', 'cross_source', 'train', 'folds', 'seeds', 'probe', 'name')}
    with open(os.path.join(args.out, 'general-en-net.json'), 'w') as f:
        json.dump({'name': 'general-en-net', 'onnxFile': 'general-en-net.onnx', 'onnxSha256': digest, 'calibration': cal,
                   'settings': settings, 'fit': 'shipped'}, f, indent=2)
        f.write('\n')
    E.log(f'english net: trained and written in {time.time() - started:.0f} s')
