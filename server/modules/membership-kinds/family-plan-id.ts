import { sql } from 'drizzle-orm';
import { familyPlanId } from '../../../domain/display';
import type { TTx } from '../../db/client';
import { familyPlanSequences, members } from '../../db/schema';

/**
 * The next FamilyPlanId of a prefix (DESIGN §3d: prefix + 4-digit sequence, e.g. GM0042). The
 * upsert locks the prefix's sequence row until the transaction ends, so concurrent payments get
 * distinct numbers; the sequence never falls behind ids already handed out (by the seed or an
 * import), because it continues from the highest one in use.
 */
export async function nextFamilyPlanId(tx: TTx, prefix: string): Promise<string> {
  const [{ highest }] = await tx
    .select({
      highest: sql<number>`coalesce(max(substring(${members.familyPlanId} from ${prefix.length + 1})::int), 0)::int`,
    })
    .from(members)
    .where(sql`${members.familyPlanId} ~ ${`^${prefix}[0-9]{4}$`}`);
  const [row] = await tx
    .insert(familyPlanSequences)
    .values({ prefix, lastValue: Number(highest) + 1 })
    .onConflictDoUpdate({
      target: familyPlanSequences.prefix,
      set: { lastValue: sql`greatest(${familyPlanSequences.lastValue}, ${Number(highest)}) + 1` },
    })
    .returning({ lastValue: familyPlanSequences.lastValue });
  return familyPlanId(prefix, row.lastValue);
}
