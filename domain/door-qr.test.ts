import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrDrawing, qrSvg } from './door-qr';

describe('qrDrawing', () => {
  it('draws a version-1 symbol (21 modules) with its quiet zone for a door code', () => {
    const drawing = qrDrawing('ABCD-EF23');
    expect(drawing.size).toBe(21 + 2 * QR_QUIET_ZONE);
    // The top-left finder pattern starts with a run of 7 dark modules inside the quiet zone
    expect(drawing.path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h7v1h-7z`)).toBe(true);
  });

  it('draws different codes differently', () => {
    expect(qrDrawing('ABCD-EF23').path).not.toBe(qrDrawing('ABCD-EF24').path);
  });

  it('makes a standalone SVG of the asked width', () => {
    expect(qrSvg('ABCD-EF23', 240)).toMatch(
      /^<svg [^>]*width="240" height="240" viewBox="0 0 29 29"/,
    );
  });
});
