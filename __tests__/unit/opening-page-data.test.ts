import { fetchOpeningPageData } from '../../src/app/opening-page-data'
import type { OpeningPageStores } from '../../src/app/opening-page-data'

/** The calls the order store was asked for, at `hash`, by a person logged in or not. */
function asked(hash: string, personal = true): string[] {
  const calls: string[] = []
  const stores: OpeningPageStores = {
    user: { isPersonal: () => personal },
    order: {
      openList: () => void calls.push('list'),
      openProcess: (orderId: string) => void calls.push(`order ${orderId}`),
    },
  }
  fetchOpeningPageData(stores, hash)
  return calls
}

describe('the data of the page the app opened on, asked for at boot', () => {
  it('asks for the order list at its address', () => {
    expect(asked('#/apply/order-list')).toEqual(['list'])
  })

  it('asks for the order the address names', () => {
    expect(asked('#/apply/order?orderId=O%2012')).toEqual(['order O 12'])
    expect(asked('#/apply/order?from=share')).toEqual([])
  })

  it('asks for nothing for someone not logged in on this phone: the page asks them to log in', () => {
    expect(asked('#/apply/order-list', false)).toEqual([])
    expect(asked('#/apply/order?orderId=O1', false)).toEqual([])
  })

  it('asks for nothing at other pages', () => {
    expect(asked('#/')).toEqual([])
    expect(asked('#/apply/upinfo')).toEqual([])
    expect(asked('')).toEqual([])
  })
})
