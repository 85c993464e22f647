/**
 * The hooks of a server suite: one database per file, reset (and seeded with the suite's own
 * rows) before each test, a fresh app and a logged-in user. Read the fields inside tests and hooks.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TokenGrant } from '../../../types/api/auth'
import type { Db } from '../../../server/db/database'
import { bearer } from './api'
import { apiClient } from './api-client'
import type { ApiClient } from './api-client'
import { createTestApp } from './test-app'
import type { TestApp, TestAppOptions } from './test-app'
import { databasePerFile, openTestDatabase } from './test-database'
import type { TestDatabase } from './test-database'

export interface AppWorld {
  database: TestDatabase
  test: TestApp
  /** The user logged in before each test. */
  grant: TokenGrant
  /** A call as `as` (the logged-in user by default). */
  call(request: InjectOptions, as?: TokenGrant): Promise<LightMyRequestResponse>
  /** The contract's calls to the current test's app (anonymous unless `{ as }`). */
  readonly api: ApiClient
}

/** `options`: the app's own parts (e.g. a cashier), made afresh for each test. */
export function appWorld(login: (test: TestApp) => Promise<TokenGrant>, seed?: (db: Db) => Promise<void>, options?: () => TestAppOptions): AppWorld {
  const world = {
    call: (request: InjectOptions, as?: TokenGrant) =>
      world.test.inject({ ...request, headers: { ...request.headers, ...bearer(as ?? world.grant) } }),
    api: apiClient(() => world.test),
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

/**
 * A stand-in for the value `current()` answers when read: property reads, `in`, keys and spreads
 * go to the value of the moment, so a suite can name it once, outside its tests.
 */
function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const value: unknown = Reflect.get(current(), key)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current()) : value
    },
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}

/** The world's database, app and user as a suite names them once (`const { test, grant } = suiteOf(world)`): each is the current test's. */
export interface Suite {
  readonly database: TestDatabase
  readonly test: TestApp
  readonly grant: TokenGrant
  readonly api: ApiClient
}

export function suiteOf(world: AppWorld): Suite {
  return {
    database: standIn(() => world.database),
    test: standIn(() => world.test),
    grant: standIn(() => world.grant),
    api: world.api,
  }
}

/** The database, app and client of a suite of appPerTest. */
export interface AppPerTest {
  readonly database: TestDatabase
  /** The current test's app. */
  readonly test: TestApp
  readonly api: ApiClient
}

/**
 * The hooks of a suite whose tests log in themselves: the file's database (reset before each
 * test), and a fresh app on it per test, which `prepare` may add the suite's own routes to.
 */
export function appPerTest(prepare?: (test: TestApp) => void | Promise<void>, options?: () => TestAppOptions): AppPerTest {
  const database = databasePerFile()
  let current: TestApp | undefined
  const app = (): TestApp => {
    if (!current) throw new Error('The test app is made in beforeEach: use it inside hooks and tests')
    return current
  }
  beforeEach(async () => {
    current = await createTestApp(database.db, options?.())
    await prepare?.(current)
  })
  afterEach(async () => current?.close())
  return { database, test: standIn(app), api: apiClient(app) }
}
