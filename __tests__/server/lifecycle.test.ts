/**
 * The lifecycle of an order after payment: its rules applied to stored orders as the issuer's
 * notifications apply them (audit, reject, ship, activate, with timeline entries; applyIssuerEvent),
 * the `npm run sim` command's logic (arguments, exit codes, Chinese output, the simulated issuer's
 * signed notification to the running server when it holds the embedded database), the demo timer
 * (SIM_AUTO_ADVANCE_SECONDS) and one smoke test of the real command in a child process.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { API } from '../../types/api/paths'
import { ACTIVATION_STATE, AUDIT_STATE, DELIVERY_METHOD, DELIVERY_STATE, ISSUER_AUDIT_STATE, PAY_STATE } from '../../src/domain/enums'
import { PLACEHOLDER_PICKUP_BRANCHES } from '../../server/catalogue/pickup-branches'
import { openDatabase } from '../../server/db/database'
import type { Db } from '../../server/db/database'
import { migrate } from '../../server/db/migrate'
import { orderEvents, orders, payments, users } from '../../server/db/schema'
import { cryptoRandom } from '../../server/runtime/random'
import { APP_ENV } from '../../server/config'
import type { Config } from '../../server/config'
import { seed } from '../../server/seed'
import { ISSUER_EVENT_OF, applyIssuerEvent } from '../../server/orders/issuer-events'
import { ISSUER_NOTIFY_PATH } from '../../server/orders/issuer-protocol'
import { AUDIT_CONTRADICTION, DEFAULT_REJECT_REASON } from '../../server/orders/lifecycle'
import type { LifecycleAction } from '../../server/orders/lifecycle'
import { autoAdvanceTick } from '../../server/simulators/auto-advance'
import { SIM_EXIT, loopbackUrl, parseSimArgs, simulate } from '../../server/simulators/sim-command'
import {
  createOrder,
  data,
  FIXTURE,
  orderRow,
  orderWorld,
  paidOrder as paidOrderOf,
  seedOrderFixtures,
  submittedOrder,
} from './support/orders'
import type { OrderOptions } from './support/orders'
import { createTestApp, testConfig } from './support/test-app'
import { suiteOf } from './support/app-world'
import { describeDb, testDriver } from './support/test-database'
import { freePort } from './support/ports'
import { TEST_DATA_KEY_HEX } from './support/test-keys'

const run = promisify(execFile)
const REPOSITORY = path.resolve(__dirname, '../..')

/** A courier's waybill, as an issuer's "shipped" carries it. */
const WAYBILL = 'SF000000000001'

