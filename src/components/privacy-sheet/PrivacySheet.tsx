import { Button, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { openPrivacyGuide, watchPrivacyRequest } from '../../platform/privacy-authorization'
import type { PrivacyRequest } from '../../platform/privacy-authorization'
import { PRIVACY_SHEET_TEXT } from '../../config/privacy-copy'
import { Pressable } from '../pressable/Pressable'
import './privacy-sheet.scss'

/**
 * WeChat's privacy notice, shown when WeChat holds a call to the album, the camera or the phone
 * number until the person agrees (platform/privacy-authorization.ts). The agree button is WeChat's
 * own `agreePrivacyAuthorization` button, which the platform checks was tapped (by its id).
 */
export default function PrivacySheet() {
  const [request, setRequest] = useState<PrivacyRequest>()
  useEffect(() => watchPrivacyRequest(setRequest), [])
  if (!request) return null
  return (
    <View className='privacy-sheet'>
      <View className='privacy-sheet__mask' />
      <View className='privacy-sheet__panel' role='dialog' aria-modal='true' aria-label={PRIVACY_SHEET_TEXT.title} data-testid='privacy-sheet'>
        <Text className='privacy-sheet__title'>{PRIVACY_SHEET_TEXT.title}</Text>
        <View className='privacy-sheet__text'>
          <Text>{PRIVACY_SHEET_TEXT.body}</Text>
          <Pressable className='privacy-sheet__guide' label={PRIVACY_SHEET_TEXT.guide} onPress={openPrivacyGuide}>
            {PRIVACY_SHEET_TEXT.guide}
          </Pressable>
          <Text>{PRIVACY_SHEET_TEXT.after}</Text>
        </View>
        <View className='privacy-sheet__actions'>
          <Button className='privacy-sheet__button' onClick={request.refuse} ariaLabel={PRIVACY_SHEET_TEXT.refuse}>
            {PRIVACY_SHEET_TEXT.refuse}
          </Button>
          <Button
            className='privacy-sheet__button privacy-sheet__button--agree'
            openType='agreePrivacyAuthorization'
            // WeChat checks that the button named (its node id) was tapped.
            onAgreePrivacyAuthorization={(event) => request.agree(event.currentTarget.id)}
            ariaLabel={PRIVACY_SHEET_TEXT.agree}
          >
            {PRIVACY_SHEET_TEXT.agree}
          </Button>
        </View>
      </View>
    </View>
  )
}
