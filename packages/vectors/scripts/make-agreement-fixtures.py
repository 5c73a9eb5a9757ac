"""gensim's side of make-agreement-fixtures.mjs (run with Debian's python3-gensim 4.2).

    /usr/bin/python3 make-agreement-fixtures.py TOKENS_FILE OUT_DIR NAME SG EPOCHS

Trains gensim's Word2Vec on TOKENS_FILE (one sentence per line, tokens separated by single spaces) with
vector_size 50, EPOCHS epochs, skip-gram if SG is 1, otherwise gensim's defaults, on one worker, with seeds 1
and 2; writes the vectors of the 1,000 most frequent words of each run as OUT_DIR/NAME-seed1.bin and
NAME-seed2.bin (word2vec binary, most frequent first). Prints the vocabulary size as JSON.
"""
import json
import os
import sys

from gensim.models import KeyedVectors, Word2Vec

tokens_file, out_dir, name, sg, epochs = sys.argv[1:6]
with open(tokens_file, encoding="utf-8") as f:
    sentences = [line.rstrip("\n").split(" ") for line in f]

vocabulary = None
for seed in (1, 2):
    wv = Word2Vec(sentences, sg=int(sg), vector_size=50, epochs=int(epochs), seed=seed, workers=1).wv
    vocabulary = len(wv)
    top = KeyedVectors(wv.vector_size)
    top.add_vectors(wv.index_to_key[:1000], wv.vectors[:1000])
    top.save_word2vec_format(os.path.join(out_dir, f"{name}-seed{seed}.bin"), binary=True)
print(json.dumps({"vocabulary": vocabulary}))
