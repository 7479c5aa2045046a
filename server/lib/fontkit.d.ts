/** The part of fontkit (pdfkit's font engine) that pdf-fonts.ts uses; it ships no types. */
declare module 'fontkit' {
  /** A parsed font: pdfkit lays text out with it and embeds the glyphs a document used. */
  export interface TFontkitFont {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(data: Buffer | Uint8Array): TFontkitFont;
}
