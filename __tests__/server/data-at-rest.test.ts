/**
 * Personal data at rest (issue 12): encrypted columns and photos, blind indexes, the key
 * provider, the migration of a database written in plaintext, photo retention and the purge of
 * spent sessions, tickets and SMS codes.
 */
import { rm } from 'node:fs/promises'
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { FOLLOW_UP_CONSENT } from '../../types/api/auth'
import type { TokenGrant } from '../../types/api/auth'
import { API } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { ACTIVATION_STATE, CANCEL_STATE } from '../../src/domain/enums'
import { LOGIN_PHONE_MEMORY_MS } from '../../src/domain/constants'
import { installDataCipher } from '../../server/app'
import {
  CIPHERTEXT_PREFIX,
  FieldDecryptionError,
  createFieldCipher,
  installFieldCipher,
  installedFieldCipher,
  phoneIndex,
} from '../../server/crypto/field-cipher'
import { InvalidDataKeyError, createConfiguredKeyProvider } from '../../server/crypto/key-provider'
import { queryRows } from '../../server/db/database'
import type { Database } from '../../server/db/database'
import { ENCRYPTED_TABLES, encryptExistingData } from '../../server/db/encrypt-at-rest'
import { columnContext } from '../../server/db/encrypted-columns'
import * as schema from '../../server/db/schema'
import { loginTickets, orderEvents, orders, sessions, smsCodes, uploads, users } from '../../server/db/schema'
import { PHOTO_RETENTION_MS, runMaintenance } from '../../server/maintenance/sweep'
import { ConfigError } from '../../server/config'
import { DATA_KEY_MISMATCH, verifyDataKey } from '../../server/db/data-key-check'
import { rotateDataKey } from '../../server/db/rotate-data-key'
import { configuredFieldCipher } from '../../server/crypto/configured-keys'
import { createMemoryFileStorage } from '../../server/storage/file-storage'
import { SMS_CODE_TTL_MS } from '../../server/auth/sms-codes'
import { BANK, sealFor, sendCode } from './support/api'
import { apiClient } from './support/api-client'
import {
  JPEG_BYTES,
  MAIL_DELIVERY,
  OTHER_PLATE,
  OWNER,
  PHONES,
  VEHICLE,
  data,
  login,
  orderRow,
  seedOrderFixtures,
  submittedOrder,
} from './support/orders'
import { createTestApp } from './support/test-app'
import type { TestApp } from './support/test-app'
import { migrateFirst } from './support/older-schema'
import { databasePerFile, describeDb, openTestDatabase } from './support/test-database'
import type { TestDatabase } from './support/test-database'
import { TEST_DATA_KEY_HEX } from './support/test-keys'

const SECOND = 1000
const OTHER_KEY_HEX = 'ef'.repeat(32)
/** Migrations 0000-0002: the schema before encryption at rest. */
const LEGACY_MIGRATIONS = 3
/** Every plaintext a full apply hands the server. */
const PERSONAL_VALUES = [
  OWNER.ownerName,
  OWNER.idNumber,
  OWNER.mobile,
  PHONES.owner,
  VEHICLE.vin,
  VEHICLE.engineNo,
  MAIL_DELIVERY.consigneeName,
  MAIL_DELIVERY.consigneeMobile,
  MAIL_DELIVERY.address,
]
const DUMPED_TABLES = ['orders', 'order_events', 'users', 'sms_codes', 'login_tickets', 'follow_up_phones', 'apply_drafts', 'offline_orders']

