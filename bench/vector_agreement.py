"""How closely two sets of word vectors agree, for the Word2Vec benches (vectors-gensim.py and
vectors-speed-agreement.py): the Spearman correlation of the cosine similarities of 3,000 fixed word pairs
(drawn among the reference's 2,000 most frequent words with numpy's generator seeded 0) and the mean overlap
of the 10 nearest neighbours of the 500 most frequent words."""
import numpy as np
from scipy.stats import spearmanr


def agreement(reference, other):
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
    rho = spearmanr(ours, theirs).correlation
    overlaps = []
    for word in words[:500]:
        first = {w for w, _ in reference.most_similar(word, topn=10)}
        second = {w for w, _ in other.most_similar(word, topn=10)}
        overlaps.append(len(first & second) / 10)
    return {"spearman": float(rho), "pairs": len(pairs), "overlap10": float(np.mean(overlaps))}
