"""gensim's side of bench/vectors.bench.mjs (Debian's python3-gensim 4.2).

    /usr/bin/python3 bench/vectors-gensim.py TOKENS_FILE QUESTIONS_FILE TOKENLAB_CBOW.bin TOKENLAB_SG.bin

Trains gensim's Word2Vec (for each model whose tokenlab file is not "-") (default parameters, 5 epochs) on TOKENS_FILE (one sentence per line, tokens
separated by spaces, as tokenlab reads it) with seeds 1 and 2 on one worker, and seed 1 on two, for CBOW
and skip-gram; times each; then compares tokenlab's vectors and gensim's second seed with gensim's first:
Spearman correlation of the cosine similarities of 3,000 fixed word pairs (drawn among the 2,000 most
frequent words with numpy's generator seeded 0) and the mean overlap of the 10 nearest neighbours of the
500 most frequent words; and the analogy accuracy of each on QUESTIONS_FILE. Prints JSON.
"""
import json
import sys
import time

import numpy as np
from gensim.models import KeyedVectors, Word2Vec
from gensim.models.word2vec import LineSentence
from scipy.stats import spearmanr

tokens_file, questions_file, tokenlab_cbow, tokenlab_sg = sys.argv[1:5]
total_words = sum(len(line.split()) for line in open(tokens_file, encoding="utf-8"))


def train(sg, seed, workers):
    start = time.perf_counter()
    model = Word2Vec(LineSentence(tokens_file), sg=sg, seed=seed, workers=workers)
    seconds = time.perf_counter() - start
    return model.wv, seconds


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


def analogies(kv):
    score, sections = kv.evaluate_word_analogies(questions_file)
    total = sections[-1]
    return {"accuracy": float(score), "evaluated": len(total["correct"]) + len(total["incorrect"])}


results = {"total_words": total_words}
for name, sg, tokenlab_path in (("cbow", 0, tokenlab_cbow), ("skipgram", 1, tokenlab_sg)):
    if tokenlab_path == "-":
        continue
    seed1, seconds1 = train(sg, 1, 1)
    seed2, seconds2 = train(sg, 2, 1)
    _, seconds_two = train(sg, 1, 2)
    tokenlab = KeyedVectors.load_word2vec_format(tokenlab_path, binary=True)
    results[name] = {
        "seconds_1_worker": [seconds1, seconds2],
        "seconds_2_workers": seconds_two,
        "vocabulary": len(seed1),
        "gensim_seed2_vs_seed1": agreement(seed1, seed2),
        "tokenlab_vs_gensim_seed1": agreement(seed1, tokenlab),
        "analogies_gensim": analogies(seed1),
        "analogies_tokenlab": analogies(tokenlab),
    }
print(json.dumps(results))
