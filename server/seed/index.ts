/** The seed steps and the runner that applies the pending ones (see steps.ts). */
import type { Db } from '../db/database'
import { seedHistory } from '../db/schema'
import { issuersSeed, promoterAccountsSeed, promotionChannelsSeed } from './base'
import { CATALOGUE_SEED_STEPS } from './catalogue'
import type { SeedStep } from './steps'

export const SEED_STEPS: readonly SeedStep[] = [issuersSeed, promotionChannelsSeed, promoterAccountsSeed, ...CATALOGUE_SEED_STEPS]

/** Applies the steps not yet in seed_history; returns the names applied now. */
export async function seed(db: Db, steps: readonly SeedStep[] = SEED_STEPS): Promise<string[]> {
  const names = steps.map((step) => step.name)
  if (new Set(names).size !== names.length) throw new Error('Seed step names must be unique')
  const done = new Set((await db.select({ name: seedHistory.name }).from(seedHistory)).map((row) => row.name))
  const applied: string[] = []
  for (const step of steps) {
    if (done.has(step.name)) continue
    const ran = await db.transaction(async (tx) => {
      // Claiming the name first: a second process starting at the same time waits here and then
      // finds the step done, instead of inserting the data twice.
      const claimed = await tx.insert(seedHistory).values({ name: step.name }).onConflictDoNothing().returning()
      if (!claimed.length) return false
      await step.run(tx)
      return true
    })
    if (ran) applied.push(step.name)
  }
  return applied
}
