/**
 * The one image store (DESIGN §3d): an upload is checked by its content (png or jpeg, at most
 * 5 MB), turned upright, stripped of its metadata and resized once into the fixed sizes of
 * domain/images.ts, each kept in the database with its width and height.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ACCEPTED_IMAGE_FORMATS,
  IMAGE_SIZE_BOXES,
  IMAGE_SIZES,
  MAX_IMAGE_BYTES,
  type TImageSize,
} from '../../../domain/images';
import type { TDbOrTx } from '../../db/client';
import { images, type TImageRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-packages';

export const NOT_AN_IMAGE_MESSAGE = 'Only png, jpg and jpeg images can be uploaded.';
export const IMAGE_TOO_LARGE_MESSAGE = 'An image may be at most 5 MB.';

const OUTPUT_MIME_TYPE = 'image/webp';
const WEBP_QUALITY = 82;

export interface TStoredImageSize {
  size: TImageSize;
  width: number;
  height: number;
  bytes: number;
}

export interface TStoredImage {
  id: string;
  sizes: TStoredImageSize[];
}

interface TRendition {
  size: TImageSize;
  width: number;
  height: number;
  data: Buffer;
}

export const imageTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE);

async function acceptedFormat(buffer: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    const sharp = await loadSharp();
    format = (await sharp(buffer).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!(ACCEPTED_IMAGE_FORMATS as readonly (string | undefined)[]).includes(format)) {
    throw notAnImage();
  }
}

async function render(buffer: Buffer, size: TImageSize): Promise<TRendition> {
  const box = IMAGE_SIZE_BOXES[size];
  const sharp = await loadSharp();
  const { data, info } = await sharp(buffer)
    // Upright by EXIF, then the metadata (camera, place) is dropped: sharp keeps none by default
    .rotate()
    .resize(
      box.height
        ? { width: box.width, height: box.height, fit: 'cover' }
        : { width: box.width, withoutEnlargement: true },
    )
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { size, width: info.width, height: info.height, data };
}

/**
 * Checks and resizes an upload (CPU only, no database). 413 above 5 MB; 415 for anything that is
 * not a decodable png or jpeg, whatever its name says.
 */
export async function prepareImage(buffer: Buffer): Promise<TRendition[]> {
  if (buffer.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  await acceptedFormat(buffer);
  try {
    return await Promise.all(IMAGE_SIZES.map((size) => render(buffer, size)));
  } catch {
    // A header that looks right over a body that does not decode
    throw notAnImage();
  }
}

export async function storeImage(db: TDbOrTx, buffer: Buffer): Promise<TStoredImage> {
  const renditions = await prepareImage(buffer);
  const id = randomBytes(16).toString('base64url');
  await db.insert(images).values(
    renditions.map((rendition) => ({
      id,
      size: rendition.size,
      mimeType: OUTPUT_MIME_TYPE,
      width: rendition.width,
      height: rendition.height,
      bytes: rendition.data,
    })),
  );
  return {
    id,
    sizes: renditions.map(({ size, width, height, data }) => ({
      size,
      width,
      height,
      bytes: data.length,
    })),
  };
}

export async function deleteImage(db: TDbOrTx, id: string): Promise<void> {
  await db.delete(images).where(eq(images.id, id));
}

export async function readImage(
  db: TDbOrTx,
  id: string,
  size: TImageSize,
): Promise<Pick<TImageRow, 'mimeType' | 'bytes'> | null> {
  const [row] = await db
    .select({ mimeType: images.mimeType, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.id, id), eq(images.size, size)));
  return row ?? null;
}
