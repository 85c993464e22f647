import { useEffect, useState } from 'react'
import type { ServicePromiseType } from '../../../types/api/catalogue'
import { servicePromiseToShow } from '../../domain/service-promise'
import type { ServicePromise } from '../../domain/service-promise'
import { useAppServices } from '../app-services/app-services'

/**
 * The service promise of `type`, asked for as the page opens, beside its own loads (the page's
 * content never waits for it): undefined until it arrives, and for good when it is switched off,
 * has nothing to say, or fails.
 */
export function useServicePromise(type: ServicePromiseType): ServicePromise | undefined {
  const { api } = useAppServices()
  const [promise, setPromise] = useState<ServicePromise | undefined>(undefined)

  useEffect(() => {
    let live = true
    api.catalogue.promiseConfig(type).then(
      (answer) => {
        if (live) setPromise(servicePromiseToShow(answer))
      },
      // The promise is an extra: the page is complete without it, so a failure shows nothing
      // (the call is silent in the request layer too, so it is reported nowhere twice).
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [api, type])

  return promise
}
