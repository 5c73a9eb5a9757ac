import type { Command } from '../command.js';
import { compareCommand } from './compare.js';
import { countCommand } from './count.js';
import { decodeCommand } from './decode.js';
import { detokenizeCommand } from './detokenize.js';
import { embedCommand } from './embed.js';
import { encodeCommand } from './encode.js';
import { exportCommand } from './export.js';
import { normalizeCommand } from './normalize.js';
import { sentencesCommand } from './sentences.js';
import { statsCommand } from './stats.js';
import { stemCommand } from './stem.js';
import { tokenizeCommand } from './tokenize.js';
import { trainCommand } from './train.js';
import { webCommand } from './web.js';

/** Every `tokenlab` sub-command, in the order `tokenlab --help` lists them. */
export const COMMANDS: readonly Command[] = [
  compareCommand,
  countCommand,
  decodeCommand,
  detokenizeCommand,
  embedCommand,
  encodeCommand,
  exportCommand,
  normalizeCommand,
  sentencesCommand,
  stemCommand,
  statsCommand,
  tokenizeCommand,
  trainCommand,
  webCommand,
];
