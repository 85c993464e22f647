/**
 * The phone-strict world (issue 26): the compiled builds run without the browser globals jsdom has
 * and a phone does not (support/phone-scope.js), and the guard bites: an app path that used
 * `TextEncoder` or `crypto.getRandomValues` fails here. In that world the Alipay build, whose host
 * has no CSPRNG, seeds its IV generator from the server's entropy at launch, and 10,000 sealed
 * writes to storage never repeat an IV (the WeChat build's: weapp-ivs.test.ts); and its photos go
 * out through my.uploadFile with the file's kind Alipay requires.
 */
import { API } from '../../types/api/paths'
import { PERSON_GRANT, PLATE_PAGE_REPLIES } from '../support/plate-replies'
import { AlipayApp } from './alipay-support/alipay-app'
import { ALIPAY_DIST, describeAlipay } from './alipay-support/alipay-build'
import { replyingServer } from './alipay-support/fake-server'
import { ivsOfSealedWrites } from './support/build-sealing'
import { PHONE_ABSENT, installPhoneGlobal, wrapForPhone } from './support/phone-scope'

const SEALS = 10_000
/** What the server answers an upload. */
const UPLOADED = { fileId: 'file-1', url: '/files/file-1', certificatesCommitSate: 4 }

/** The build's services, as far as this test calls them. */
interface AlipayServices {
  api: { apply: { uploadPhoto(orderId: string, subject: { kind: 'drivingLicense' }, filePath: string): Promise<unknown> } }
}
/** How long a launch and 10,000 seals may take on a loaded machine. */
const TEST_TIMEOUT_MS = 60_000

/** Runs a snippet as a build file is run: in the phone's scope. */
function inPhoneScope(source: string): Record<string, () => unknown> {
  installPhoneGlobal()
  const module = { exports: {} as Record<string, () => unknown> }
  new Function('module', wrapForPhone(source))(module)
  return module.exports
}

describe("the phone's scope", () => {
  it('has none of the browser globals jsdom gives this test', () => {
    expect(typeof globalThis.crypto?.getRandomValues).toBe('function')
    const list = (each: (name: string) => string) => `[${PHONE_ABSENT.map(each).join(', ')}]`
    const probe = inPhoneScope(
      `module.exports = { names: () => ${list((name) => `typeof ${name}`)}, viaGlobal: () => ${list((name) => `globalThis[${JSON.stringify(name)}]`)}, inGlobal: () => ${list((name) => `${JSON.stringify(name)} in globalThis`)}, timer: () => typeof setTimeout }`,
    )
    expect(probe.names?.()).toEqual(PHONE_ABSENT.map(() => 'undefined'))
    expect(probe.viaGlobal?.()).toEqual(PHONE_ABSENT.map(() => undefined))
    expect(probe.inGlobal?.()).toEqual(PHONE_ABSENT.map(() => false))
    // What the phone does have stays.
    expect(probe.timer?.()).toBe('function')
  })

  it('bites: an app path using TextEncoder or crypto.getRandomValues fails', () => {
    const probe = inPhoneScope(
      'module.exports = { encode: () => new TextEncoder().encode("x"), random: () => crypto.getRandomValues(new Uint8Array(4)), viaGlobal: () => globalThis.crypto.getRandomValues(new Uint8Array(4)) }',
    )
    expect(() => probe.encode?.()).toThrow(TypeError)
    expect(() => probe.random?.()).toThrow(TypeError)
    expect(() => probe.viaGlobal?.()).toThrow(TypeError)
  })
})


describeAlipay('its IV run')("Alipay in the phone-strict world: IVs from the server's entropy, photos through my.uploadFile", () => {
  const webCrypto = jest.spyOn(globalThis.crypto, 'getRandomValues')
  let app: AlipayApp
  let services: AlipayServices

  beforeAll(async () => {
    const replies = { ...PLATE_PAGE_REPLIES, '/oauth2/': PERSON_GRANT, [API.uploadDrivingLicense.path]: UPLOADED }
    app = new AlipayApp({ distDir: ALIPAY_DIST, respond: replyingServer(() => replies) })
    const restoreConsole = app.captureConsole()
    await app.launch()
    await app.reLaunch('/pages/entry/plate/index')
    await app.settle()
    restoreConsole()
  }, TEST_TIMEOUT_MS)
  afterAll(() => webCrypto.mockRestore())

  it(`asks the server once at launch and repeats no IV in ${SEALS} seals`, async () => {
    // The services load after the first page, once the entropy has come: on a loaded machine, later.
    await app.waitFor(() => app.entropyCalls > 0, "the launch's entropy", TEST_TIMEOUT_MS / 2)
    expect(app.entropyCalls).toBe(1)
    const written = await ivsOfSealedWrites(app.host.my as Record<string, unknown>, SEALS)
    services = written.services as AlipayServices
    expect(written.writes).toBe(SEALS)
    expect(written.ivs.size).toBe(SEALS)
    // The build's code never reached jsdom's WebCrypto: it ran in the phone's scope.
    expect(webCrypto).not.toHaveBeenCalled()
    expect(app.errors).toEqual([])
  }, TEST_TIMEOUT_MS)

  it("uploads a photo with my.uploadFile as Alipay requires it: the file's kind and its field's name", async () => {
    const answer = await services.api.apply.uploadPhoto('alipay-order-1', { kind: 'drivingLicense' }, 'https://resource/apml-photo.jpg')
    expect(answer).toEqual(UPLOADED)
    const [upload] = app.host.callsOf('uploadFile')
    expect(upload).toMatchObject({ fileType: 'image', fileName: 'file', filePath: 'https://resource/apml-photo.jpg', formData: { orderId: 'alipay-order-1' } })
    expect(app.errors).toEqual([])
  })
})
