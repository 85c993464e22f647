import { CHANNELS, DEFAULT_CHANNEL, resolveChannel } from '../../src/config/channel'
import { PERSISTED_STATE_PREFIX } from '../../src/domain/constants'
import { clearOwnKeys, ownKeyPrefixes, ownKeys } from '../../src/platform/storage'
import type { KeyValueStorage } from '../../src/platform/storage'

function memoryStorage(keys: string[]): KeyValueStorage & { keys(): string[] } {
  const store = new Set(keys)
  return { keys: () => [...store], remove: (key) => void store.delete(key) }
}

describe('channel resolution', () => {
  it('defaults to the bank channel', () => {
    expect(DEFAULT_CHANNEL).toBe('bank')
    expect(resolveChannel(undefined)).toBe(CHANNELS.bank)
    expect(resolveChannel('unknown')).toBe(CHANNELS.bank)
  })

  it('selects the map channel by name', () => {
    expect(resolveChannel('map')).toBe(CHANNELS.map)
  })

  it('gives each channel its own storage prefix', () => {
    expect(CHANNELS.bank.storagePrefix).not.toBe(CHANNELS.map.storagePrefix)
  })
})

describe('own storage keys', () => {
  const bank = ownKeyPrefixes(CHANNELS.bank)
  const foreign = ['token', 'host_app_session', 'etc_map_plate', 'prod_other_state', `${PERSISTED_STATE_PREFIX}etc_map_user`]
  const own = ['etc_bank_plate', 'etc_bank_phone', `${PERSISTED_STATE_PREFIX}etc_bank_user`]

  it('lists only keys carrying the channel prefix or its persisted-state prefix', () => {
    expect(ownKeys(memoryStorage([...foreign, ...own]), bank).sort()).toEqual([...own].sort())
  })

  it('clears only its own keys and reports how many', () => {
    const storage = memoryStorage([...foreign, ...own])
    expect(clearOwnKeys(storage, bank)).toBe(own.length)
    expect(storage.keys().sort()).toEqual([...foreign].sort())
    expect(clearOwnKeys(storage, bank)).toBe(0)
  })
})

describe('channel profiles', () => {
  it.each(Object.values(CHANNELS))('$key has every field of a profile, with distinct values', (channel) => {
    expect(channel.channelId).toMatch(/^PLACEHOLDER_/)
    expect(channel.activityIds.ordinary).not.toBe(channel.activityIds.province)
    expect(channel.noticeConfigUrl).toMatch(/^\/.+\.json$/)
    expect(channel.trackingId).toBeTruthy()
    expect(Object.values(channel.defaultPromotion).every(Boolean)).toBe(true)
    expect(channel.loginMethods.length).toBeGreaterThan(0)
  })

  it('logs bank users in with the page token or phone, map users by authorisation or promoter account', () => {
    expect(CHANNELS.bank.loginMethods).toEqual(['pageToken', 'rememberedPhone', 'phoneCode'])
    expect(CHANNELS.map.loginMethods).toEqual(['hostAuthorization', 'rememberedPhone', 'promoterAccount', 'phoneCode'])
  })
})
