"""gensim's side of bench/vectors.bench.mjs (Debian's python3-gensim 4.2).

    /usr/bin/python3 bench/vectors-gensim.py TOKENS_FILE QUESTIONS_FILE SG TOKENLAB.bin

Trains gensim's Word2Vec (default parameters, 5 epochs, skip-gram if SG is 1, else CBOW) on TOKENS_FILE
(one sentence per line, tokens separated by single spaces: the token lists tokenlab trained on) with seeds 1
and 2 on one worker, then compares tokenlab's vectors (TOKENLAB.bin, word2vec binary) and gensim's second
seed with gensim's first: Spearman correlation of the cosine similarities of 3,000 fixed word pairs (drawn
among the 2,000 most frequent words with numpy's generator seeded 0) and the mean overlap of the 10 nearest
neighbours of the 500 most frequent words; and the analogy accuracy of each on QUESTIONS_FILE, scored by
gensim's evaluate_word_analogies. Prints JSON.
"""
import json
import sys
import time

from gensim.models import KeyedVectors, Word2Vec
from vector_agreement import agreement

tokens_file, questions_file, sg, tokenlab_path = sys.argv[1:5]
with open(tokens_file, encoding="utf-8") as f:
    # Split on the single spaces the file was written with: the same tokens tokenlab was given.
    sentences = [line.rstrip("\n").split(" ") for line in f]


def train(seed):
    start = time.perf_counter()
    model = Word2Vec(sentences, sg=int(sg), seed=seed, workers=1)
    return model.wv, time.perf_counter() - start


def analogies(kv):
    score, sections = kv.evaluate_word_analogies(questions_file)
    total = sections[-1]
    return {"accuracy": float(score), "evaluated": len(total["correct"]) + len(total["incorrect"])}


seed1, seconds1 = train(1)
seed2, seconds2 = train(2)
tokenlab = KeyedVectors.load_word2vec_format(tokenlab_path, binary=True)
print(
    json.dumps(
        {
            "seconds": [seconds1, seconds2],
            "vocabulary": len(seed1),
            "same_vocabulary": set(seed1.index_to_key) == set(tokenlab.index_to_key),
            "gensim_seed2_vs_seed1": agreement(seed1, seed2),
            "tokenlab_vs_gensim_seed1": agreement(seed1, tokenlab),
            "tokenlab_vs_gensim_seed2": agreement(seed2, tokenlab),
            "analogies_gensim_seed1": analogies(seed1),
            "analogies_gensim_seed2": analogies(seed2),
            "analogies_tokenlab": analogies(tokenlab),
        }
    )
)
