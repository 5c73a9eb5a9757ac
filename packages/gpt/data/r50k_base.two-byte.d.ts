/** The TwoByteChars summary of the r50k_base ranks. */
declare const summary: readonly number[];
export default summary;
