/**
 * Finding or creating the user behind a login: by phone (SMS code) or by an identity a provider
 * vouches for (bank page token, map/WeChat/Alipay authorisation, promoter account), per channel.
 * Concurrent first logins of the same person end up with one user (unique indexes + retry read).
 */
import { and, eq } from 'drizzle-orm'
import { phoneIndex } from '../crypto/field-cipher'
import type { RandomSource } from '../runtime/random'
import type { Db } from '../db/database'
import { users } from '../db/schema'
import { newPublicId } from './secrets'
import type { UserRow } from './sessions'

export const USER_UID_PREFIX = 'U'

/** Who vouches for a user other than by phone. */
export type IdentityProviderName = 'bank' | 'map' | 'wechat' | 'alipay' | 'promoter'

export interface ExternalIdentity {
  provider: IdentityProviderName
  externalId: string
  nickname?: string
  avatar?: string
  aliUid?: string
}

async function findByPhone(db: Db, channel: string, phone: string): Promise<UserRow | undefined> {
  // The phone is encrypted at rest; its blind index finds the user.
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.channel, channel), eq(users.phoneIndex, phoneIndex(phone))))
    .limit(1)
  return row
}

async function findByIdentity(db: Db, channel: string, identity: ExternalIdentity): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.channel, channel), eq(users.identityProvider, identity.provider), eq(users.externalId, identity.externalId)),
    )
    .limit(1)
  return row
}

/** Inserts unless a unique index already holds the person; then reads whichever row won. */
async function insertOrRead(
  db: Db,
  values: typeof users.$inferInsert,
  read: () => Promise<UserRow | undefined>,
): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning()
  if (inserted) return inserted
  const existing = await read()
  if (!existing) throw new Error('User insert conflicted but no user was found')
  return existing
}

export async function userByPhone(db: Db, random: RandomSource, channel: string, phone: string): Promise<UserRow> {
  const read = () => findByPhone(db, channel, phone)
  return (await read()) ?? insertOrRead(
      db,
      { uid: newPublicId(random, USER_UID_PREFIX), channel, phone, phoneIndex: phoneIndex(phone) },
      read,
    )
}

export async function userByIdentity(
  db: Db,
  random: RandomSource,
  channel: string,
  identity: ExternalIdentity,
): Promise<UserRow> {
  const read = () => findByIdentity(db, channel, identity)
  const existing = await read()
  if (existing) return existing
  return insertOrRead(
    db,
    {
      uid: newPublicId(random, USER_UID_PREFIX),
      channel,
      identityProvider: identity.provider,
      externalId: identity.externalId,
      nickname: identity.nickname ?? null,
      avatar: identity.avatar ?? null,
      aliUid: identity.aliUid ?? null,
    },
    read,
  )
}
