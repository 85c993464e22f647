import Taro from '@tarojs/taro'
import { useState } from 'react'

/**
 * A page parameter as text. Routers hand parameters over still URL-encoded on some hosts and
 * decoded on others; decoding a value without escapes changes nothing, and a value that is not
 * valid encoding is kept as it came.
 */
export function decodeParam(value: string | undefined): string {
  if (!value) return ''
  try {
    return decodeURIComponent(value).trim()
  } catch {
    return value.trim()
  }
}

/**
 * The page's parameters `names`, decoded ('' when absent), read once when the page first renders
 * — what Taro's useRouter() returns, taken from the same place (the current instance's router):
 * later renders may happen while another page is current. useRouter itself needs a running Taro
 * React app, which a component mounted on its own (a page test) does not have.
 */
export function useRouteParams<K extends string>(...names: K[]): Record<K, string> {
  const [values] = useState(() => {
    const params: Partial<Record<string, string>> = Taro.getCurrentInstance().router?.params ?? {}
    const decoded = {} as Record<K, string>
    for (const name of names) decoded[name] = decodeParam(params[name])
    return decoded
  })
  return values
}
