/**
 * The schema on the driver under test: migrations apply once and are a no-op again, the
 * constraints the product relies on hold (one open order per plate and user, one successful
 * payment per order), and the seed runs its steps once.
 */
import { eq, sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/database'
import { migrate } from '../../server/db/migrate'
import { orders, payments, promotionChannels, seedHistory, users } from '../../server/db/schema'
import { SEED_STEPS, seed } from '../../server/seed'
import { CANCEL_STATE, ACTIVATION_STATE, PAY_STATE } from '../../src/domain/enums'
import { BANK } from './support/api'
import { TABLE_NAMES, describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'

describeDb('database schema and migrations', () => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await openTestDatabase()
  })
  afterAll(async () => test?.dispose())
  beforeEach(async () => test.reset())

  /** The product's tables (the migration journal may share the schema on a PostgreSQL server). */
  async function productTables(): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(
      test.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = ${test.schemaName} and table_name <> '__drizzle_migrations'`,
    )
    return rows.map((row) => row.name).sort()
  }

  it('creates every table of the schema and applies again as a no-op', async () => {
    const expected = [...TABLE_NAMES].sort()
    expect(await productTables()).toEqual(expected)
    await migrate(test.database)
    await migrate(test.database)
    expect(await productTables()).toEqual(expected)
    const journal = await queryRows<{ count: number }>(
      test.db,
      sql.raw(`select count(*)::int as count from "${test.database.migrationsSchema}"."__drizzle_migrations"`),
    )
    expect(Number(journal[0]?.count)).toBeGreaterThan(0)
  })

  async function addUser(uid: string): Promise<number> {
    const [row] = await test.db.insert(users).values({ uid, channel: BANK.channelId }).returning({ id: users.id })
    if (!row) throw new Error('no user')
    return row.id
  }

  const orderValues = (orderId: string, userId: number) => ({
    orderId,
    userId,
    channel: BANK.channelId,
    channelSource: 'bank',
    sourceChannel: BANK.sourceChannel,
    plateNumber: '京A12345',
    plateColor: 1,
    promotionChannelId: BANK.promotionChannelId,
  })

  it('allows one open order per plate and user, and a new one once the old is cancelled or activated', async () => {
    const userId = await addUser('U1')
    await test.db.insert(orders).values(orderValues('O1', userId))
    await expect(test.db.insert(orders).values(orderValues('O2', userId))).rejects.toThrow()

    await test.db.update(orders).set({ cancelState: CANCEL_STATE.CANCELLING }).where(eq(orders.orderId, 'O1'))
    await expect(test.db.insert(orders).values(orderValues('O2', userId))).rejects.toThrow()

    await test.db.update(orders).set({ cancelState: CANCEL_STATE.SUCCESS }).where(eq(orders.orderId, 'O1'))
    await test.db.insert(orders).values(orderValues('O2', userId))
    await test.db.update(orders).set({ obuActivationState: ACTIVATION_STATE.ACTIVATED }).where(eq(orders.orderId, 'O2'))
    await test.db.insert(orders).values(orderValues('O3', userId))

    const otherUser = await addUser('U2')
    await test.db.insert(orders).values(orderValues('O4', otherUser))
    expect(await test.db.select({ id: orders.orderId }).from(orders)).toHaveLength(4)
  })

  it('records at most one successful payment per order', async () => {
    const userId = await addUser('U1')
    await test.db.insert(orders).values(orderValues('O1', userId))
    const payment = (id: string, state: number) => ({ id, orderId: 'O1', userId, amountCents: 9900, state, cashierTokenHash: id })
    await test.db.insert(payments).values([payment('P1', PAY_STATE.FAILED), payment('P2', PAY_STATE.SUCCESS)])
    await expect(test.db.insert(payments).values(payment('P3', PAY_STATE.SUCCESS))).rejects.toThrow()
    await expect(test.db.insert(payments).values(payment('P4', 9))).rejects.toThrow()
  })

  it('rejects values outside the spec codes', async () => {
    const userId = await addUser('U1')
    await expect(test.db.insert(orders).values({ ...orderValues('O1', userId), deliveryMethod: '9' })).rejects.toThrow()
    await expect(test.db.insert(orders).values({ ...orderValues('O1', userId), amountCents: -1 })).rejects.toThrow()
  })

  it('seeds each step once and keeps edits to seeded data', async () => {
    const history = await test.db.select().from(seedHistory)
    expect(history.map((row) => row.name)).toEqual(SEED_STEPS.map((step) => step.name))
    await test.db
      .update(promotionChannels)
      .set({ promotionSubject: '已修改' })
      .where(eq(promotionChannels.id, BANK.promotionChannelId))
    expect(await seed(test.db)).toEqual([])
    const [channel] = await test.db.select().from(promotionChannels).where(eq(promotionChannels.id, BANK.promotionChannelId))
    expect(channel?.promotionSubject).toBe('已修改')
  })

  it('applies a new step once and refuses duplicate step names', async () => {
    const step = { name: '9999-test', run: jest.fn(async () => undefined) }
    expect(await seed(test.db, [...SEED_STEPS, step])).toEqual(['9999-test'])
    expect(await seed(test.db, [...SEED_STEPS, step])).toEqual([])
    expect(step.run).toHaveBeenCalledTimes(1)
    await expect(seed(test.db, [step, step])).rejects.toThrow('unique')
  })
})
