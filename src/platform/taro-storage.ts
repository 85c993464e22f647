/** The device's key-value storage through Taro (localStorage on H5). */
import Taro from '@tarojs/taro'
import type { KeyValueStorage } from './storage'

export const taroStorage: KeyValueStorage = {
  keys: () => Taro.getStorageInfoSync().keys,
  remove: (key) => Taro.removeStorageSync(key),
}
