/**
 * Channel profiles, chosen at build time with TARO_APP_CHANNEL (bank when unset).
 *
 * PLACEHOLDERS: the specification does not show the real channel ids; the values below are
 * clearly named stand-ins to be replaced per deployment. The platform issue extends the profile
 * (activity ids, notice address, tracking id, promotion ids, login method).
 */
export type ChannelKey = 'bank' | 'map'

export interface ChannelProfile {
  readonly key: ChannelKey
  /** Shown on the diagnostics page. */
  readonly label: string
  /** Channel id sent to the backend (placeholder). */
  readonly channelId: string
  /** Prefix of every local storage key this app writes for the channel. */
  readonly storagePrefix: string
}

export const CHANNELS: Readonly<Record<ChannelKey, ChannelProfile>> = {
  bank: { key: 'bank', label: '银行渠道', channelId: 'PLACEHOLDER_BANK_CHANNEL', storagePrefix: 'etc_bank_' },
  map: { key: 'map', label: '地图渠道', channelId: 'PLACEHOLDER_MAP_CHANNEL', storagePrefix: 'etc_map_' },
}

export const DEFAULT_CHANNEL: ChannelKey = 'bank'

export function resolveChannel(value: string | undefined): ChannelProfile {
  return value === 'map' || value === 'bank' ? CHANNELS[value] : CHANNELS[DEFAULT_CHANNEL]
}

export function currentChannel(): ChannelProfile {
  return resolveChannel(process.env.TARO_APP_CHANNEL)
}
