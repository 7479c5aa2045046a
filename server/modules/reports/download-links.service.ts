/**
 * Single-use download links (DESIGN §3d): a new browser tab cannot send the bearer header, so a
 * signed-in caller asks for a link to one download path. The link carries only a random token,
 * stored hashed; it works once, within 60 seconds, for that path only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DOWNLOAD_LINK_TTL_SECONDS, type TDownloadLink } from '../../../domain/contracts/reports';
import type { TDbOrTx } from '../../db/client';
import { downloadLinks } from '../../db/schema';
import type { TRole } from '../../lib/access';
import type { TPrincipal } from '../../lib/auth';
import type { TClock } from '../../lib/clock';
import { forbidden, invalid, unauthenticated } from '../../lib/errors';

/**
 * The paths a link may be made for and who may ask. Another module's download (e.g. the member
 * exports) adds its line here.
 */
export const DOWNLOAD_TARGETS: ReadonlyArray<{ pattern: RegExp; roles: readonly TRole[] }> = [
  {
    pattern:
      /^\/api\/(ticket|member|donation)reportdownload\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/,
    roles: ['tempadmin', 'admin', 'super'],
  },
  // The member exports (spec 02 §2.7): global admins and super users, not temporary admins
  { pattern: /^\/api\/(pdf|csv|csv\/active|csv\/inactive)$/, roles: ['admin', 'super'] },
];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createDownloadLink(
  db: TDbOrTx,
  input: { path: string; principal: TPrincipal; now: Date },
): Promise<TDownloadLink> {
  const target = DOWNLOAD_TARGETS.find((candidate) => candidate.pattern.test(input.path));
  if (!target)
    throw invalid('This is not a download address.', { path: 'Not a download address.' });
  if (!target.roles.includes(input.principal.role)) throw forbidden();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + DOWNLOAD_LINK_TTL_SECONDS * 1000);
  await db.insert(downloadLinks).values({
    tokenHash: hashToken(token),
    path: input.path,
    expiresAt,
    createdByKind: input.principal.kind,
    createdById: input.principal.subjectId,
    createdAt: input.now,
  });
  return { url: `${input.path}?link=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses the link up: true once, for its own path, before it expires; false ever after. One
 * conditional update, so two tabs racing with the same link cannot both win.
 */
export async function consumeDownloadLink(
  db: TDbOrTx,
  token: string,
  path: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(downloadLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(downloadLinks.tokenHash, hashToken(token)),
        eq(downloadLinks.path, path),
        isNull(downloadLinks.usedAt),
        gt(downloadLinks.expiresAt, now),
      ),
    )
    .returning({ id: downloadLinks.id });
  return used.length === 1;
}

/**
 * A route's second way in (`config.allowIf`) for a download opened without the bearer header:
 * `?link=` holding a single-use link for this very path. A used or stale link says so instead of
 * asking the person to sign in.
 */
export function holdsDownloadLink(ctx: { db: TDbOrTx; clock: TClock }) {
  return async (request: FastifyRequest): Promise<boolean> => {
    const link = (request.query as { link?: string } | undefined)?.link;
    if (!link) return false;
    const path = request.url.split('?')[0];
    if (await consumeDownloadLink(ctx.db, link, path, ctx.clock.now())) return true;
    throw unauthenticated(
      'This download link has expired or was already used. Please download again.',
    );
  };
}
