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
  }
}