describeDb('personal data at rest', () => {
  const database = databasePerFile()
  let test: TestApp
  let storage: ReturnType<typeof createMemoryFileStorage>
  let owner: TokenGrant

  beforeEach(async () => {
    await seedOrderFixtures(database.db)
    storage = createMemoryFileStorage()
    test = await createTestApp(database.db, { storage })
    owner = await login(test, PHONES.owner)
  })
  afterEach(async () => {
    await test.close()
    // A test may have installed another key; the next one starts from the development key.
    installDataCipher({ config: test.config })
  })

  const api = apiClient(() => test)
  const image = (grant: TokenGrant, fileId: string) => api.call(API.image, { fileId }, { as: grant })
  const loadDraft = (grant: TokenGrant) => api.call(API.loadDraft, undefined, { as: grant })
  const saveFollowUpPhone = (grant: TokenGrant) => api.call(API.saveFollowUpPhone, { mobile: PHONES.other, consent: FOLLOW_UP_CONSENT }, { as: grant })
  const rawOrder = async (orderId: string) =>
    (await queryRows<{ owner_name: string }>(database.db, sql`select owner_name from orders where order_id = ${orderId}`))[0]!
  const dump = async (table: string): Promise<string> =>
    JSON.stringify(await queryRows(database.db, sql`select * from ${sql.identifier(table)}`))

  describe('encrypted columns and blind indexes', () => {
    it('leaves no plaintext name, ID number, phone, address or VIN in a raw dump after a full apply', async () => {
      const orderId = await submittedOrder(test, owner)
      const draft = sealFor(test, SEALED_FIELD.apply, { plateNumber: '京A1', owner: { ownerName: OWNER.ownerName } })
      data(await api.call(API.saveDraft, { encryptUsersVehicleApplyVoStr: draft }, { as: owner }))
      data(await saveFollowUpPhone(owner))
      await sendCode(test, PHONES.third)

      for (const table of DUMPED_TABLES) {
        const text = await dump(table)
        for (const value of [...PERSONAL_VALUES, PHONES.other, PHONES.third, draft]) expect({ table, leaked: text.includes(value) }).toEqual({ table, leaked: false })
      }
      expect(await dump('orders')).toContain(CIPHERTEXT_PREFIX)

      // Through the application everything reads back as it was given.
      const row = await orderRow(database.db, orderId)
      expect(row).toMatchObject({
        ownerName: OWNER.ownerName,
        ownerIdNumber: OWNER.idNumber,
        ownerMobile: OWNER.mobile,
        consigneeName: MAIL_DELIVERY.consigneeName,
        consigneeMobile: MAIL_DELIVERY.consigneeMobile,
        address: MAIL_DELIVERY.address,
        vehicle: VEHICLE,
      })
      expect(data(await loadDraft(owner)).encryptUsersVehicleApplyVoStr).toBe(draft)
      const [user] = await database.db.select().from(users).where(eq(users.uid, owner.uid))
      expect(user).toMatchObject({ phone: PHONES.owner, phoneIndex: phoneIndex(PHONES.owner) })
    })

    it('fails loudly under a wrong data key, and a ciphertext moved to another column does not decrypt', async () => {
      const orderId = await submittedOrder(test, owner)
      installFieldCipher(createFieldCipher(createConfiguredKeyProvider(OTHER_KEY_HEX)))
      await expect(database.db.select().from(orders).where(eq(orders.orderId, orderId))).rejects.toThrow(FieldDecryptionError)
      const response = await api.call(API.orderDetail, { orderId }, { as: owner })
      expect(response.statusCode).toBe(500)
      expect(response.body).not.toContain(OWNER.ownerName)

      installDataCipher({ config: test.config })
      await database.db.execute(sql`update orders set owner_name = owner_id_number where order_id = ${orderId}`)
      await expect(orderRow(database.db, orderId)).rejects.toThrow(FieldDecryptionError)
      // Nor does a phone moved into the same-named column of another table.
      const [user] = await queryRows<{ phone: string }>(database.db, sql`select phone from users where uid = ${owner.uid}`)
      expect(installedFieldCipher().decrypt(user!.phone, columnContext('users', 'phone'))).toBe(PHONES.owner)
      expect(() => installedFieldCipher().decrypt(user!.phone, columnContext('follow_up_phones', 'phone'))).toThrow(FieldDecryptionError)
    })

    it('refuses to start under another key than the stored data was encrypted with', async () => {
      const testCipher = createFieldCipher(createConfiguredKeyProvider(TEST_DATA_KEY_HEX))
      await verifyDataKey(database.db, testCipher)
      await expect(verifyDataKey(database.db, testCipher)).resolves.toBeUndefined()
      const otherCipher = createFieldCipher(createConfiguredKeyProvider(OTHER_KEY_HEX))
      await expect(verifyDataKey(database.db, otherCipher)).rejects.toThrow(new ConfigError([DATA_KEY_MISMATCH]))
    })

    it('derives unrelated data and index keys from the configured key, and refuses a malformed key', () => {
      const keys = createConfiguredKeyProvider(TEST_DATA_KEY_HEX)
      expect(keys.dataKey()).toHaveLength(32)
      expect(keys.dataKey().equals(keys.indexKey())).toBe(false)
      expect(keys.dataKey().equals(Buffer.from(TEST_DATA_KEY_HEX, 'hex'))).toBe(false)
      const other = createFieldCipher(createConfiguredKeyProvider(OTHER_KEY_HEX))
      expect(other.blindIndex('phone', PHONES.owner)).not.toBe(phoneIndex(PHONES.owner))
      expect(() => createConfiguredKeyProvider('abc')).toThrow(InvalidDataKeyError)
    })

    it('lists every encrypted column of the schema for the migration step', () => {
      const encrypted = Object.values(schema)
        .flatMap((value) => (is(value, PgTable) ? [value] : []))
        .flatMap((table) =>
          Object.values(getTableColumns(table))
            .filter((column) => column.columnType === 'PgCustomColumn')
            .map((column) => `${getTableName(table)}.${column.name}`),
        )
      const listed = ENCRYPTED_TABLES.flatMap((spec) => spec.columns.map((column) => `${spec.table}.${column}`))
      expect([...listed].sort()).toEqual([...encrypted].sort())
    })
  })

  describe('photos', () => {
    it('stores encrypted bytes and serves the owner the uploaded image intact', async () => {
      const orderId = await submittedOrder(test, owner)
      const [row] = await database.db.select().from(uploads).where(eq(uploads.orderId, orderId)).limit(1)
      const stored = await storage.get(row!.storageKey)
      expect(stored!.subarray(0, CIPHERTEXT_PREFIX.length).toString()).toBe(CIPHERTEXT_PREFIX)
      expect(stored!.includes(JPEG_BYTES.subarray(6))).toBe(false)
      const served = await image(owner, row!.id)
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true)
    })

    it('no longer serves the photos of a cancelled order, and deletes them after the retention period, not before', async () => {
      const orderId = await submittedOrder(test, owner)
      const fileIds = (await database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.orderId, orderId))).map((row) => row.id)
      expect((await image(owner, fileIds[0]!)).statusCode).toBe(200)
      data(await api.call(API.cancelOrder, { orderId, reason: '暂时不需要了' }, { as: owner }))
      expect((await image(owner, fileIds[0]!)).statusCode).toBe(404)

      const sweep = () => runMaintenance({ db: database.db, clock: test.clock, storage, log: test.app.log })
      test.clock.advance(PHOTO_RETENTION_MS - SECOND)
      expect((await sweep()).photos).toBe(0)
      expect(storage.keys()).toHaveLength(fileIds.length)
      test.clock.advance(SECOND)
      expect((await sweep()).photos).toBe(fileIds.length)
      expect(storage.keys()).toEqual([])
      expect(await database.db.select().from(uploads)).toEqual([])
    })

    it('serves an activated order\'s photos until the retention period after activation, then deletes them', async () => {
      const orderId = await submittedOrder(test, owner)
      const kept = await submittedOrder(test, owner, { plateNumber: '沪C67890' })
      const activatedAt = test.clock.now()
      await database.db.update(orders).set({ obuActivationState: ACTIVATION_STATE.ACTIVATED }).where(eq(orders.orderId, orderId))
      await database.db.insert(orderEvents).values({ orderId, kind: 'activated', at: activatedAt })
      const [photo] = await database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.orderId, orderId)).limit(1)

      test.clock.advance(PHOTO_RETENTION_MS - SECOND)
      await runMaintenance({ db: database.db, clock: test.clock, storage, log: test.app.log })
      // The first session expired long ago: the owner logs in again.
      const again = await login(test, PHONES.owner)
      expect((await image(again, photo!.id)).statusCode).toBe(200)
      test.clock.advance(SECOND)
      await runMaintenance({ db: database.db, clock: test.clock, storage, log: test.app.log })
      expect((await image(again, photo!.id)).statusCode).toBe(404)
      expect(await database.db.select({ orderId: uploads.orderId }).from(uploads)).toEqual(
        expect.arrayContaining([{ orderId: kept }]),
      )
      expect((await database.db.select().from(uploads).where(eq(uploads.orderId, orderId)))).toEqual([])
    })

    it('deletes a photo no order holds any more the retention period after its upload', async () => {
      const orderId = await submittedOrder(test, owner)
      const kept = await submittedOrder(test, owner, { plateNumber: '沪C67890' })
      await database.db.execute(sql`delete from order_events where order_id = ${orderId}`)
      await database.db.delete(orders).where(eq(orders.orderId, orderId))
      const sweep = () => runMaintenance({ db: database.db, clock: test.clock, storage, log: test.app.log })
      test.clock.advance(PHOTO_RETENTION_MS - SECOND)
      expect((await sweep()).photos).toBe(0)
      test.clock.advance(SECOND)
      const orphans = (await sweep()).photos
      expect(orphans).toBeGreaterThan(0)
      expect(storage.keys()).toHaveLength((await database.db.select().from(uploads).where(eq(uploads.orderId, kept))).length)
      expect(await database.db.select().from(uploads).where(sql`${uploads.orderId} is null`)).toEqual([])
    })
  })

  describe('rotating the data key', () => {
    const NEW_KEY_HEX = '5a'.repeat(32)
    const keys = { production: false, dataDir: '', dataKeyHex: NEW_KEY_HEX }
    /** The new key, the old one still opening (DATA_KEY_PREVIOUS_HEX set). */
    const moving = () => configuredFieldCipher({ ...keys, previousDataKeyHex: TEST_DATA_KEY_HEX })
    const newOnly = () => configuredFieldCipher({ ...keys, previousDataKeyHex: undefined })
    const oldOnly = () => createFieldCipher(createConfiguredKeyProvider(TEST_DATA_KEY_HEX))
    const rotate = () => rotateDataKey(database.db, installedFieldCipher(), storage, test.app.log)

    it('reseals every column, blind index and photo under the new key; old rows stay readable during the move', async () => {
      const before = await submittedOrder(test, owner)
      data(await saveFollowUpPhone(owner))
      await verifyDataKey(database.db, installedFieldCipher())

      // During the move: rows under either key read through the application, new ones under the new key.
      installFieldCipher(moving())
      await verifyDataKey(database.db, installedFieldCipher())
      expect((await orderRow(database.db, before)).ownerName).toBe(OWNER.ownerName)
      const second = await login(test, PHONES.third)
      const during = await submittedOrder(test, second, { plateNumber: OTHER_PLATE })
      expect(installedFieldCipher().reseal((await rawOrder(during)).owner_name, columnContext('orders', 'owner_name'))).toBeUndefined()

      const photoKeys = (await database.db.select({ key: uploads.storageKey }).from(uploads)).map((row) => row.key)
      const report = await rotate()
      // The first order's photos at least (the test app's file storage kept the cipher it was built with).
      expect(report.rotated).toBe(true)
      expect(report.photos).toBeGreaterThanOrEqual(photoKeys.length / 2)
      expect(report.rows).toBeGreaterThan(0)
      expect(await database.db.select().from(loginTickets)).toEqual([])
      expect(await database.db.select().from(smsCodes)).toEqual([])

      // Afterwards the old key is not needed, and opens nothing.
      installFieldCipher(newOnly())
      await expect(verifyDataKey(database.db, installedFieldCipher())).resolves.toBeUndefined()
      await expect(verifyDataKey(database.db, oldOnly())).rejects.toThrow(new ConfigError([DATA_KEY_MISMATCH]))
      for (const orderId of [before, during]) expect((await orderRow(database.db, orderId)).ownerIdNumber).toBe(OWNER.idNumber)
      const [user] = await database.db.select().from(users).where(eq(users.uid, owner.uid))
      expect(user).toMatchObject({ phone: PHONES.owner, phoneIndex: newOnly().blindIndex('phone', PHONES.owner) })
      for (const key of photoKeys) expect(newOnly().decryptBytes((await storage.get(key))!, key).equals(JPEG_BYTES)).toBe(true)
      const resealed = (await rawOrder(before)).owner_name
      expect(() => oldOnly().decrypt(resealed, columnContext('orders', 'owner_name'))).toThrow(FieldDecryptionError)

      // The owner's session outlives the rotation, and the app reads the order under the new key alone.
      const rotated = await createTestApp(database.db, { storage, config: { dataKeyHex: NEW_KEY_HEX } })
      try {
        const detail = await apiClient(rotated).call(API.orderDetail, { orderId: before }, { as: owner })
        expect(detail.statusCode).toBe(200)
        expect(detail.body).toContain(before)
      } finally {
        await rotated.close()
      }
    })

    it('does nothing once the data is under the current key, so a start that keeps the previous key set loses no ticket', async () => {
      await verifyDataKey(database.db, installedFieldCipher())
      installFieldCipher(moving())
      expect((await rotate()).rotated).toBe(true)
      await login(test, PHONES.other)
      expect(await rotate()).toEqual({ rotated: false, rows: 0, photos: 0 })
      expect((await database.db.select().from(loginTickets)).length).toBeGreaterThan(0)
    })
  })

  describe('purge', () => {
    const sweep = () => runMaintenance({ db: database.db, clock: test.clock, storage, log: test.app.log })
    const counts = async () => ({
      sessions: (await database.db.select().from(sessions)).length,
      loginTickets: (await database.db.select().from(loginTickets)).length,
      smsCodes: (await database.db.select().from(smsCodes)).length,
    })

    it('removes expired sessions, tickets and codes, and used codes after the wait between sends, and nothing else', async () => {
      // beforeEach: one SMS login now (a used code, a session for 7200 s, a ticket for a day).
      await sendCode(test, PHONES.other)
      expect(await counts()).toEqual({ sessions: 1, loginTickets: 1, smsCodes: 2 })
      expect(await sweep()).toMatchObject({ sessions: 0, loginTickets: 0, smsCodes: 0 })

      test.clock.advance(61 * SECOND)
      expect(await sweep()).toMatchObject({ smsCodes: 1 })
      expect(await counts()).toEqual({ sessions: 1, loginTickets: 1, smsCodes: 1 })

      test.clock.advance(SMS_CODE_TTL_MS)
      expect(await sweep()).toMatchObject({ smsCodes: 1 })
      test.clock.advance(test.config.tokenTtlSeconds * SECOND)
      expect(await sweep()).toMatchObject({ sessions: 1, loginTickets: 0 })
      expect(await counts()).toEqual({ sessions: 0, loginTickets: 1, smsCodes: 0 })

      test.clock.advance(LOGIN_PHONE_MEMORY_MS)
      expect(await sweep()).toMatchObject({ loginTickets: 1 })
      expect(await counts()).toEqual({ sessions: 0, loginTickets: 0, smsCodes: 0 })
    })
  })

  describe('migrating a database written in plaintext', () => {
    const LEGACY = {
      uid: 'U000000000000000000000001',
      orderId: 'ETC_LEGACY_0001',
      sealedDraft: 'v1.legacy.draft.text',
      photoKey: 'images/legacy.jpg',
      cancelReason: '换车了，新车行驶证在路上',
    }

    /** Rows and a file as the code before encryption at rest wrote them. */
    async function writeLegacyRows(): Promise<number> {
      const db = database.db
      const [user] = await queryRows<{ id: number }>(
        db,
        sql`insert into users (uid, channel, phone) values (${LEGACY.uid}, ${BANK.channelId}, ${PHONES.third}) returning id`,
      )
      const userId = user!.id
      await db.execute(sql`insert into orders (order_id, user_id, channel, channel_source, source_channel, plate_number, plate_color,
          promotion_channel_id, owner_name, owner_id_number, owner_mobile, consignee_name, consignee_mobile, address, vehicle, cancel_reason)
        values (${LEGACY.orderId}, ${userId}, ${BANK.channelId}, 'bank', ${BANK.sourceChannel}, '浙A00001', 0, ${BANK.promotionChannelId},
          ${OWNER.ownerName}, ${OWNER.idNumber}, ${OWNER.mobile}, ${MAIL_DELIVERY.consigneeName}, ${MAIL_DELIVERY.consigneeMobile},
          ${MAIL_DELIVERY.address}, ${JSON.stringify(VEHICLE)}, ${LEGACY.cancelReason})`)
      await db.execute(sql`insert into order_events (order_id, kind, note) values (${LEGACY.orderId}, 'cancelled', ${LEGACY.cancelReason})`)
      await db.execute(sql`insert into follow_up_phones (user_id, phone) values (${userId}, ${PHONES.other})`)
      await db.execute(sql`insert into apply_drafts (user_id, sealed_payload) values (${userId}, ${LEGACY.sealedDraft})`)
      await db.execute(sql`insert into uploads (id, user_id, order_id, kind, certificate_bit, storage_key, mime, size_bytes, stored_encrypted)
        values ('F000000000000000000000001', ${userId}, ${LEGACY.orderId}, 'drivingLicence', 2, ${LEGACY.photoKey}, 'image/jpeg', ${JPEG_BYTES.length}, false)`)
      await storage.put(LEGACY.photoKey, JPEG_BYTES)
      return userId
    }

    it('encrypts plaintext rows and photos once, fills blind indexes, and the app reads them back', async () => {
      const userId = await writeLegacyRows()
      expect(await dump('orders')).toContain(OWNER.idNumber)

      const first = await encryptExistingData(database.db, installedFieldCipher(), storage, test.app.log)
      expect(first).toEqual({ rows: 5, photos: 1 })
      expect(await encryptExistingData(database.db, installedFieldCipher(), storage, test.app.log)).toEqual({ rows: 0, photos: 0 })

      for (const table of DUMPED_TABLES) {
        const text = await dump(table)
        for (const value of [...PERSONAL_VALUES, PHONES.third, PHONES.other, LEGACY.sealedDraft, LEGACY.cancelReason]) {
          expect({ table, leaked: text.includes(value) }).toEqual({ table, leaked: false })
        }
      }
      expect((await storage.get(LEGACY.photoKey))!.equals(JPEG_BYTES)).toBe(false)

      // The phone finds its old user again, who reads the order, draft and photo as before.
      const grant = await login(test, PHONES.third)
      expect(grant.uid).toBe(LEGACY.uid)
      expect(data(await loadDraft(grant)).encryptUsersVehicleApplyVoStr).toBe(LEGACY.sealedDraft)
      const served = await image(grant, 'F000000000000000000000001')
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true)
      expect(await orderRow(database.db, LEGACY.orderId)).toMatchObject({ ownerIdNumber: OWNER.idNumber, vehicle: VEHICLE, userId, cancelReason: LEGACY.cancelReason })
      const follow = await queryRows<{ phone_index: string }>(database.db, sql`select phone_index from follow_up_phones`)
      expect(follow).toEqual([{ phone_index: phoneIndex(PHONES.other) }])
    })

    it('does not encrypt a value again that the app already wrote encrypted', async () => {
      await writeLegacyRows()
      await database.db.update(orders).set({ ownerName: '王五' }).where(eq(orders.orderId, LEGACY.orderId))
      await encryptExistingData(database.db, installedFieldCipher(), storage, test.app.log)
      expect((await orderRow(database.db, LEGACY.orderId)).ownerName).toBe('王五')
    })
  })
})

