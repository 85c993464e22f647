import { useCallback, useEffect, useState } from 'react'
import { useAppServices } from '../../../../components/app-services/app-services'
import type { RegionTree } from '../../../../domain/region'
import { requestMessageOr } from '../../../../components/action/use-action'

export const REGIONS_FAILED = '地区列表加载失败，请重试'

export type RegionTreeState = { status: 'loading' } | { status: 'ready'; tree: RegionTree } | { status: 'failed'; message: string }

type RegionsCall = () => Promise<RegionTree>

/** One load per app: the list is the same for every order and every visit of the form. */
const loads = new WeakMap<RegionsCall, Promise<RegionTree>>()

function load(call: RegionsCall): Promise<RegionTree> {
  const known = loads.get(call)
  if (known) return known
  const loading = call().then((tree) => {
    // The contract's type is a promise the server's answer may not keep.
    if (!Array.isArray(tree) || !tree.length) throw new Error(REGIONS_FAILED)
    return tree
  })
  // A failed load is asked for again at the next retry.
  loading.catch(() => loads.delete(call))
  loads.set(call, loading)
  return loading
}

/**
 * The region list for the 所在地区 picker: asked for when the field appears, so the picker has it
 * when it opens; a failure is kept for the picker to show, with `retry`.
 */
export function useRegionTree(): { state: RegionTreeState; retry: () => void } {
  const { api } = useAppServices()
  const call = api.catalogue.regions
  const [state, setState] = useState<RegionTreeState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    load(call).then(
      (tree) => current && setState({ status: 'ready', tree }),
      (error: unknown) => current && setState({ status: 'failed', message: requestMessageOr(REGIONS_FAILED)(error) }),
    )
    return () => {
      current = false
    }
  }, [call, attempt])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { state, retry }
}
