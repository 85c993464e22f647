/**
 * Where uploaded files live. The server writes and reads through this interface only, so an
 * object store (one bucket, keys as object names) can replace the local disk without touching a
 * route. Keys are random names the server chooses; they never come from the client.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>
  /** The bytes, or undefined when no such file exists. */
  get(key: string): Promise<Uint8Array | undefined>
  remove(key: string): Promise<void>
}

const KEY_PATTERN = /^[a-z0-9]+\/[A-Za-z0-9_-]+\.(jpg|png|webp)$/

/** A new random key under a folder, e.g. "idcard/3q2-…x.jpg". */
export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(18).toString('base64url')}.${extension}`
}

/** Files on the local disk under one root folder. */
export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string): string => {
    // Keys are the server's own, but a bad one must never reach outside the root.
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid file key: ${key}`)
    return path.join(root, key)
  }
  return {
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, bytes, { flag: 'wx' })
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}

/** Files in memory, for tests. */
export function createMemoryStorage(): FileStorage & { readonly size: number } {
  const files = new Map<string, Uint8Array>()
  return {
    async put(key, bytes) {
      files.set(key, bytes)
    },
    async get(key) {
      return files.get(key)
    },
    async remove(key) {
      files.delete(key)
    },
    get size() {
      return files.size
    },
  }
}