describe('the blind index', () => {
  it('is deterministic per key and purpose', () => {
    const cipher = createFieldCipher(createConfiguredKeyProvider(TEST_DATA_KEY_HEX))
    expect(cipher.blindIndex('phone', PHONES.owner)).toBe(cipher.blindIndex('phone', PHONES.owner))
    expect(cipher.blindIndex('phone', PHONES.owner)).toMatch(/^[0-9a-f]{64}$/)
    expect(cipher.encrypt(PHONES.owner, 'phone')).not.toBe(cipher.encrypt(PHONES.owner, 'phone'))
  })
})

describeDb('upgrading a database from before encryption at rest', () => {
  const LEGACY_PROMOTION = 'TEST_LEGACY_PROMOTION'
  const LEGACY_ORDER = 'ETC_LEGACY_0002'
  const LEGACY_PHOTO = 'images/legacy-upgrade.jpg'
  const PROMOTER_ORDER = 'ETC_LEGACY_0004'
  const FIRST_SUBMITTED = 'ETC_LEGACY_0005'
  const SECOND_SUBMITTED = 'ETC_LEGACY_0006'
  const storage = createMemoryFileStorage()
  let database: TestDatabase
  let test: TestApp
  let folder: string

  /** The schema of migrations 0000-0002, filled the way the code of that time wrote rows. */
  async function legacyDatabase(target: Database): Promise<void> {
    folder = await migrateFirst(target, LEGACY_MIGRATIONS, 'etc-legacy-migrations-')
    const db = target.db
    await db.execute(sql`insert into promotion_channels (id, channel_key, channel_id, promotion_subject, business_mode)
      values (${LEGACY_PROMOTION}, 'bank', ${BANK.channelId}, '旧活动', 0)`)
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (uid, channel, phone) values ('U000000000000000000000002', ${BANK.channelId}, ${PHONES.third}) returning id`,
    )
    await db.execute(sql`insert into orders (order_id, user_id, channel, channel_source, source_channel, plate_number, plate_color,
        promotion_channel_id, owner_name, owner_id_number, owner_mobile, vehicle)
      values (${LEGACY_ORDER}, ${user!.id}, ${BANK.channelId}, 'bank', ${BANK.sourceChannel}, '浙A00002', 0, ${LEGACY_PROMOTION},
        ${OWNER.ownerName}, ${OWNER.idNumber}, ${OWNER.mobile}, ${JSON.stringify(VEHICLE)}::jsonb)`)
    await db.execute(sql`insert into sms_codes (phone, code_hash, sent_at, expires_at) values (${PHONES.third}, 'x', now(), now())`)
    await db.execute(sql`insert into login_tickets (ticket_hash, user_id, phone, channel, expires_at)
      values ('y', ${user!.id}, ${PHONES.third}, ${BANK.channelId}, now())`)
    await db.execute(sql`insert into uploads (id, user_id, order_id, kind, certificate_bit, storage_key, mime, size_bytes)
      values ('F000000000000000000000002', ${user!.id}, ${LEGACY_ORDER}, 'drivingLicence', 2, ${LEGACY_PHOTO}, 'image/jpeg', ${JPEG_BYTES.length})`)
    await storage.put(LEGACY_PHOTO, JPEG_BYTES)
    // Under the shared promoter user: an open application with a paid deposit, and a draft.
    const [promoter] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (uid, channel, identity_provider, external_id) values ('U000000000000000000000003', ${BANK.channelId}, 'promoter', '1') returning id`,
    )
    await db.execute(sql`insert into orders (order_id, user_id, channel, channel_source, source_channel, plate_number, plate_color,
        promotion_channel_id, submitted_at)
      values (${PROMOTER_ORDER}, ${promoter!.id}, ${BANK.channelId}, 'bank', ${BANK.sourceChannel}, '浙A00004', 0, ${LEGACY_PROMOTION}, now())`)
    await db.execute(sql`insert into payments (id, order_id, user_id, amount_cents, state, cashier_token_hash)
      values ('P000000000000000000000003', ${PROMOTER_ORDER}, ${promoter!.id}, 2990, 5, 'z')`)
    await db.execute(sql`insert into apply_drafts (user_id, sealed_payload) values (${promoter!.id}, 'sealed')`)
    // Two people who both submitted one plate before the index existed: the first keeps it.
    for (const [index, orderId] of [FIRST_SUBMITTED, SECOND_SUBMITTED].entries()) {
      const [person] = await queryRows<{ id: number }>(
        db,
        sql`insert into users (uid, channel, identity_provider, external_id) values (${`U00000000000000000000001${index}`}, ${BANK.channelId}, 'bank', ${`person-${index}`}) returning id`,
      )
      await db.execute(sql`insert into orders (order_id, user_id, channel, channel_source, source_channel, plate_number, plate_color,
          promotion_channel_id, submitted_at)
        values (${orderId}, ${person!.id}, ${BANK.channelId}, 'bank', ${BANK.sourceChannel}, '浙A00003', 0, ${LEGACY_PROMOTION},
          ${new Date(Date.UTC(2026, 0, 1 + index))})`)
    }
  }

  beforeAll(async () => {
    database = await openTestDatabase({ beforeMigrate: legacyDatabase })
    test = await createTestApp(database.db, { storage })
  })
  afterAll(async () => {
    await test?.close()
    await database?.dispose()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it('migrates the SQL, then encrypts the old rows and photo at startup, and the owner finds everything again', async () => {
    // The migration ended the pending codes and tickets, whose phones it cannot index.
    expect(await queryRows(database.db, sql`select id from sms_codes union all select id from login_tickets`)).toEqual([])
    // The user and the order, and the two orders migration 0003 cancelled with their timeline notes.
    expect(await encryptExistingData(database.db, installedFieldCipher(), storage, test.app.log)).toEqual({ rows: 6, photos: 1 })
    const reasons = await queryRows<{ text: string }>(database.db, sql`select cancel_reason as text from orders where cancel_reason is not null union all select note from order_events`)
    expect(reasons.map(({ text }) => text.startsWith(CIPHERTEXT_PREFIX))).toEqual([true, true, true, true])
    const orderDump = JSON.stringify(await queryRows(database.db, sql`select * from orders`))
    for (const value of [OWNER.ownerName, OWNER.idNumber, OWNER.mobile, VEHICLE.vin]) expect(orderDump).not.toContain(value)
    expect(JSON.stringify(await queryRows(database.db, sql`select * from users`))).not.toContain(PHONES.third)

    const grant = await login(test, PHONES.third)
    expect(grant.uid).toBe('U000000000000000000000002')
    expect(await orderRow(database.db, LEGACY_ORDER)).toMatchObject({ ownerName: OWNER.ownerName, vehicle: VEHICLE })
    const served = await apiClient(test).call(API.image, { fileId: 'F000000000000000000000002' }, { as: grant })
    expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true)
  })

  it('cancels (and refunds) what the shared promoter user held, and keeps only the first submitted order of a plate', async () => {
    const cancelState = async (orderId: string) => (await orderRow(database.db, orderId)).cancelState
    expect(await cancelState(PROMOTER_ORDER)).toBe(CANCEL_STATE.SUCCESS)
    expect(await cancelState(FIRST_SUBMITTED)).toBeNull()
    expect(await cancelState(SECOND_SUBMITTED)).toBe(CANCEL_STATE.SUCCESS)
    const events = await queryRows<{ order_id: string; kind: string }>(
      database.db,
      sql`select order_id, kind from order_events where order_id in (${PROMOTER_ORDER}, ${FIRST_SUBMITTED}, ${SECOND_SUBMITTED}) order by order_id`,
    )
    expect(events).toEqual([
      { order_id: PROMOTER_ORDER, kind: 'cancelled' },
      { order_id: SECOND_SUBMITTED, kind: 'cancelled' },
    ])
    const [payment] = await queryRows<{ refunded_at: unknown }>(database.db, sql`select refunded_at from payments where order_id = ${PROMOTER_ORDER}`)
    expect(payment?.refunded_at).not.toBeNull()
    expect(await queryRows(database.db, sql`select user_id from apply_drafts`)).toEqual([])
  })
})
