/** The o200k_base ranks in compact form, base64. */
declare const ranks: string;
export default ranks;
