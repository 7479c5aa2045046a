/**
 * A door code as a QR code, drawn the same way on the success screen (SVG), in the receipt PDF
 * (pdfkit) and, rasterised, in the receipt e-mail: one SVG path of the dark modules.
 */
import { create } from 'qrcode';

/** Modules of light border around the symbol; scanners need at least 4 to find it reliably. */
export const QR_QUIET_ZONE = 4;

export interface TQrDrawing {
  /** Width and height in modules, border included. */
  size: number;
  /** One SVG path ('M x y h1 v1 h-1 z' per run of dark modules), in module units. */
  path: string;
}

/** The QR code of `text` with error correction M (about 15% of the symbol may be damaged). */
export function qrDrawing(text: string): TQrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      parts.push(
        `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h${start - col}z`,
      );
    }
  }
  return { size: modules.size + 2 * QR_QUIET_ZONE, path: parts.join('') };
}

/** A whole SVG document of the code, black on white, `pixels` wide. */
export function qrSvg(text: string, pixels: number): string {
  const { size, path } = qrDrawing(text);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
