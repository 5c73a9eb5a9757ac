/** The TwoByteChars summary of the cl100k_base ranks. */
declare const summary: readonly number[];
export default summary;
