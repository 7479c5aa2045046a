import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZMemberFilterResponse } from '../../domain/contracts/members';
import { readsTheSameBothWays, responseSerializer } from './response-serializer';

const serialize = (schema: z.ZodType, data: unknown) =>
  responseSerializer({ schema, method: 'GET', url: '/api/test', httpStatus: '200' })(data);

describe('the response serializer', () => {
  it('parses a schema that reads the same both ways, encodes one that does not', () => {
    const member = z.object({
      id: z.number().int(),
      name: z.string().max(10),
      tags: z.array(z.enum(['a', 'b'])),
      note: z.string().nullable().optional(),
      kind: z.discriminatedUnion('type', [
        z.object({ type: z.literal('x'), x: z.number() }),
        z.object({ type: z.literal('y') }),
      ]),
    });
    type TNode = { name: string; children: TNode[] };
    const tree: z.ZodType<TNode> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(tree) }),
    );
    expect(readsTheSameBothWays(member)).toBe(true);
    expect(readsTheSameBothWays(tree)).toBe(true);
    expect(readsTheSameBothWays(ZMemberFilterResponse)).toBe(true);

    for (const oneWay of [
      z.object({ n: z.number().default(1) }),
      z.object({ n: z.number().prefault(1) }),
      z.object({ n: z.number().catch(0) }),
      z.object({ s: z.string().transform((value) => value.length) }),
      z.array(z.string().pipe(z.string())),
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), {
          decode: (text) => new Date(text),
          encode: (date) => date.toISOString(),
        }),
      }),
    ]) {
      expect(readsTheSameBothWays(oneWay)).toBe(false);
    }
  });

  it('keeps only the fields the schema names and refuses a wrong shape', () => {
    const account = z.object({ id: z.number().int(), email: z.string() });
    expect(serialize(account, { id: 7, email: 'a@example.org', passwordHash: 'secret' })).toBe(
      '{"id":7,"email":"a@example.org"}',
    );
    expect(() => serialize(account, { id: 7.5, email: 'a@example.org' })).toThrow(
      /Response doesn't match the schema/,
    );
  });

  it('answers what encoding answers where a part works one way only', () => {
    // Encoding wants the answer's own value where parsing would fill in the default
    const withDefault = z.object({ id: z.number(), page: z.number().default(1) });
    expect(serialize(withDefault, { id: 1, page: 2 })).toBe('{"id":1,"page":2}');
    expect(() => serialize(withDefault, { id: 1 })).toThrow(/Response doesn't match the schema/);
  });
});
