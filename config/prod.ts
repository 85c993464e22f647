import type { UserConfigExport } from '@tarojs/cli'

export default {
  // No progress bar in logs; warnings and errors still print.
  logger: { quiet: true, stats: false },
  mini: {},
  h5: {},
} satisfies UserConfigExport<'webpack5'>
