"""gensim's side of vectors-speed.bench.mjs (Debian's python3-gensim 4.2), one training per process:

    /usr/bin/python3 bench/vectors-speed-gensim.py TOKENS_FILE cbow|skipgram WORKERS VECTORS_OUT

Counts the vocabulary, then times the 5 epochs alone (default parameters, seed 1), reading TOKENS_FILE
with LineSentence (wall and CPU time, all threads); writes the vectors (word2vec binary) and prints JSON.
"""
import json
import resource
import sys
import time

from gensim.models import Word2Vec
from gensim.models.word2vec import LineSentence

tokens, model, workers, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
w2v = Word2Vec(sg=1 if model == "skipgram" else 0, seed=1, workers=workers)
w2v.build_vocab(LineSentence(tokens))
start = time.perf_counter()
cpu = time.process_time()
w2v.train(LineSentence(tokens), total_examples=w2v.corpus_count, epochs=w2v.epochs)
seconds = time.perf_counter() - start
cpu_seconds = time.process_time() - cpu  # the whole process, all threads
w2v.wv.save_word2vec_format(out, binary=True)
print(json.dumps({
    "seconds": seconds,
    "cpuSeconds": cpu_seconds,
    "vocabulary": len(w2v.wv),
    "weightBytes": int(w2v.wv.vectors.nbytes + w2v.syn1neg.nbytes),
    "maxRssBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
}))
