/** The device's key-value storage through Taro (localStorage on H5). */
import Taro from '@tarojs/taro'
import type { StringStorage } from './secure-storage'
import type { KeyValueStorage } from './storage'

export const taroStorage: KeyValueStorage & StringStorage = {
  keys: () => Taro.getStorageInfoSync().keys,
  remove: (key) => Taro.removeStorageSync(key),
  getString: (key) => {
    const value: unknown = Taro.getStorageSync(key)
    // Taro answers '' for a missing key.
    return typeof value === 'string' && value !== '' ? value : undefined
  },
  setString: (key, value) => Taro.setStorageSync(key, value),
}
