"""Agreement of word vectors with a reference, for vectors-speed.bench.mjs:

    /usr/bin/python3 bench/vectors-speed-agreement.py REFERENCE.bin OTHER.bin [OTHER.bin ...]

For each OTHER: the Spearman correlation of the cosine similarities of 3,000 fixed word pairs (drawn among
the reference's 2,000 most frequent words with numpy's generator seeded 0, as vectors-gensim.py draws
them) and the mean overlap of the 10 nearest neighbours of its 500 most frequent words. Prints JSON.
"""
import json
import sys

import numpy as np
from gensim.models import KeyedVectors
from scipy.stats import spearmanr

reference = KeyedVectors.load_word2vec_format(sys.argv[1], binary=True)
results = []
for path in sys.argv[2:]:
    other = KeyedVectors.load_word2vec_format(path, binary=True)
    words = [w for w in reference.index_to_key[:2000] if w in other.key_to_index]
    rng = np.random.default_rng(0)
    pairs = set()
    while len(pairs) < 3000:
        a, b = rng.integers(0, len(words), 2)
        if a != b:
            pairs.add((int(min(a, b)), int(max(a, b))))
    pairs = sorted(pairs)
    ours = [reference.similarity(words[a], words[b]) for a, b in pairs]
    theirs = [other.similarity(words[a], words[b]) for a, b in pairs]
    overlaps = []
    for word in words[:500]:
        first = {w for w, _ in reference.most_similar(word, topn=10)}
        second = {w for w, _ in other.most_similar(word, topn=10)}
        overlaps.append(len(first & second) / 10)
    results.append({"spearman": float(spearmanr(ours, theirs).correlation), "overlap10": float(np.mean(overlaps))})
print(json.dumps(results))
