import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../../../domain/images';
import { images } from '../../db/schema';
import { ALLOW } from '../../lib/access';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { jpegOf, multipartPayload, pngOf, type TFilePart } from './image-test-kit';
import { multipartImageForm, uploadedImageOf } from './multipart-form';

/** A route of the shape every image form has: text fields plus one image in `photo`. */
function addUploadRoute(app: FastifyInstance) {
  app.post(
    '/api/test-upload',
    { config: { allow: ALLOW.public }, ...multipartImageForm('photo') },
    async (request, reply) => {
      const body = request.body as Record<string, string>;
      if (body.fail === 'yes') return reply.code(400).send({ error: { code: 'VALIDATION' } });
      return { fields: body, image: uploadedImageOf(request) };
    },
  );
}

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: addUploadRoute });
});
afterAll(() => t?.close());

async function upload(fields: Record<string, string>, files: TFilePart[]) {
  const { payload, headers } = await multipartPayload(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/test-upload', payload, headers });
}

const photo = (content: Buffer, name = 'photo.png', type = 'image/png'): TFilePart => ({
  field: 'photo',
  name,
  type,
  content,
});

async function storedRows(id: string) {
  return t.database.db.select().from(images).where(eq(images.id, id));
}

describe('the image store', () => {
  it('takes a png, resizes it once into thumb, card and full, and records each size', async () => {
    const response = await upload({ name: 'Asha' }, [photo(await pngOf(2000, 1000))]);
    expect(response.statusCode, response.body).toBe(200);
    const { fields, image } = response.json();
    expect(fields).toEqual({ name: 'Asha' });
    expect(image.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(image.sizes.map((s: { size: string }) => [s.size])).toEqual([
      ['thumb'],
      ['card'],
      ['full'],
    ]);
    expect(image.sizes).toMatchObject([
      { size: 'thumb', width: 160, height: 160 },
      { size: 'card', width: 800, height: 400 },
      { size: 'full', width: 1600, height: 800 },
    ]);
    const rows = await storedRows(image.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const meta = await sharp(row.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', row.width, row.height]);
      expect(row.mimeType).toBe('image/webp');
    }
  });

  it('takes a jpeg, turns it upright by its EXIF orientation and never enlarges it', async () => {
    const response = await upload({}, [photo(await jpegOf(300, 200, 6), 'p.jpeg', 'image/jpeg')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().image.sizes).toMatchObject([
      { size: 'thumb', width: 160, height: 160 },
      { size: 'card', width: 200, height: 300 },
      { size: 'full', width: 200, height: 300 },
    ]);
    const [full] = (await storedRows(response.json().image.id)).filter((r) => r.size === 'full');
    expect((await sharp(full.bytes).metadata()).exif).toBeUndefined();
  });

  it('judges by content: a jpeg named .png is taken, a script named .png is refused 415', async () => {
    const jpegNamedPng = await upload({}, [photo(await jpegOf(50, 50))]);
    expect(jpegNamedPng.statusCode).toBe(200);
    const before = await t.database.db.select().from(images);
    const script = await upload({}, [photo(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'evil.png')]);
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only png, jpg and jpeg images can be uploaded.',
    });
    expect(await t.database.db.select().from(images)).toHaveLength(before.length);
  });

  it('refuses a png header over a body that does not decode, and other formats, with 415', async () => {
    const png = await pngOf(100, 100);
    const truncated = png.subarray(0, 60);
    expect((await upload({}, [photo(truncated)])).statusCode).toBe(415);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload({}, [photo(gif, 'a.gif', 'image/gif')])).statusCode).toBe(415);
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    const response = await upload({}, [photo(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'An image may be at most 5 MB.',
    });
  });

  it('treats an empty file part as no image, and refuses a file in another field', async () => {
    // What a browser sends for a file input left empty
    const boundary = 'x-boundary';
    const emptyInput = await t.app.inject({
      method: 'POST',
      url: '/api/test-upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="a"',
        '',
        '1',
        `--${boundary}`,
        'Content-Disposition: form-data; name="photo"; filename=""',
        'Content-Type: application/octet-stream',
        '',
        '',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(emptyInput.json()).toEqual({ fields: { a: '1' }, image: null });
    const elsewhere = await upload({}, [{ ...photo(await pngOf(10, 10)), field: 'other' }]);
    expect(elsewhere.statusCode).toBe(415);
    const two = await upload({}, [photo(await pngOf(10, 10)), photo(await pngOf(10, 10))]);
    expect(two.statusCode).toBe(415);
  });

  it('removes the stored image again when the route refuses the form', async () => {
    const before = (await t.database.db.select().from(images)).length;
    const response = await upload({ fail: 'yes' }, [photo(await pngOf(10, 10))]);
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(images)).toHaveLength(before);
  });
});

describe('GET /api/images/:id/:size', () => {
  it('serves each size to anyone, with its type and immutable cache headers', async () => {
    const { image } = (await upload({}, [photo(await pngOf(400, 300))])).json();
    for (const size of ['thumb', 'card', 'full'] as const) {
      const response = await t.app.inject({ method: 'GET', url: imageUrl(image.id, size) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      const recorded = image.sizes.find((s: { size: string }) => s.size === size);
      expect([meta.width, meta.height]).toEqual([recorded.width, recorded.height]);
    }
  });

  it('answers 404 for an unknown image and 400 for a size it does not keep', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: imageUrl('A'.repeat(22), 'thumb') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const { image } = (await upload({}, [photo(await pngOf(20, 20))])).json();
    const badSize = await t.app.inject({ method: 'GET', url: `/api/images/${image.id}/huge` });
    expect(badSize.statusCode).toBe(400);
  });
});
