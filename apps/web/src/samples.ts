/** A text the playground offers in its sample menu. */
export interface Sample {
  /** Stable id. */
  id: string;
  /** Menu label. */
  label: string;
  /** Language, for the menu grouping. */
  language: 'en' | 'ar' | 'mixed';
  /** The bundled corpus it is cut from, when it comes from one (its licence is shown with it). */
  corpus?: string;
  /** How many characters to take, at document boundaries, from the corpus. */
  length?: number;
  /** Start where this first occurs (skipping a page's menus, say). */
  from?: string;
  /** The text itself, for samples that are not cut from a corpus. */
  text?: string;
}

/** The samples, in menu order. */
export const SAMPLES: readonly Sample[] = [
  {
    id: 'taylorswift',
    label: 'English: Wikipedia (Taylor Swift)',
    language: 'en',
    corpus: 'taylorswift',
    length: 700,
    from: 'Taylor Alison Swift (born',
  },
  {
    id: 'shakespeare',
    label: 'English: Tiny Shakespeare',
    language: 'en',
    corpus: 'tinyshakespeare',
    length: 500,
  },
  {
    id: 'wikinews-ar',
    label: 'Arabic: Wikinews, with diacritics',
    language: 'ar',
    corpus: 'wikinews-ar',
    length: 500,
  },
  {
    id: 'wikinews-ar-plain',
    label: 'Arabic: Wikinews, as news is written',
    language: 'ar',
    corpus: 'wikinews-ar-plain',
    length: 500,
  },
  {
    id: 'udhr-en',
    label: 'English: Human Rights Declaration',
    language: 'en',
    corpus: 'udhr-en',
    length: 600,
  },
  {
    id: 'udhr-ar',
    label: 'Arabic: Human Rights Declaration (the same text)',
    language: 'ar',
    corpus: 'udhr-ar',
    length: 600,
  },
  {
    id: 'quran',
    label: 'Arabic: Al-Fatiha (Uthmani script)',
    language: 'ar',
    corpus: 'quran-uthmani',
    length: 300,
  },
  {
    id: 'mixed',
    label: 'Mixed: code, numbers, emoji, both scripts',
    language: 'mixed',
    text: 'It\'s 3.14 o\'clock — «مرحبًا بالعالم» 👋🏽!\n\tdef hello(): return "héllo, وَرَحْمَةُ اللهِ"\n',
  },
];

/** The text of sample `sample` and the credit its licence asks for (empty for built-in samples). */
export interface LoadedSample {
  /** The excerpt. */
  text: string;
  /** Title, licence and attribution of the corpus it comes from. */
  credit: string;
}

/**
 * Load a sample: the first whole documents (verses, articles, paragraphs) of its corpus, up to about
 * `length` characters. The corpus package is imported and its file fetched only now.
 */
export async function loadSample(sample: Sample): Promise<LoadedSample> {
  if (sample.text !== undefined || !sample.corpus) return { text: sample.text ?? '', credit: '' };
  const { corpusInfo, loadCorpusDocuments } = await import('@tokenlab/corpora');
  let documents = await loadCorpusDocuments(sample.corpus);
  const from = sample.from;
  const first = from ? documents.findIndex((document) => document.includes(from)) : -1;
  if (from && first >= 0) {
    documents = documents.slice(first);
    documents[0] = documents[0]!.slice(documents[0]!.indexOf(from));
  }
  const limit = sample.length ?? 600;
  const picked: string[] = [];
  let size = 0;
  for (const document of documents) {
    if (picked.length > 0 && size + document.length > limit) break;
    picked.push(document);
    size += document.length + 1;
  }
  let text = picked.join('\n');
  // A first document longer than the limit is cut at a sentence or word end.
  if (text.length > limit * 1.5) {
    const cut = Math.max(
      text.lastIndexOf('. ', limit),
      text.lastIndexOf('۔ ', limit),
      text.lastIndexOf(' ', limit),
    );
    text = text.slice(0, cut > 0 ? cut + 1 : limit).trimEnd();
  }
  const info = corpusInfo(sample.corpus);
  return { text, credit: `${info.title}: ${info.attribution} (${info.license})` };
}
