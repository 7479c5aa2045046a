/**
 * Hands PGlite the type parsers Drizzle wants once, when it opens, instead of with every query.
 *
 * Drizzle's PGlite driver passes its own parsers (dates, times and intervals left as text) with
 * each query, and PGlite then copies its whole table of about 320 parsers to merge them in: the
 * largest single cost of a statement on the embedded database (a tenth of a purchase's CPU in the
 * rush benchmark). Given at start, the same parsers sit in PGlite's own table, and the per-query
 * copies are left out. Anything else a caller passes goes through unchanged.
 */
import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** The parsers Drizzle's PGlite driver gives every query (drizzle-orm/pglite/session.js). */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions['parsers']> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

const DRIZZLE_TYPES = Object.keys(DRIZZLE_PARSERS).map(Number);

type TParserTable = Record<number, (value: string, typeId: number) => unknown>;

/**
 * Gives `client`'s own table Drizzle's parsers, and returns what turns a query's options into
 * ones without parsers for exactly those types. PGlite may build its table afresh or set array
 * parsers of its own (once its types are loaded, after an extension is created), so the live
 * table is checked on every query and given Drizzle's parsers again when it lacks them.
 */
export function drizzleParsersOnce(
  client: PGlite,
): (options?: QueryOptions) => QueryOptions | undefined {
  const owner = client as unknown as { parsers: TParserTable };
  const liveTableWithDrizzleParsers = () => {
    const table = owner.parsers;
    if (!DRIZZLE_TYPES.every((type) => table[type] === DRIZZLE_PARSERS[type])) {
      Object.assign(table, DRIZZLE_PARSERS);
    }
  };
  liveTableWithDrizzleParsers();
  return (options) => {
    const parsers = options?.parsers;
    if (!parsers) return options;
    const types = Object.keys(parsers);
    const same =
      types.length === DRIZZLE_TYPES.length && DRIZZLE_TYPES.every((type) => type in parsers);
    if (!same) return options;
    liveTableWithDrizzleParsers();
    const { parsers: _known, ...rest } = options;
    return rest;
  };
}
