import { Text, View } from '@tarojs/components'
import { Button } from '../../../components/ui/button'
import type { ChoosePackage } from './use-choose-package'
import './choose-feedback.scss'

/** Why a choice did not go through: the error, or what the application still lacks. */
export function ChooseFeedback({ choice }: { choice: ChoosePackage }) {
  return (
    <>
      {choice.error ? (
        <View className='choose-feedback choose-feedback--error' role='alert' data-testid='package-error'>
          {choice.error}
        </View>
      ) : null}
      {choice.missing.length > 0 ? (
        <View className='choose-feedback' role='alert' data-testid='package-missing'>
          <Text className='choose-feedback__title'>提交前还需补充以下资料：</Text>
          {choice.missing.map((part) => (
            <Text key={part} className='choose-feedback__item' data-testid='package-missing-item'>
              {part}
            </Text>
          ))}
          <Button
            block
            type='primary'
            fill='outline'
            className='choose-feedback__action'
            aria-label='去补充资料'
            data-testid='package-missing-go'
            onClick={choice.completeMissing}
          >
            去补充资料
          </Button>
        </View>
      ) : null}
    </>
  )
}
