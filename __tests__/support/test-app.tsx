/** Pages under test get what src/app.tsx gives them: the RootStore and the app services. */
import type { ReactNode } from 'react'
import { AppServicesProvider } from '../../src/components/app-services/app-services'
import type { AppServices } from '../../src/app/create-app-services'
import { AppStoreProvider } from '../../src/app/store-provider'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import { testWorld } from './test-services'

/** App services whose navigation goes through Taro (spy on Taro's navigation APIs to observe it). */
export function pageTestWorld() {
  return testWorld({ navigationHost: createTaroNavigationHost() })
}

export function TestApp({ services, children }: { services: AppServices; children?: ReactNode }) {
  return (
    <AppStoreProvider store={services.store}>
      <AppServicesProvider services={services}>{children}</AppServicesProvider>
    </AppStoreProvider>
  )
}
