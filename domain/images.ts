/**
 * The one image store (DESIGN §3d): every uploaded image (member, board, event) is kept once per
 * fixed size and served at `/api/images/<id>/<size>`. Images never change in place; a new upload
 * is a new id, so the addresses can be cached for ever.
 */

export const IMAGE_SIZES = ['thumb', 'card', 'full'] as const;
export type TImageSize = (typeof IMAGE_SIZES)[number];

/** `thumb` is a square crop (profiles, board, Leadership cards); the others keep the shape. */
export const IMAGE_SIZE_BOXES: Record<TImageSize, { width: number; height?: number }> = {
  thumb: { width: 160, height: 160 },
  card: { width: 800 },
  full: { width: 1600 },
};

/** Larger uploads are refused with 413. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The formats accepted, read from the file's content (never its name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ['png', 'jpeg'] as const;

/** What the file picker offers; the server decides by content. */
export const IMAGE_PICKER_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Ids are 22 url-safe characters (16 random bytes). */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function imageUrl(id: string, size: TImageSize): string {
  return `/api/images/${id}/${size}`;
}

/** The URL of a stored image id, or null when there is none (presenters use this). */
export function imageUrlOrNull(id: string | null | undefined, size: TImageSize): string | null {
  return id ? imageUrl(id, size) : null;
}
