/** Test-only: real images made by sharp, and multipart payloads for app.inject. */
import sharp from 'sharp';

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}

export async function jpegOf(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#2c7be5' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

export interface TFilePart {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipartPayload(
  fields: Record<string, string>,
  files: TFilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}
