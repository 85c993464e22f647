/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    /** The build target, set by Taro. */
    TARO_ENV: 'weapp' | 'alipay' | 'h5'
    /** The channel profile this build serves (see src/config/channel.ts); bank when unset. */
    TARO_APP_CHANNEL?: string
    /** Sealed API parameters' key, 64 hex characters (src/config/keys.ts). */
    TARO_APP_PAYLOAD_KEY?: string
    /** Encrypted storage's key, 64 hex characters (src/config/keys.ts). */
    TARO_APP_STORAGE_KEY?: string
  }
}
