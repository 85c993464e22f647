/**
 * A QR code as rows of runs: each row of modules as alternating light and dark stretches, so it
 * can be drawn with a few Views per row (no canvas: the same markup on H5 and both
 * mini-programs).
 */
import qrcode from 'qrcode-generator'
import { utf8ByteString } from '../../domain/qr'

/** Medium error correction: readable with about 15 % of the code damaged or glared. */
export const QR_ERROR_CORRECTION = 'M'

export interface QrRun {
  dark: boolean
  /** Modules in this run. */
  length: number
}

export interface QrMatrix {
  /** Modules per side. */
  size: number
  rows: QrRun[][]
}

/** Alternating runs of equal modules, left to right. */
export function rowRuns(modules: readonly boolean[]): QrRun[] {
  const runs: QrRun[] = []
  for (const dark of modules) {
    const last = runs[runs.length - 1]
    if (last && last.dark === dark) last.length += 1
    else runs.push({ dark, length: 1 })
  }
  return runs
}

/** The modules of `text` (as UTF-8 bytes) in the smallest QR version that holds it. */
export function qrModules(text: string): boolean[][] {
  // Type number 0 picks the smallest version that fits.
  const code = qrcode(0, QR_ERROR_CORRECTION)
  code.addData(utf8ByteString(text), 'Byte')
  code.make()
  const size = code.getModuleCount()
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => code.isDark(row, column)))
}

export function qrMatrix(text: string): QrMatrix {
  const modules = qrModules(text)
  return { size: modules.length, rows: modules.map(rowRuns) }
}
