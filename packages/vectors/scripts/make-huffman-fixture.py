"""Writes test/fixtures/huffman.json: gensim 4.2's hierarchical-softmax tree (Debian's python3-gensim).

    /usr/bin/python3 packages/vectors/scripts/make-huffman-fixture.py

A vocabulary of 300 words with Zipf-like counts and many ties (so the (count, index) order of the heap
matters), built by gensim's Word2Vec(hs=1, negative=0); records the words in gensim's order, their counts
and the code and point of each.
"""
import json
import os

from gensim.models import Word2Vec

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "test", "fixtures", "huffman.json")

sentences = []
for i in range(300):
    count = max(1, 600 // (i + 1)) + (i % 3 == 0)
    sentences.append([f"w{i}"] * count)
model = Word2Vec(vector_size=4, min_count=1, hs=1, negative=0, workers=1)
model.build_vocab(sentences)
wv = model.wv
fixture = {
    "words": list(wv.index_to_key),
    "counts": [int(wv.get_vecattr(w, "count")) for w in wv.index_to_key],
    "codes": [[int(c) for c in wv.get_vecattr(w, "code")] for w in wv.index_to_key],
    "points": [[int(p) for p in wv.get_vecattr(w, "point")] for w in wv.index_to_key],
}
with open(out, "w") as f:
    json.dump(fixture, f)
    f.write("\n")
