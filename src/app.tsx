import Taro from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { createAppServices } from './bootstrap/create-app-services'
import { taroEnvironment } from './bootstrap/taro-environment'
import { AppServicesProvider } from './components/app-services/app-services'
import { flushWhenPageHides } from './platform/h5/flush-on-hide'
import { installPageLoadWatch } from './platform/h5/install-page-load-watch'
import { StoreProvider } from './stores/store-context'
import './app.scss'

const services = createAppServices(taroEnvironment())
const flushTracking = () => void services.tracker.flush()

if (process.env.TARO_ENV === 'h5') {
  // Registered before the router starts so the first page's load is watched too.
  installPageLoadWatch()
  flushWhenPageHides(document, window, flushTracking)
}

function App({ children }: PropsWithChildren) {
  // The app going to the background (the mini-programs; on H5 Taro reports a hidden document).
  Taro.useDidHide(flushTracking)
  return (
    <StoreProvider store={services.store}>
      <AppServicesProvider services={services}>{children}</AppServicesProvider>
    </StoreProvider>
  )
}

export default App
