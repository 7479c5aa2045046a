/** The part of subset-font (harfbuzz hb-subset in wasm) that pdf-fonts.ts uses; it ships no types. */
declare module 'subset-font' {
  export interface TSubsetFontOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    /** Pins a variable font's axes, e.g. `{ wght: 400 }`: the result is a static instance. */
    variationAxes?: Record<string, number>;
    preserveNameIds?: number[];
    noLayoutClosure?: boolean;
  }
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: TSubsetFontOptions,
  ): Promise<Buffer>;
}
