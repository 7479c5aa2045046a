import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { IMAGE_SIZES } from '../../../domain/images';
import { createdAt, isOneOf } from './columns';

/** Raw bytes; both drivers hand back a Uint8Array (pg: a Buffer), read here as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded images (DESIGN §3d), one row per (image, size), kept in the database so a backup
 * holds them and every instance serves them. Entities keep the image id in their `image` column.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').notNull(),
    size: text('size', { enum: IMAGE_SIZES }).notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.size] }),
    check('images_size_check', isOneOf(t.size, IMAGE_SIZES)),
    check('images_dimensions_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

export type TImageRow = typeof images.$inferSelect;
export type TNewImageRow = typeof images.$inferInsert;
