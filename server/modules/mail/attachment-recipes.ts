/**
 * Renders the attachments an outbox row stores as recipes (a receipt's PDF, a door code's QR
 * image) when the worker sends the mail. The row was written in the caller's transaction, so the
 * mail exists if and only if that work committed; only the CPU-heavy bytes wait for the send.
 */
import type { TAttachmentRecipe, TMailAttachment, TReadyAttachment } from '../../db/schema';
import { doorQrPng } from '../payments/door-qr-image';
import { renderReceiptPdf } from '../payments/receipt-pdf';

function render(recipe: TAttachmentRecipe): Promise<Buffer> {
  switch (recipe.kind) {
    case 'receipt-pdf':
      return renderReceiptPdf(recipe);
    case 'door-qr-png':
      return doorQrPng(recipe.code);
  }
}

/** The attachments with their bytes: stored ones as they are, recipes rendered now. */
export async function readyAttachments(
  attachments: readonly TMailAttachment[],
): Promise<TReadyAttachment[]> {
  const ready: TReadyAttachment[] = [];
  for (const attachment of attachments) {
    if (!attachment.recipe) {
      ready.push(attachment);
      continue;
    }
    const content = await render(attachment.recipe);
    ready.push({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: content.toString('base64'),
      ...(attachment.cid ? { cid: attachment.cid } : {}),
    });
  }
  return ready;
}
