/** The TwoByteChars summary of the o200k_base ranks. */
declare const summary: readonly number[];
export default summary;
