/** The rows of a raw `execute`: both drivers answer `{ rows }`; the shared TDb type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
