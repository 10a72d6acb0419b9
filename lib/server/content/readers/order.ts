/** Sorts by a text key in code-point order, the same whatever the database's collation. */
export function sortByText<T>(list: T[], key: (item: T) => string): T[] {
  return [...list].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
