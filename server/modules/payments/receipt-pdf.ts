import { loadPdfKit } from '../../lib/lazy-packages';
import { prepareFonts, writeText } from '../../lib/pdf-fonts';
import { drawDoorQr } from './door-qr-image';

export interface TReceiptLine {
  label: string;
  value: string;
}

const THANKS = 'Thank you for supporting the association.';

/**
 * The receipt as a one-page PDF, rendered in memory (nothing touches the disk). Names print in
 * whatever script they were typed in (server/lib/pdf-fonts.ts); pdfkit is loaded by the first
 * receipt, not by every server start.
 */
export async function renderReceiptPdf(input: {
  orgName: string;
  title: string;
  lines: readonly TReceiptLine[];
  /** A ticket's door code, drawn as a QR code under the lines. */
  doorCode?: string | null;
  /** The closing line, in the receipt's language. */
  thanks?: string;
}): Promise<Buffer> {
  const thanks = input.thanks ?? THANKS;
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: input.title, Author: input.orgName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await prepareFonts(doc, [input.orgName, ...input.lines.map((line) => line.label)], ['bold']);
  await prepareFonts(
    doc,
    [input.title, thanks, ...input.lines.map((line) => line.value)],
    ['regular'],
  );
  writeText(doc, input.orgName, { weight: 'bold', size: 16 });
  doc.moveDown(0.3).fillColor('#444');
  writeText(doc, input.title, { size: 12 });
  doc.moveDown(1).fillColor('#000');
  for (const line of input.lines) {
    writeText(doc, line.label, { weight: 'bold', size: 10 });
    writeText(doc, line.value, { size: 11 });
    doc.moveDown(0.5);
  }
  if (input.doorCode) drawDoorQr(doc, input.doorCode);
  doc.moveDown(1).fillColor('#444');
  writeText(doc, thanks, { size: 9 });
  doc.end();
  return await done;
}
