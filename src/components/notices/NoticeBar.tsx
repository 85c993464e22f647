import { Text, View } from '@tarojs/components'
import type { Notice } from '../../domain/notice'
import { Pressable } from '../pressable/Pressable'
import './notice-bar.scss'

export interface NoticeBarProps {
  notices: readonly Notice[]
  onDismiss: (notice: Notice) => void
  /** Opens the notice's redirectPath; only offered for notices that have one. */
  onOpen: (notice: Notice) => void
}

/** The notices of a page, at its top: title, text, an optional "查看详情" and a dismiss button. */
export function NoticeBar({ notices, onDismiss, onOpen }: NoticeBarProps) {
  return (
    <View className='notice-bar' role='region' aria-label='公告' data-testid='notices'>
      {notices.map((notice) => (
        <View key={notice.id} className='notice-bar__item' data-testid={`notice-${notice.id}`}>
          <View className='notice-bar__text'>
            <Text className='notice-bar__title'>{notice.noticeTitle}</Text>
            <Text className='notice-bar__content'>{notice.noticeContent}</Text>
            {notice.redirectPath ? (
              <Pressable className='notice-bar__open' label={`查看公告详情：${notice.noticeTitle}`} testId={`notice-open-${notice.id}`} onPress={() => onOpen(notice)}>
                查看详情
              </Pressable>
            ) : null}
          </View>
          <Pressable className='notice-bar__dismiss' label={`关闭公告：${notice.noticeTitle}`} testId={`notice-dismiss-${notice.id}`} onPress={() => onDismiss(notice)}>
            ×
          </Pressable>
        </View>
      ))}
    </View>
  )
}
