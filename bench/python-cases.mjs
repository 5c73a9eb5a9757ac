// A Python child process that stays up for one corpus and runs tokenizer cases on request, so that its
// runs can be interleaved with the JavaScript ones and see the same machine.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const PYTHON = '/usr/bin/python3';

/**
 * Start Python with `setup` (imports and helpers) and `cases` (Python expressions, by name, each
 * making a fresh tokenize function) over the lines of `corpusPath`. `ask('time', name)` runs a case
 * once over every line with a loop that only counts tokens (so no run keeps millions of strings
 * alive) and returns `{ seconds, tokens }`; `ask('outputs', name)` returns each line's tokens joined
 * by U+001F.
 */
export function startPythonCases({ setup, cases, corpusPath }) {
  const caseTable = Object.entries(cases)
    .map(([name, expression]) => `${JSON.stringify(name)}: ${expression}`)
    .join(',\n  ');
  const script = `
import gc, json, sys, time
${setup}
lines = open(${JSON.stringify(corpusPath)}, encoding='utf-8', newline='').read().split('\\n')
cases = {
  ${caseTable}
}
for request in sys.stdin:
    action, name = json.loads(request)
    fn = cases[name]()
    if action == 'time':
        gc.collect()
        count = 0
        start = time.perf_counter()
        for line in lines:
            count += len(fn(line))
        reply = {'seconds': time.perf_counter() - start, 'tokens': count}
    else:
        reply = ['\\x1f'.join(fn(line)) for line in lines]
    print(json.dumps(reply, ensure_ascii=False), flush=True)
`;
  return startPythonWorker(script);
}

/**
 * Run `script` in a Python child process that answers one JSON line on stdout for each JSON line
 * `[action, name]` it reads on stdin. `ask(action, name)` sends one request and waits for its answer.
 */
export function startPythonWorker(script) {
  const child = spawn(PYTHON, ['-W', 'ignore', '-c', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })[
    Symbol.asyncIterator
  ]();
  return {
    async ask(action, name) {
      child.stdin.write(`${JSON.stringify([action, name])}\n`);
      const { value, done } = await replies.next();
      if (done) throw new Error('the Python child process ended early');
      return JSON.parse(value);
    },
    close: () => child.stdin.end(),
  };
}
