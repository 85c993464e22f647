import { failureKind } from '../../../src/platform/taro-failure'

describe('Taro network failure messages', () => {
  it.each([
    ['request:fail timeout', 'timeout'],
    ['request:fail socket time out timed out', 'timeout'],
    ['request:fail abort', 'aborted'],
    ['uploadFile:fail cancel', 'aborted'],
    ['request:fail net::ERR_INTERNET_DISCONNECTED', 'network'],
    ['', 'network'],
  ])('%p → %s', (message, kind) => {
    expect(failureKind(message)).toBe(kind)
  })
})

describe('unreadable files', () => {
  it.each(['uploadFile:fail file not found', 'uploadFile:fail file not exist', 'uploadFile:fail permission denied, open /x'])(
    '%p is a file error',
    (message) => {
      expect(failureKind(message)).toBe('fileError')
    },
  )
})
