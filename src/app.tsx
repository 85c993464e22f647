import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'
import type { PropsWithChildren } from 'react'
import type { AppServices } from './app/create-app-services'
import { AppServicesProvider, ServicesRequestProvider } from './components/app-services/app-services'
import { installPageLoadWatch, showAppLoadFailure } from './platform/h5/install-page-load-watch'
import { loadOnce } from './platform/load-once'
import { routeChunksPreloaded } from './platform/h5/route-preload'
import { AppStoreProvider } from './app/store-provider'
import './app.scss'

// The stores, encryption and the rest load once the first page has painted its frame
// (PageShell asks for them); pages render their content when they are here.
const loadServices = loadOnce(() => import(/* webpackChunkName: "app-services" */ './app/start-app').then((module) => module.startApp()))

if (process.env.TARO_ENV === 'h5') {
  // Registered before the router starts so the first page's load is watched too.
  installPageLoadWatch()
  // Opened at a page whose code index.html asked for with the services (a shared link to an
  // order): they run as soon as they are here, and the page's data is asked for at once
  // (app/opening-page-data.ts), not after the page's first paint. A failure shows when the
  // page asks for them.
  if (routeChunksPreloaded()) loadServices().catch(() => undefined)
}

function App({ children }: PropsWithChildren) {
  const [services, setServices] = useState<AppServices>()
  const request = useCallback(() => {
    loadServices().then(setServices, () => {
      // Only an H5 chunk can fail to load (the network): the page reloads on the user's word.
      if (process.env.TARO_ENV === 'h5') showAppLoadFailure()
    })
  }, [])
  // The app going to the background (the mini-programs; on H5 Taro reports a hidden document).
  Taro.useDidHide(() => void services?.tracker.flush())
  return (
    <ServicesRequestProvider value={request}>
      <AppStoreProvider store={services?.store}>
        <AppServicesProvider services={services}>{children}</AppServicesProvider>
      </AppStoreProvider>
    </ServicesRequestProvider>
  )
}

export default App
