"""Writes the analogy-evaluation fixtures of @tokenlab/vectors into test/fixtures (Debian's python3-gensim 4.2).

    /usr/bin/python3 packages/vectors/scripts/make-analogy-fixtures.py

Trains gensim's Word2Vec on the first 10 MB of the English bench corpus (../shared/corpora/bench, words as
runs of letters, case kept so that case folding matters), keeps the 2,500 most frequent words plus every
case variant of a word of data/analogies/en.txt (in frequency order), saves them as word2vec binary
(analogy-vectors.bin) and records what gensim's evaluate_word_analogies answers on the saved vectors
with several options (analogy-answers.json).
"""
import json
import lzma
import os
import re

import numpy as np
from gensim.models import KeyedVectors, Word2Vec

here = os.path.dirname(os.path.abspath(__file__))
package = os.path.join(here, "..")
out = os.path.join(package, "test", "fixtures")
corpus = os.path.join(package, "..", "..", "..", "shared", "corpora", "bench", "gutenberg-100MB.en.txt.xz")
questions = os.path.join(package, "data", "analogies", "en.txt")

with lzma.open(corpus, "rb") as f:
    text = f.read(10_000_000).decode("utf-8", errors="ignore")
word = re.compile(r"[^\W\d_]+")
sentences = [s for s in (word.findall(line) for line in text.split("\n")) if s]
model = Word2Vec(sentences, vector_size=24, min_count=5, workers=1, seed=1, epochs=5)

wanted = set()
with open(questions, encoding="utf-8") as f:
    for line in f:
        if not line.startswith(": "):
            wanted.update(w.upper() for w in line.split())
kept = [w for i, w in enumerate(model.wv.index_to_key) if i < 2500 or w.upper() in wanted]
kv = KeyedVectors(24)
kv.add_vectors(kept, np.array([model.wv[w] for w in kept]))
path = os.path.join(out, "analogy-vectors.bin")
kv.save_word2vec_format(path, binary=True)
kv = KeyedVectors.load_word2vec_format(path, binary=True)

cases = [
    {},
    {"restrict_vocab": 1500},
    {"case_insensitive": False},
    {"dummy4unknown": True},
    {"restrict_vocab": 2000, "case_insensitive": False, "dummy4unknown": True},
]
answers = []
for options in cases:
    score, sections = kv.evaluate_word_analogies(questions, **options)
    answers.append({
        "options": options,
        "score": score,
        "sections": [
            {"section": s["section"], "correct": [list(q) for q in s["correct"]], "incorrect": len(s["incorrect"])}
            for s in sections
        ],
    })
with open(os.path.join(out, "analogy-answers.json"), "w", encoding="utf-8") as f:
    json.dump(answers, f, ensure_ascii=False)
    f.write("\n")
print(len(kept), "words;", [round(a["score"], 4) for a in answers])
