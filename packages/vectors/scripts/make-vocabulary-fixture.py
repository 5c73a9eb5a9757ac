"""Writes test/fixtures/vocabulary.json: gensim 4.2's vocabulary scan with max_vocab_size and max_final_vocab.

    /usr/bin/python3 packages/vectors/scripts/make-vocabulary-fixture.py

A synthetic corpus of 400 sentences over 1,000 Zipf-distributed words (a fixed linear congruential
generator, so the script needs no data); records, for several settings, the counts gensim keeps after
pruning (raw_vocab) and the words of the final vocabulary with their counts.
"""
import json
import os

from gensim.models import Word2Vec

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "test", "fixtures", "vocabulary.json")

state = 12345
def next_int():
    global state
    state = (state * 1103515245 + 12345) % 2**31
    return state

sentences = []
for s in range(400):
    length = 5 + next_int() % 20
    sentences.append([f"w{int(1000 / (1 + next_int() % 1000))}x{next_int() % 7}" for _ in range(length)])

cases = []
for options in [
    {"max_vocab_size": 200, "min_count": 1},
    {"max_vocab_size": 50, "min_count": 2},
    {"max_final_vocab": 30, "min_count": 1},
    {"max_vocab_size": 300, "max_final_vocab": 100, "min_count": 3},
]:
    model = Word2Vec(vector_size=4, workers=1, **options)
    model.build_vocab(sentences, keep_raw_vocab=True)
    cases.append({
        "options": options,
        "raw": dict(model.raw_vocab),
        "counts": {w: int(model.wv.get_vecattr(w, "count")) for w in model.wv.index_to_key},
    })
with open(out, "w") as f:
    json.dump({"sentences": sentences, "cases": cases}, f)
    f.write("\n")
