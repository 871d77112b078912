// The reads and the delete every table repository has, over statements each repository prepares itself (so
// its SQL stays in its own file): list maps every row, get / getByName map the one row or say undefined.
import type { Statement } from 'better-sqlite3';

/** `list()`: every row the statement selects, mapped. */
export function readAll<Row, Item>(statement: Statement<[], Row>, fromRow: (row: Row) => Item) {
  return async (): Promise<Item[]> => statement.all().map(fromRow);
}

/** `get(id)` / `getByName(name)`: the row the statement selects by that key, mapped, or undefined. */
export function readOne<Row, Item>(statement: Statement<[string], Row>, fromRow: (row: Row) => Item) {
  return async (key: string): Promise<Item | undefined> => {
    const row = statement.get(key);
    return row ? fromRow(row) : undefined;
  };
}

/** `delete(id)`: whether the statement removed a row. */
export function deleteOneBy(statement: Statement<[string]>) {
  return async (id: string): Promise<boolean> => statement.run(id).changes > 0;
}
