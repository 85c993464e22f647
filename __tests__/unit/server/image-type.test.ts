import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createDiskStorage, createMemoryStorage, newFileKey } from '../../../server/uploads/file-storage'
import { sniffImageType } from '../../../server/uploads/image-type'

const bytes = (...values: number[]) => new Uint8Array(values)

describe('image type from the bytes', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56), 'image/webp'],
  ])('recognises %s', (_name, input, expected) => expect(sniffImageType(input)).toBe(expected))

  it.each([
    ['empty', bytes()],
    ['truncated JPEG', bytes(0xff, 0xd8)],
    ['GIF', new TextEncoder().encode('GIF89a....')],
    ['PDF', new TextEncoder().encode('%PDF-1.7')],
    ['RIFF but WAVE', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45)],
    ['HTML named .jpg', new TextEncoder().encode('<html><script>alert(1)</script>')],
  ])('refuses %s', (_name, input) => expect(sniffImageType(input)).toBeUndefined())
})

describe('file storage', () => {
  it('keeps files on disk under random keys and never outside its root', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'etc-files-'))
    try {
      const storage = createDiskStorage(root)
      const key = newFileKey('idcard', 'jpg')
      expect(key).toMatch(/^idcard\/[A-Za-z0-9_-]{24}\.jpg$/)
      expect(newFileKey('idcard', 'jpg')).not.toBe(key)
      await storage.put(key, bytes(1, 2, 3))
      await expect(storage.get(key)).resolves.toEqual(bytes(1, 2, 3))
      await expect(storage.put(key, bytes(9))).rejects.toThrow()
      await expect(storage.get('idcard/missing.jpg')).resolves.toBeUndefined()
      await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Invalid file key/)
      await expect(storage.put('idcard/../../x.jpg', bytes(1))).rejects.toThrow(/Invalid file key/)
      await storage.remove(key)
      await expect(storage.get(key)).resolves.toBeUndefined()
      expect(await readdir(path.join(root, 'idcard'))).toEqual([])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('has an in-memory twin for tests', async () => {
    const storage = createMemoryStorage()
    await storage.put('a/b.jpg', bytes(1))
    expect(storage.size).toBe(1)
    await expect(storage.get('a/b.jpg')).resolves.toEqual(bytes(1))
    await storage.remove('a/b.jpg')
    expect(storage.size).toBe(0)
  })
})
