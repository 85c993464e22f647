import { Text, View } from '@tarojs/components'
import { formatNoticeTime } from '../../../domain/notice'
import type { Notice } from '../../../domain/notice'
import { Heading } from '../../../components/heading/Heading'
import { Pressable } from '../../../components/pressable/Pressable'
import './notice-card.scss'

export interface NoticeCardProps {
  notice: Pick<Notice, 'noticeTitle' | 'noticeContent' | 'startTime' | 'endTime' | 'redirectPath'>
  /** Offered as "查看详情" when the notice has a redirect path. */
  onOpen?: () => void
  testId?: string
}

/** When a notice applies, as a line: from its start to its end, or the one bound it has. */
export function noticePeriod(notice: Pick<Notice, 'startTime' | 'endTime'>): string | undefined {
  const start = formatNoticeTime(notice.startTime)
  const end = formatNoticeTime(notice.endTime)
  if (start && end) return `${start} 至 ${end}`
  if (start) return `${start} 起`
  return end ? `截至 ${end}` : undefined
}

/** One notice in full: title, the time it applies, its text and, with a redirect path, "查看详情". */
export function NoticeCard({ notice, onOpen, testId }: NoticeCardProps) {
  const period = noticePeriod(notice)
  return (
    <View className='notice-card' data-testid={testId}>
      <Heading level={2} className='notice-card__title'>
        {notice.noticeTitle}
      </Heading>
      {period ? <Text className='notice-card__time'>{period}</Text> : null}
      <Text className='notice-card__content'>{notice.noticeContent}</Text>
      {notice.redirectPath && onOpen ? (
        <Pressable className='notice-card__open' label={`查看公告详情：${notice.noticeTitle}`} testId={testId ? `${testId}-open` : undefined} onPress={onOpen}>
          查看详情
        </Pressable>
      ) : null}
    </View>
  )
}
