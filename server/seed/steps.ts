/**
 * Seeding: named steps that each run once per database, in order, each in its own transaction
 * together with its row in seed_history. Data a step wrote may then be edited in the database and
 * stays edited. To add demo data, append a step with a new name to SEED_STEPS (server/seed/index.ts);
 * never rename or change a step that has shipped, add a new one instead.
 */
import type { Tx } from '../db/database'

export interface SeedStep {
  /** Unique and stable, e.g. '0004-commodities'; steps run in the order of SEED_STEPS. */
  readonly name: string
  run(tx: Tx): Promise<void>
}
