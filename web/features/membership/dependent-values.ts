/** A dependent as a form row holds it; `key` only tells rows apart while they are added and removed. */
export type TDependentValues = { key: number; name: string; dateOfBirth: string };

export function dependentPayloadsOf(rows: readonly TDependentValues[]) {
  return rows.map(({ name, dateOfBirth }) => ({ name, dateOfBirth, email: null }));
}
