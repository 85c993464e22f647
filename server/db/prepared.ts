/**
 * Queries of the hot paths (the session lookup of every protected request, the plate check's
 * main query, the order list) built once per database handle and run with placeholders: building a query with
 * the query builder costs more than a simple one takes to run on the embedded database, and on a
 * PostgreSQL server a named statement is parsed and planned once per connection.
 */
import type { Db } from './database'

/**
 * `build(db)` once per database handle (a transaction's handle builds its own). The name given
 * to `.prepare(name)` is the statement's name on a PostgreSQL server: one name per query text.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>()
  return (db) => {
    const known = built.get(db)
    if (known !== undefined) return known
    const query = build(db)
    built.set(db, query)
    return query
  }
}
