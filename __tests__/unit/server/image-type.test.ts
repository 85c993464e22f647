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
