import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { featureState } from '../../src/components/feature-state/feature-state'
import { StoreProvider, useStores } from '../../src/stores/store-context'
import { fakeRoot } from '../support/fake-root'
import { flush, mountBare, textOf } from '../support/page-test'

const Greeting = observer(function Greeting() {
  const { user } = useStores()
  return <Text data-testid='greeting'>{user.nickname}</Text>
})

describe('stores in React', () => {
  it('re-renders an observer component when its store changes', async () => {
    const { store } = fakeRoot()
    const page = await mountBare(() => (
      <StoreProvider store={store}>
        <Greeting />
      </StoreProvider>
    ))
    expect(textOf(page, 'greeting')).toBe('登录/注册')
    await page.act(() => store.user.loginWithCode('13800138000', '123456'))
    await flush(page)
    expect(textOf(page, 'greeting')).toBe('用户0001')
  })

  it('says clearly when a component is used without the provider', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(mountBare(Greeting)).rejects.toThrow('useStores() needs a StoreProvider above it')
    jest.restoreAllMocks()
  })

  it("hands a feature's own state to its screens, and says clearly when its provider is missing", async () => {
    const { Provider, use } = featureState<{ readonly greeting: string }>('probe')
    function Screen() {
      return <Text data-testid='feature'>{use().greeting}</Text>
    }
    const page = await mountBare(() => (
      <Provider value={{ greeting: '您好' }}>
        <Screen />
      </Provider>
    ))
    expect(textOf(page, 'feature')).toBe('您好')
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(mountBare(Screen)).rejects.toThrow("The probe feature's state needs its provider above it")
    jest.restoreAllMocks()
  })
})
