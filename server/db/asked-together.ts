/**
 * Two statements of one transaction asked for together (issue 14): `first`, then `second` without
 * waiting for the first's answer. On PostgreSQL the second rides behind the first (a pipeline,
 * ./postgres-statements.ts) and starts, as a statement of its own, once the first is done, so it
 * sees what the first's locks waited for; on PGlite they run one after the other. Should the first
 * fail, the second fails after it (its transaction aborted): the first's error is the one thrown.
 *
 * The order is the order of asking: `first` must hand its statement to the driver before it
 * returns, as a built statement does (Drizzle calls the driver at once). Where it matters, a test
 * fails otherwise: a checkout's lock asked for first must be taken before its count, and a
 * confirmation's writes sent ahead must not come after the COMMIT behind its status change
 * (server/modules/payments/lock-order.pg.test.ts).
 */
export async function askedTogether<TFirst, TSecond>(
  first: () => Promise<TFirst>,
  second: () => Promise<TSecond>,
): Promise<[TFirst, TSecond]> {
  const firstAnswer = first();
  const secondAnswer = second();
  secondAnswer.catch(() => undefined);
  return [await firstAnswer, await secondAnswer];
}
