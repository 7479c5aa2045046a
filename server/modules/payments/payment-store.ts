/** Reading and changing payment rows: the few queries every payment service shares. */
import { eq } from 'drizzle-orm';
import type { TDbOrTx, TTx } from '../../db/client';
import { payments, type TNewPaymentRow, type TPaymentRow } from '../../db/schema';

export async function findPayment(
  db: TDbOrTx,
  transactionId: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId));
  return row;
}

/** Reads the payment and locks its row until the transaction ends: one confirmation at a time. */
export async function lockPayment(
  tx: TTx,
  transactionId: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.transactionId, transactionId))
    .for('update');
  return row;
}

export async function updatePayment(
  db: TDbOrTx,
  id: number,
  changes: Partial<Omit<TNewPaymentRow, 'id' | 'transactionId'>> & { updatedAt: Date },
): Promise<TPaymentRow> {
  const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
  return row;
}
