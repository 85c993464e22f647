import { Text, View } from '@tarojs/components'
import type { TimelineEntry } from '../../../../types/api/orders'
import { formatTimelineTime } from '../../../domain/order-words'
import { TIMELINE_KIND_TEXT } from './timeline-entry'
import './order-timeline.scss'

export interface OrderTimelineProps {
  entries: readonly TimelineEntry[]
  /** The newest entry on top (the default), or the order they happened in. */
  newestFirst?: boolean
  /** data-testid of the list; each entry is `<testId>-item` with `data-kind`. */
  testId?: string
  /** Shown when there are no entries. */
  emptyText?: string
}

/** An order's status history as a vertical timeline; the latest entry is highlighted. */
export function OrderTimeline({ entries, newestFirst = true, testId = 'order-timeline', emptyText = '暂无进度' }: OrderTimelineProps) {
  if (entries.length === 0) {
    return (
      <Text className='order-timeline__empty' data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    )
  }
  const ordered = newestFirst ? [...entries].reverse() : entries
  const latest = newestFirst ? 0 : ordered.length - 1
  return (
    <View className='order-timeline' role='list' aria-label='订单进度' data-testid={testId}>
      {ordered.map((entry, index) => {
        const { label, tone } = TIMELINE_KIND_TEXT[entry.kind]
        const classes = ['order-timeline__item', `order-timeline__item--${tone}`, index === latest ? 'order-timeline__item--latest' : '']
        return (
          <View
            key={`${entry.kind}-${entry.at}-${index}`}
            className={classes.filter(Boolean).join(' ')}
            role='listitem'
            data-testid={`${testId}-item`}
            data-kind={entry.kind}
          >
            <View className='order-timeline__dot' />
            <View className='order-timeline__content'>
              <Text className='order-timeline__label'>{label}</Text>
              {entry.note ? <Text className='order-timeline__note'>{entry.note}</Text> : null}
              <Text className='order-timeline__time'>{formatTimelineTime(entry.at)}</Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}
