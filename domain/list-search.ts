/**
 * The spec's list search (spec 01 §5): a case-insensitive substring match over the whole item, or
 * over "first last" when the item has a first name (so "asha pat" finds Asha Patel while her
 * e-mail and phone still match, as the board list's "name, email, phone no" search promises).
 * An empty term or "all" returns everything.
 */
export function searchList<T extends object>(
  items: readonly T[] | null | undefined,
  term: string | null | undefined,
): T[] {
  if (!items) return [];
  const needle = (term ?? '').trim().toLowerCase();
  if (!needle || needle === 'all') return [...items];
  return items.filter((item) => haystackOf(item).includes(needle));
}

function haystackOf(item: object): string {
  const record = item as Record<string, unknown>;
  const whole = Object.values(record)
    .filter((value) => value !== null && typeof value !== 'object')
    .join('\n');
  const first = record.firstName ?? record.MemberFirstName ?? record.fName;
  if (typeof first !== 'string' || !first) return whole.toLowerCase();
  const last = record.lastName ?? record.MemberLastName ?? record.lName ?? '';
  return `${first} ${String(last)}\n${whole}`.toLowerCase();
}
