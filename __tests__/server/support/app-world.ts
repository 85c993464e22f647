/**
 * The hooks of a server suite: one database per file, reset (and seeded with the suite's own
 * rows) before each test, a fresh app and a logged-in user. Read the fields inside tests and hooks.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TokenGrant } from '../../../types/api/auth'
import type { Db } from '../../../server/db/database'
import { bearer } from './api'
import { createTestApp } from './test-app'
import type { TestApp, TestAppOptions } from './test-app'
import { openTestDatabase } from './test-database'
import type { TestDatabase } from './test-database'

export interface AppWorld {
  database: TestDatabase
  test: TestApp
  /** The user logged in before each test. */
  grant: TokenGrant
  /** A call as `as` (the logged-in user by default). */
  call(request: InjectOptions, as?: TokenGrant): Promise<LightMyRequestResponse>
}

/** `options`: the app's own parts (e.g. a cashier), made afresh for each test. */
export function appWorld(login: (test: TestApp) => Promise<TokenGrant>, seed?: (db: Db) => Promise<void>, options?: () => TestAppOptions): AppWorld {
  const world = {
    call: (request: InjectOptions, as?: TokenGrant) =>
      world.test.inject({ ...request, headers: { ...request.headers, ...bearer(as ?? world.grant) } }),
  } as AppWorld
  beforeAll(async () => {
    world.database = await openTestDatabase()
  })
  afterAll(async () => world.database?.dispose())
  beforeEach(async () => {
    await world.database.reset()
    if (seed) await seed(world.database.db)
    world.test = await createTestApp(world.database.db, options?.())
    world.grant = await login(world.test)
  })
  afterEach(async () => world.test.close())
  return world
}
