"""One cell of the GPT encoding benchmark for tiktoken's Rust core (the Python wheel), one thread.

Usage: python gpt-rust.py ENCODING TEXT_FILE RANKS_DIR IDS_OUT WARM_PASSES
Prints one JSON line: load (import + building the encoding), the cold pass (the first encode after
load) and the warm passes, in ms. The ranks come from RANKS_DIR (.tiktoken files), never the network.
"""

import json
import os
import sys
import time
from array import array

encoding_name, text_file, ranks_dir, ids_out, warm_passes = sys.argv[1:6]
with open(text_file, encoding="utf-8") as handle:
    text = handle.read()

start = time.perf_counter()
import tiktoken  # noqa: E402
import tiktoken_ext.openai_public as public  # noqa: E402
from tiktoken.load import load_tiktoken_bpe  # noqa: E402

# gpt2's ranks are r50k_base's; its constructor would download them in another format.
rank_file = "r50k_base" if encoding_name == "gpt2" else encoding_name
public.load_tiktoken_bpe = lambda *_args, **_kwargs: load_tiktoken_bpe(
    os.path.join(ranks_dir, f"{rank_file}.tiktoken")
)
public.data_gym_to_mergeable_bpe_ranks = public.load_tiktoken_bpe
encoding = tiktoken.Encoding(**getattr(public, encoding_name)())
load_ms = (time.perf_counter() - start) * 1000

start = time.perf_counter()
ids = encoding.encode_ordinary(text)
cold_ms = (time.perf_counter() - start) * 1000
warm = []
for _ in range(int(warm_passes)):
    start = time.perf_counter()
    encoding.encode_ordinary(text)
    warm.append((time.perf_counter() - start) * 1000)
with open(ids_out, "wb") as handle:
    array("I", ids).tofile(handle)
print(json.dumps({"loadMs": load_ms, "coldMs": cold_ms, "warmMs": warm, "tokens": len(ids)}))
