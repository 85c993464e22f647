/**
 * The WeChat build in the phone-strict world (support/phone-scope.js): it seeds its IV generator
 * from the host's CSPRNG (wx.getRandomValues, answered after a random delay) before anything is
 * sealed, and 10,000 sealed writes to storage never repeat an IV. Needs `npm run build:weapp` first.
 */
import { ivsOfSealedWrites } from './support/build-sealing'
import { settle, waitFor } from './support/settle'
import { describeWeapp } from './support/weapp-build'
import { WORLD_HOOK_TIMEOUT_MS, weappWorld } from './support/weapp-world'
import { wxObject } from './support/wx-callbacks'

const SEALS = 10_000

describeWeapp()('WeChat: IVs from the host CSPRNG, in the phone-strict world', () => {
  const world = weappWorld()

  it(`seeds from wx.getRandomValues at launch and repeats no IV in ${SEALS} seals`, async () => {
    const webCrypto = jest.spyOn(globalThis.crypto, 'getRandomValues')
    await world.open('/pages/entry/plate/index')
    await settle(20)
    await waitFor("the launch's random bytes", () => world.random.calls() > 0)
    expect(world.random.calls()).toBe(1)
    const { ivs, writes } = await ivsOfSealedWrites(wxObject(), SEALS)
    expect(writes).toBe(SEALS)
    expect(ivs.size).toBe(SEALS)
    // The build's code never reached jsdom's WebCrypto: it ran in the phone's scope.
    expect(webCrypto).not.toHaveBeenCalled()
    webCrypto.mockRestore()
    expect(world.problems()).toEqual([])
  }, WORLD_HOOK_TIMEOUT_MS)
})
