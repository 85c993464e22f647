import { View } from '@tarojs/components'
import { useMemo } from 'react'
import { qrMatrix } from './qr-matrix'
import './qr-code.scss'

export interface QrCodeProps {
  text: string
  /** What the code is, for screen readers. */
  label: string
  testId?: string
}

const PERCENT = 100

/**
 * A QR code drawn as a grid of Views: one row View per module row, one View per run of equal
 * modules, widths in percent of the square. Renders the same on H5, WeChat and Alipay.
 */
export function QrCode({ text, label, testId }: QrCodeProps) {
  const matrix = useMemo(() => qrMatrix(text), [text])
  return (
    <View className='qr-code' role='img' aria-label={label} data-testid={testId} data-size={matrix.size}>
      <View className='qr-code__grid'>
        {matrix.rows.map((runs, row) => (
          <View key={row} className='qr-code__row'>
            {runs.map((run, index) => (
              <View
                key={index}
                className={run.dark ? 'qr-code__run qr-code__run--dark' : 'qr-code__run'}
                style={{ width: `${(run.length / matrix.size) * PERCENT}%` }}
              />
            ))}
          </View>
        ))}
      </View>
    </View>
  )
}
