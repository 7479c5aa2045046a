import { useMemo } from 'react';
import { qrDrawing } from '../../domain/door-qr';

/**
 * A ticket's door code as a QR code (an inline SVG: sharp at any zoom, no image request, nothing
 * for the CSP to refuse). Black on white whatever the theme, so a scanner always reads it.
 */
export function DoorCodeQr({
  code,
  label,
  size = 200,
}: {
  code: string;
  /** What a screen reader says, e.g. "QR code of ticket ABCD-EF23". */
  label: string;
  size?: number;
}) {
  const drawing = useMemo(() => qrDrawing(code), [code]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      shapeRendering="crispEdges"
      data-testid="door-code-qr"
      data-code={code}
      style={{ display: 'block', background: '#fff' }}
    >
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
