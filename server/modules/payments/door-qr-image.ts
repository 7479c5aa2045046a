/** The door code's QR code for the receipt: a PNG for e-mail, and vector drawing for the PDF. */
import { qrDrawing, qrSvg } from '../../../domain/door-qr';
import { loadSharp } from '../../lib/lazy-packages';

/** The content id the receipt's HTML names as `cid:` for the inline QR image. */
export const DOOR_QR_CID = 'door-code-qr@samaj';
export const DOOR_QR_PIXELS = 240;

/**
 * A PNG, not the SVG: most mail clients (Gmail, Outlook) do not show SVG images; an inline
 * attachment (cid) shows where data: URLs are blocked.
 */
export async function doorQrPng(code: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(qrSvg(code, DOOR_QR_PIXELS)))
    .png()
    .toBuffer();
}

/** Draws the code's QR code `points` wide at the document's cursor, then moves below it. */
export function drawDoorQr(doc: PDFKit.PDFDocument, code: string, points = 120): void {
  const { size, path } = qrDrawing(code);
  const x = doc.page.margins.left;
  const y = doc.y;
  doc
    .save()
    .translate(x, y)
    .scale(points / size);
  doc.rect(0, 0, size, size).fill('#fff');
  doc.path(path).fill('#000');
  doc.restore();
  doc.y = y + points;
  doc.x = x;
}
