"""Writes the gensim fixtures of @tokenlab/vectors into test/fixtures (run with Debian's python3-gensim 4.2).

    /usr/bin/python3 packages/vectors/scripts/make-gensim-fixtures.py

Small vectors with values over many magnitudes (so the text format's float repr is exercised), non-ASCII
words, saved as word2vec text, word2vec binary and headerless (GloVe, write_header=False) text by gensim itself.
"""
import os

import numpy as np
from gensim.models import KeyedVectors

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "test", "fixtures")
os.makedirs(out, exist_ok=True)

rng = np.random.default_rng(15)
words = ["the", "king", "queen", "man", "woman", "ملك", "ملكة", "café", "naïve", "東京", "x", "a-b"]
dim = 7
vectors = (rng.standard_normal((len(words), dim)) * 10.0 ** rng.integers(-7, 7, (len(words), dim))).astype(np.float32)
vectors[0, 0] = 0.0
vectors[0, 1] = 1.0
vectors[0, 2] = 0.1

kv = KeyedVectors(dim)
kv.add_vectors(words, vectors)
kv.save_word2vec_format(os.path.join(out, "gensim.txt"), binary=False)
kv.save_word2vec_format(os.path.join(out, "gensim.bin"), binary=True)

# GloVe: the text format without its header line, as gensim writes it with write_header=False.
kv.save_word2vec_format(os.path.join(out, "glove.txt"), binary=False, write_header=False)

# What gensim answers on these vectors, for the query tests.
import json

answers = {
    "similarity": float(kv.similarity("king", "queen")),
    "distance": float(kv.distance("man", "woman")),
    "most_similar": [[w, float(s)] for w, s in kv.most_similar(positive=["king", "woman"], negative=["man"], topn=5)],
    "most_similar_cosmul": [[w, float(s)] for w, s in kv.most_similar_cosmul(positive=["king", "woman"], negative=["man"], topn=5)],
    "most_similar_single": [[w, float(s)] for w, s in kv.most_similar("ملك", topn=4)],
    "doesnt_match": kv.doesnt_match(["the", "king", "queen", "x"]),
    "n_similarity": float(kv.n_similarity(["king", "man"], ["queen", "woman"])),
}
with open(os.path.join(out, "gensim-answers.json"), "w", encoding="utf-8") as f:
    json.dump(answers, f, ensure_ascii=False, indent=1)
    f.write("\n")

# numpy's float32 repr (what the text format holds) over many magnitudes, ties included.
values = np.concatenate([
    (rng.standard_normal(2000) * 10.0 ** rng.integers(-40, 39, 2000)).astype(np.float32),
    (rng.integers(-10**6, 10**6, 300) / 8).astype(np.float32),
    np.array([0.1, 1e-4, 2e-4, 1e16, 1e15, 0.5, -0.0, 1e-45, 3.4028235e38], dtype=np.float32),
])
values = values[np.isfinite(values)]
with open(os.path.join(out, "float32-repr.json"), "w") as f:
    json.dump([[float(v), repr(v)] for v in values], f)
    f.write("\n")
