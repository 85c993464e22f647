import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { Pressable } from '../../../../components/pressable/Pressable'
import { keyboardButtonProps } from '../../../../components/pressable/activation-keys'
import { StatusView } from '../../../../components/status-view/StatusView'
import { REGION_DEPTH, regionNames, regionOptions, regionText } from '../../../../domain/region'
import type { RegionTreeState } from './use-region-tree'
import './region-sheet.scss'

export const REGION_SHEET_TITLE = '选择所在地区'
/** What each step of the choice picks. */
const LEVELS = ['省份', '城市', '区县'] as const

export interface RegionSheetProps {
  /** The region chosen so far ('' for none). */
  value: string
  state: RegionTreeState
  onRetry: () => void
  onPick: (region: string) => void
  onClose: () => void
}

/**
 * A sheet over the form that picks a province, then one of its cities, then one of its
 * districts. The names chosen stay at the top, each a way back to its step. Opened again on a
 * region, it shows that region's districts with the district marked.
 */
export function RegionSheet({ value, state, onRetry, onPick, onClose }: RegionSheetProps) {
  const current = regionNames(value)
  const [chosen, setChosen] = useState<string[]>(() => current.slice(0, REGION_DEPTH - 1))
  const step = chosen.length
  const options = state.status === 'ready' ? regionOptions(state.tree, chosen) : []
  const unknown = state.status === 'ready' && step > 0 && !options.length
  // A region typed into an older form, not one of the list's: the choice starts again.
  useEffect(() => {
    if (unknown) setChosen([])
  }, [unknown])
  // The region held is marked while the choice follows its path.
  const marked = chosen.every((name, index) => name === current[index]) ? current[step] : undefined

  const choose = (name: string) => {
    const next = [...chosen, name]
    if (next.length === REGION_DEPTH) onPick(regionText(next))
    else setChosen(next)
  }

  return (
    <View className='region-sheet'>
      <Pressable className='region-sheet__mask' label='关闭' onPress={onClose} testId='region-sheet-mask' />
      <View className='region-sheet__panel' role='dialog' aria-modal='true' aria-label={REGION_SHEET_TITLE} data-testid='region-sheet'>
        <View className='region-sheet__head'>
          <Text className='region-sheet__title'>{REGION_SHEET_TITLE}</Text>
          <Pressable className='region-sheet__close' label='关闭' onPress={onClose} testId='region-sheet-close'>
            关闭
          </Pressable>
        </View>
        <View className='region-sheet__path' data-testid='region-sheet-path'>
          {chosen.map((name, index) => (
            <Pressable
              key={LEVELS[index]}
              className='region-sheet__step'
              label={`${name}，重新选择${LEVELS[index]}`}
              onPress={() => setChosen(chosen.slice(0, index))}
              testId={`region-step-${index}`}
            >
              {name}
            </Pressable>
          ))}
          <Text className='region-sheet__step region-sheet__step--current'>请选择{LEVELS[step]}</Text>
        </View>
        {state.status === 'loading' ? <StatusView title='正在加载地区…' testId='region-sheet-loading' /> : null}
        {state.status === 'failed' ? (
          <StatusView role='alert' title={state.message} actionText='重试' onAction={onRetry} testId='region-sheet-failed' />
        ) : null}
        {state.status === 'ready' ? (
          <View key={step} className='region-sheet__options' role='radiogroup' aria-label={LEVELS[step]} data-testid='region-sheet-options'>
            {options.map((name) => {
              const on = name === marked
              return (
                <View
                  key={name}
                  className={`region-sheet__option ${on ? 'region-sheet__option--on' : ''}`}
                  role='radio'
                  aria-checked={on}
                  aria-label={name}
                  onClick={() => choose(name)}
                  {...keyboardButtonProps(() => choose(name))}
                >
                  {name}
                </View>
              )
            })}
          </View>
        ) : null}
      </View>
    </View>
  )
}
