"""Agreement of word vectors with a reference, for vectors-speed.bench.mjs:

    /usr/bin/python3 bench/vectors-speed-agreement.py REFERENCE.bin OTHER.bin [OTHER.bin ...]

For each OTHER: the Spearman correlation of the cosine similarities of 3,000 fixed word pairs (drawn among
the reference's 2,000 most frequent words with numpy's generator seeded 0, as vectors-gensim.py draws
them) and the mean overlap of the 10 nearest neighbours of its 500 most frequent words. Prints JSON.
"""
import json
import sys

from gensim.models import KeyedVectors
from vector_agreement import agreement

reference = KeyedVectors.load_word2vec_format(sys.argv[1], binary=True)
results = []
for path in sys.argv[2:]:
    other = KeyedVectors.load_word2vec_format(path, binary=True)
    measured = agreement(reference, other)
    results.append({"spearman": measured["spearman"], "overlap10": measured["overlap10"]})
print(json.dumps(results))
