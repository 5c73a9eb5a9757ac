/** Orthographic context bits: where a word type was seen, and in which case. */
export const ORTHO_BEG_UC = 1 << 1;
export const ORTHO_MID_UC = 1 << 2;
export const ORTHO_UNK_UC = 1 << 3;
export const ORTHO_BEG_LC = 1 << 4;
export const ORTHO_MID_LC = 1 << 5;
export const ORTHO_UNK_LC = 1 << 6;
export const ORTHO_UC = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
export const ORTHO_LC = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;

/**
 * What Punkt learns from a corpus (NLTK's `PunktParameters`): abbreviation types (without their
 * period), collocations (pairs of types that keep a period inside a sentence), frequent sentence
 * starters, and for each type the orthographic contexts it was seen in.
 *
 * The text form is NLTK's `punkt_tab` layout: `abbrev_types.txt` and `sent_starters.txt` one type a
 * line, `collocations.tab` two tab-separated types a line, `ortho_context.tab` a type and its bits.
 *
 * @example
 * ```ts
 * const params = PunktParameters.fromTab({ abbrevTypes: 'dr\nmr', collocations: '', sentStarters: 'the', orthoContext: 'the\t34' });
 * params.abbrevTypes.has('dr'); // true
 * ```
 */
export class PunktParameters {
  /** Abbreviation types, lower-cased, without their final period (`dr`, `u.s`). */
  abbrevTypes = new Set<string>();
  /** Collocations, each stored as `type1 + '\t' + type2`. */
  collocations = new Set<string>();
  /** Types that often start a sentence after an abbreviation. */
  sentStarters = new Set<string>();
  /** For each type, the ORTHO_* bits of the contexts and cases it was seen in. */
  orthoContext = new Map<string, number>();

  /** Record that `type` was seen in context `flag`. */
  addOrthoContext(type: string, flag: number): void {
    this.orthoContext.set(type, (this.orthoContext.get(type) ?? 0) | flag);
  }

  /** The orthographic bits of `type` (0 when never seen). */
  ortho(type: string): number {
    return this.orthoContext.get(type) ?? 0;
  }

  /** Whether `(type1, type2)` is a known collocation. */
  hasCollocation(type1: string, type2: string): boolean {
    return this.collocations.has(`${type1}\t${type2}`);
  }

  /** Parameters from the four `punkt_tab` files' texts. */
  static fromTab(files: PunktTabFiles): PunktParameters {
    const params = new PunktParameters();
    const lines = (text: string) => text.split('\n').filter((line) => line !== '');
    for (const line of lines(files.abbrevTypes)) params.abbrevTypes.add(line);
    for (const line of lines(files.sentStarters)) params.sentStarters.add(line);
    for (const line of lines(files.collocations)) {
      const [type1, type2] = line.split('\t');
      if (type2 === undefined)
        throw new SyntaxError(
          `collocations.tab: expected two tab-separated types in ${JSON.stringify(line)}`,
        );
      params.collocations.add(`${type1}\t${type2}`);
    }
    for (const line of lines(files.orthoContext)) {
      const tab = line.lastIndexOf('\t');
      const bits = Number(line.slice(tab + 1));
      if (tab === -1 || !Number.isInteger(bits))
        throw new SyntaxError(
          `ortho_context.tab: expected a type, a tab and a number in ${JSON.stringify(line)}`,
        );
      params.orthoContext.set(line.slice(0, tab), bits);
    }
    return params;
  }

  /** The four `punkt_tab` files' texts, sorted for stable output. */
  toTab(): PunktTabFiles {
    const sorted = (values: Iterable<string>) => [...values].sort(compareCodePoints);
    const text = (values: string[]) => values.map((value) => `${value}\n`).join('');
    return {
      abbrevTypes: text(sorted(this.abbrevTypes)),
      collocations: text(sorted(this.collocations)),
      sentStarters: text(sorted(this.sentStarters)),
      orthoContext: text(
        sorted(this.orthoContext.keys()).map((type) => `${type}\t${this.orthoContext.get(type)}`),
      ),
    };
  }
}

/**
 * The texts of a `punkt_tab` model directory.
 *
 * @example
 * ```ts
 * const params = PunktParameters.fromTab({ abbrevTypes: 'dr\n', collocations: '', sentStarters: '', orthoContext: '' });
 * new PunktSentenceTokenizer(params).sentences('Ask Dr. Who. Now.'); // ['Ask Dr. Who.', 'Now.']
 * ```
 */
export interface PunktTabFiles {
  /** `abbrev_types.txt`: one type a line. */
  abbrevTypes: string;
  /** `collocations.tab`: two tab-separated types a line. */
  collocations: string;
  /** `sent_starters.txt`: one type a line. */
  sentStarters: string;
  /** `ortho_context.tab`: a type, a tab and its bits, a line each. */
  orthoContext: string;
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
