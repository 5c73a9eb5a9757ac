/** The TwoByteChars summary of the p50k_base ranks. */
declare const summary: readonly number[];
export default summary;