describeDb('the lifecycle of a paid order', () => {
  const world = orderWorld()
  const { database, test, grant: owner, api } = suiteOf(world)

  const context = () => ({ db: database.db, clock: test.clock, random: cryptoRandom })
  /** What the issuer's word that `action` happened does to the stored order. */
  const step = (orderId: string, action: LifecycleAction, details: { reason?: string; waybillNo?: string } = {}) =>
    applyIssuerEvent(context(), { orderId, type: ISSUER_EVENT_OF[action], ...details })
  const kinds = async (orderId: string) =>
    (await database.db.select({ kind: orderEvents.kind, note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
      (row) => (row.note ? `${row.kind}:${row.note}` : row.kind),
    )

  const paidOrder = (options: OrderOptions = {}) => paidOrderOf(database.db, test, owner, options)

  describe('rules on stored orders', () => {
    it('audits, ships and activates a paid order, each step on the timeline', async () => {
      const orderId = await paidOrder()
      expect(await step(orderId, 'audit-pass')).toEqual({ outcome: 'applied', steps: ['audit-pass'], status: 'awaitingShipment' })
      expect(await orderRow(database.db, orderId)).toMatchObject({
        auditState: AUDIT_STATE.PASSED,
        supplierAuditState: ISSUER_AUDIT_STATE.PASSED,
        deliveryState: DELIVERY_STATE.AWAITING_SHIPMENT,
      })
      expect(await step(orderId, 'ship', { waybillNo: WAYBILL })).toEqual({ outcome: 'applied', steps: ['ship'], status: 'awaitingActivation' })
      expect((await orderRow(database.db, orderId)).trackingNo).toBe(WAYBILL)
      expect(await step(orderId, 'activate')).toEqual({ outcome: 'applied', steps: ['activate'], status: 'activated' })
      expect(await orderRow(database.db, orderId)).toMatchObject({ obuActivationState: ACTIVATION_STATE.ACTIVATED, deliveryState: DELIVERY_STATE.DELIVERED })
      expect(await kinds(orderId)).toEqual([
        'applied',
        'submitted',
        'paid:已支付29.90元',
        'audited',
        `shipped:${WAYBILL}`,
        'activated',
        // The package promised it: the deposit goes back once the device is activated.
        'depositRefunded:押金29.90元已原路退还',
      ])
      const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId))
      expect(payment?.refundedAt).toEqual(test.clock.now())
      const detail = data(await api.call(API.orderDetail, { orderId }, { as: owner }))
      expect(detail.refund).toEqual({ amountCents: 2990, at: test.clock.now().toISOString() })
    })

    it('makes an on-site pick-up ready at its branch: no courier, no tracking number, the branch in the detail', async () => {
      const orderId = await paidOrder({ delivery: 'onSite' })
      await step(orderId, 'audit-pass')
      expect(await step(orderId, 'ship', { waybillNo: WAYBILL })).toMatchObject({ outcome: 'applied', status: 'awaitingActivation' })
      expect((await orderRow(database.db, orderId)).trackingNo).toBeNull()
      expect((await kinds(orderId)).at(-1)).toBe('readyForPickup')
      const detail = data(await api.call(API.orderDetail, { orderId }, { as: owner }))
      expect(detail).toMatchObject({ deliveryMethod: DELIVERY_METHOD.ON_SITE, trackingNo: null, pickup: PLACEHOLDER_PICKUP_BRANCHES[3] })
    })

    it('rejects with the given reason, or the default one', async () => {
      const orderId = await paidOrder()
      expect(await step(orderId, 'audit-reject', { reason: '身份证照片模糊' })).toEqual({ outcome: 'applied', steps: ['audit-reject'], status: 'rejected' })
      expect((await orderRow(database.db, orderId)).auditReason).toBe('身份证照片模糊')
      const free = await submittedOrder(test, owner, { plateNumber: '沪C67890', commodityId: FIXTURE.freeCommodity })
      await step(free, 'audit-reject')
      expect((await orderRow(database.db, free)).auditReason).toBe(DEFAULT_REJECT_REASON)
    })

    it('takes the steps a later word implies first, in one go', async () => {
      const orderId = await paidOrder()
      expect(await step(orderId, 'activate')).toEqual({ outcome: 'applied', steps: ['audit-pass', 'ship', 'activate'], status: 'activated' })
      expect(await kinds(orderId)).toEqual(['applied', 'submitted', 'paid:已支付29.90元', 'audited', 'shipped', 'activated', 'depositRefunded:押金29.90元已原路退还'])
      expect((await orderRow(database.db, orderId)).trackingNo).toBeNull()
    })

    it.each([
      ['an order not submitted', (): Promise<string> => createOrder(test, owner), 'audit-pass', '订单尚未提交，不能审核'],
      ['an unpaid order', (): Promise<string> => submittedOrder(test, owner), 'audit-pass', '订单尚未支付，不能审核'],
      ['shipping an order not submitted', (): Promise<string> => createOrder(test, owner), 'ship', '订单尚未审核通过，不能发货'],
      ['activating an unpaid order', (): Promise<string> => submittedOrder(test, owner), 'activate', '设备尚未发货或已激活'],
    ] as const)('refuses %s with the Chinese reason and changes nothing', async (_case, make, action, reason) => {
      const orderId = await make()
      const before = await database.db.select().from(orders)
      expect(await step(orderId, action)).toEqual({ outcome: 'refused', reason })
      expect(await database.db.select().from(orders)).toEqual(before)
    })

    it('knows no unknown order', async () => {
      expect(await step('O000000000000000000000000', 'audit-pass')).toEqual({ outcome: 'unknown', reason: '订单不存在' })
    })

    it('changes nothing for a step already taken, and says why', async () => {
      const orderId = await paidOrder()
      await step(orderId, 'audit-reject')
      expect(await step(orderId, 'audit-reject')).toEqual({ outcome: 'unchanged', status: 'rejected', reason: '订单已审核' })
      // The other result than the one on record is no replay: refused, for a person to settle.
      expect(await step(orderId, 'audit-pass')).toEqual({ outcome: 'refused', reason: AUDIT_CONTRADICTION })
      expect(await step(orderId, 'ship')).toEqual({ outcome: 'refused', reason: '订单尚未审核通过，不能发货' })
      expect(await kinds(orderId)).toEqual(['applied', 'submitted', 'paid:已支付29.90元', `auditRejected:${DEFAULT_REJECT_REASON}`])
    })

    it('leaves cancelled orders alone', async () => {
      const orderId = await paidOrder()
      await api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: owner })
      expect(await step(orderId, 'audit-pass')).toEqual({ outcome: 'refused', reason: '订单已取消' })
    })
  })

  describe('the sim command', () => {
    interface Captured {
      code: number
      out: string[]
      err: string[]
    }

    /** Runs the command against the test database (as its direct database access). */
    async function sim(argv: string[], config: Partial<Config> = {}, fetchImpl?: typeof fetch): Promise<Captured> {
      const out: string[] = []
      const err: string[] = []
      const db: Db = database.db
      const code = await simulate(argv, {
        config: testConfig({ database: { driver: 'pg', url: 'postgres://unused' }, ...config }),
        clock: test.clock,
        random: cryptoRandom,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        openDatabase: async () => ({ db, close: async () => undefined }),
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      })
      return { code, out, err }
    }

    it('parses its arguments', () => {
      expect(parseSimArgs(['O1', 'audit-reject', '照片', '模糊'])).toEqual({ ok: true, args: { orderId: 'O1', action: 'audit-reject', reason: '照片 模糊' } })
      expect(parseSimArgs(['O1', 'ship'])).toEqual({ ok: true, args: { orderId: 'O1', action: 'ship' } })
      expect(parseSimArgs([])).toMatchObject({ ok: false })
    })

    it('prints the new status in Chinese and exits 0', async () => {
      const orderId = await paidOrder()
      expect(await sim([orderId, 'audit-pass'])).toEqual({ code: SIM_EXIT.ok, out: [`订单 ${orderId} 当前状态：待发货`], err: [] })
      expect((await orderRow(database.db, orderId)).auditState).toBe(AUDIT_STATE.PASSED)
    })

    it('exits 1 with the Chinese reason when the step is not allowed', async () => {
      const orderId = await createOrder(test, owner)
      expect(await sim([orderId, 'ship'])).toEqual({ code: SIM_EXIT.refused, out: [], err: ['订单尚未审核通过，不能发货'] })
    })

    it('exits 2 with the usage on bad arguments', async () => {
      const missing = await sim([])
      expect(missing.code).toBe(SIM_EXIT.usage)
      expect(missing.err[0]).toBe('用法：npm run sim -- <订单号> <audit-pass|audit-reject|ship|activate> [原因]')
      const unknown = await sim(['O1', 'deliver'])
      expect(unknown.code).toBe(SIM_EXIT.usage)
      expect(unknown.err[0]).toMatch(/^未知的操作“deliver”\n用法：/)
    })

    /** The running test server's address, as `npm run sim` with the embedded database reaches it. */
    async function listening(): Promise<Partial<Config>> {
      await test.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = test.app.server.address() as AddressInfo
      return { database: { driver: 'pglite', dataDir: path.join(os.tmpdir(), 'no-such-etc-dir') }, host: '127.0.0.1', port }
    }

    it('with the embedded database, sends the running server the issuer\'s signed notification instead of opening its directory', async () => {
      const orderId = await paidOrder()
      const pglite = await listening()
      const asked: string[] = []
      const recording: typeof fetch = async (input, init) => {
        asked.push(new URL(String(input)).pathname)
        return fetch(input, init)
      }
      expect(await sim([orderId, 'audit-pass'], pglite, recording)).toEqual({ code: SIM_EXIT.ok, out: [`订单 ${orderId} 当前状态：待发货`], err: [] })
      expect(asked).toEqual([ISSUER_NOTIFY_PATH])
      expect(await sim([orderId, 'audit-pass'], pglite)).toEqual({ code: SIM_EXIT.refused, out: [], err: ['订单已审核'] })
      expect(await sim([orderId, 'audit-reject'], { ...pglite, host: '0.0.0.0' })).toMatchObject({ code: SIM_EXIT.refused })
      expect(await kinds(orderId)).toEqual(['applied', 'submitted', 'paid:已支付29.90元', 'audited'])
      expect(test.logs.entries()).toContainEqual(expect.objectContaining({ msg: 'issuer notification applied', orderId, type: 'auditPassed' }))
    })

    it('ships with a simulated courier\'s waybill, after the audit the shipment implies, through the running server', async () => {
      const orderId = await paidOrder()
      const pglite = await listening()
      expect(await sim([orderId, 'ship'], pglite)).toEqual({ code: SIM_EXIT.ok, out: [`订单 ${orderId} 当前状态：待激活`], err: [] })
      const { trackingNo } = await orderRow(database.db, orderId)
      expect(trackingNo).toMatch(/^SF\d{12}$/)
      expect(await kinds(orderId)).toEqual(['applied', 'submitted', 'paid:已支付29.90元', 'audited', `shipped:${trackingNo}`])
      expect(await sim([orderId, 'activate'], pglite)).toEqual({ code: SIM_EXIT.ok, out: [`订单 ${orderId} 当前状态：已激活`], err: [] })
    })

    it('is refused by the running server without the operator secret', async () => {
      const orderId = await paidOrder()
      const unsigned = { ...(await listening()), simOperatorSecret: undefined, dataDir: path.join(os.tmpdir(), 'no-such-etc-dir') }
      expect(await sim([orderId, 'audit-pass'], unsigned)).toEqual({ code: SIM_EXIT.refused, out: [], err: ['签名验证失败'] })
      expect((await orderRow(database.db, orderId)).auditState).toBeNull()
    })

    it('with the embedded database and no server running, needs the database directory', async () => {
      const orderId = await paidOrder()
      const dataDir = path.join(os.tmpdir(), `no-such-etc-dir-${process.pid}`)
      const result = await sim([orderId, 'audit-pass'], { database: { driver: 'pglite', dataDir }, host: '127.0.0.1', port: await freePort() })
      expect(result).toEqual({ code: SIM_EXIT.refused, out: [], err: [`找不到数据库目录 ${dataDir}，请先运行 npm start 创建数据库`] })
    })

    it('with the embedded database and no server running, opens the directory itself', async () => {
      const orderId = await paidOrder()
      const result = await sim([orderId, 'audit-pass'], { database: { driver: 'pglite', dataDir: os.tmpdir() }, host: '127.0.0.1', port: await freePort() })
      expect(result.code).toBe(SIM_EXIT.ok)
    })

    it('refuses to mistake another program on the port for the server', async () => {
      const notOurs: typeof fetch = async () => new Response('<html>hello</html>', { status: 200, headers: { 'content-type': 'text/html' } })
      await expect(sim(['O1', 'ship'], { database: { driver: 'pglite', dataDir: os.tmpdir() } }, notOurs)).rejects.toThrow(/不是本应用的服务器/)
    })

    it('knows where a server listening on every interface is reached', () => {
      expect(loopbackUrl({ host: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000')
      expect(loopbackUrl({ host: '::', port: 3000 })).toBe('http://[::1]:3000')
      expect(loopbackUrl({ host: 'localhost', port: 8080 })).toBe('http://localhost:8080')
    })
  })

  describe('the demo timer', () => {
    it('advances settled orders one step per tick, and leaves the others alone', async () => {
      const paid = await paidOrder()
      const free = await submittedOrder(test, owner, { plateNumber: '沪C67890', commodityId: FIXTURE.freeCommodity })
      const unpaid = await submittedOrder(test, owner, { plateNumber: '粤B12345' })
      const applying = await createOrder(test, owner, '浙A11111')
      const tick = async () => (await autoAdvanceTick(context())).map((result) => `${result.orderId}:${result.action}`).sort()
      expect(await tick()).toEqual([`${free}:audit-pass`, `${paid}:audit-pass`].sort())
      expect(await tick()).toEqual([`${free}:ship`, `${paid}:ship`].sort())
      expect((await orderRow(database.db, paid)).trackingNo).toMatch(/^SF\d{12}$/)
      expect(await tick()).toEqual([`${free}:activate`, `${paid}:activate`].sort())
      expect(await tick()).toEqual([])
      expect(await orderRow(database.db, unpaid)).toMatchObject({ auditState: null, depositPayState: PAY_STATE.AWAITING_PAYMENT })
      expect((await orderRow(database.db, applying)).auditState).toBeNull()
    })

    it('stops at a rejection', async () => {
      const orderId = await paidOrder()
      await step(orderId, 'audit-reject')
      expect(await autoAdvanceTick(context())).toEqual([])
    })

    it('runs on the interval of SIM_AUTO_ADVANCE_SECONDS and stops when the app closes', async () => {
      const orderId = await paidOrder()
      const timed = await createTestApp(database.db, { config: { simAutoAdvanceSeconds: 1 } })
      await timed.app.ready()
      const deadline = Date.now() + 10_000
      while ((await orderRow(database.db, orderId)).auditState === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      await timed.close()
      const afterClose = await orderRow(database.db, orderId)
      expect(afterClose.auditState).toBe(AUDIT_STATE.PASSED)
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(await orderRow(database.db, orderId)).toEqual(afterClose)
    })
  })

  it('smoke: `npm run sim` applies a step to the configured database in a child process', async () => {
    const orderId = await paidOrder()
    const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: APP_ENV.development, DATA_KEY_HEX: TEST_DATA_KEY_HEX, HOST: '127.0.0.1', PORT: String(await freePort()) }
    let dataDir: string | undefined
    if (testDriver() === 'pg') {
      env.DATABASE_URL = `${process.env.TEST_DATABASE_URL}${process.env.TEST_DATABASE_URL?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${database.schemaName}`)}`
    } else {
      // The test database lives in memory: copy the order's world into an embedded database on disk.
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-sim-'))
      const disk = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') })
      try {
        await migrate(disk)
        await seed(disk.db)
        await seedOrderFixtures(disk.db)
        const [user] = await database.db.select().from(users)
        const [order] = await database.db.select().from(orders).where(eq(orders.orderId, orderId))
        if (!user || !order) throw new Error('fixture missing')
        const { id: _id, ...userValues } = user
        const [copied] = await disk.db.insert(users).values(userValues).returning()
        if (!copied) throw new Error('user not copied')
        await disk.db.insert(orders).values({ ...order, userId: copied.id })
      } finally {
        await disk.close()
      }
      env.DATA_DIR = dataDir
      delete env.DATABASE_URL
    }
    try {
      const { stdout } = await run('npx', ['tsx', 'scripts/sim.ts', orderId, 'audit-pass'], { cwd: REPOSITORY, env })
      expect(stdout.trim()).toBe(`订单 ${orderId} 当前状态：待发货`)
      const refused = await run('npx', ['tsx', 'scripts/sim.ts', orderId, 'audit-pass'], { cwd: REPOSITORY, env }).catch((error: { code: number; stderr: string }) => error)
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('订单已审核') })
      if (dataDir) {
        const disk = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') })
        try {
          expect((await disk.db.select().from(orders).where(eq(orders.orderId, orderId)))[0]?.auditState).toBe(AUDIT_STATE.PASSED)
        } finally {
          await disk.close()
        }
      } else {
        expect((await orderRow(database.db, orderId)).auditState).toBe(AUDIT_STATE.PASSED)
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})
