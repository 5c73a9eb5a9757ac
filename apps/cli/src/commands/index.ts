import type { Command } from '../command.js';
import { tokenizeCommand } from './tokenize.js';
import { webCommand } from './web.js';

/** Every `tokenlab` sub-command, in the order `tokenlab --help` lists them. */
export const COMMANDS: readonly Command[] = [tokenizeCommand, webCommand];
