import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { PLATE_TAKEN_HINT } from '../../../domain/plate'
import { EntryButton } from '../button/EntryButton'
import type { EntryActions } from '../links/use-entry-actions'
import { RiskRefusedNotice } from './PreCheckNotices'
import { ReleaseNoticeAction } from './ReleaseNoticeAction'
import type { PlateOutcome } from './use-plate-submit'

/** Said under a failed submit's words: what was typed is not lost. */
export const SUBMIT_RETRY_HINT = '车牌号已保留，请稍后重新提交'
/** Said under the issuer's reason for stopping a plate: who can help. */
export const PLATE_INTERCEPTED_HINT = '如有疑问或已处理完毕，请联系客服协助办理'

/** A plate the page cannot take on (it has ETC, the issuer stops it): why, what to do, and customer service. */
function ServiceNotice({ title, hint, testId, onService, children }: { title: string; hint: string; testId: string; onService: () => void; children?: ReactNode }) {
  return (
    <View className='entry-plate__notice entry-plate__notice--warn' role='alert' data-testid={testId}>
      <Text className='entry-plate__notice-title' data-testid={`${testId}-reason`}>
        {title}
      </Text>
      <Text className='entry-plate__notice-text'>{hint}</Text>
      {children}
      <EntryButton variant='plain' className='entry-plate__notice-action' label='联系客服' testId={`${testId}-service`} onPress={onService} />
    </View>
  )
}

interface PlateOutcomeNoticesProps {
  outcome: PlateOutcome | undefined
  /** The failed submit's words. */
  error: string | undefined
  actions: EntryActions
}

/** What the last 下一步 came to while the person stays on the page: a plate taken, intercepted or refused, or a failed call. */
export function PlateOutcomeNotices({ outcome, error, actions }: PlateOutcomeNoticesProps) {
  return (
    <>
      {outcome?.kind === 'taken' ? (
        <ServiceNotice title={outcome.message} hint={PLATE_TAKEN_HINT} testId='plate-taken' onService={() => void actions.tracked('takenCustomerService', actions.customerService)}>
          {outcome.releaseAt ? <ReleaseNoticeAction /> : null}
        </ServiceNotice>
      ) : null}
      {outcome?.kind === 'intercepted' ? (
        <ServiceNotice
          title={outcome.reason}
          hint={PLATE_INTERCEPTED_HINT}
          testId='plate-intercepted'
          onService={() => void actions.tracked('interceptedCustomerService', actions.customerService)}
        />
      ) : null}
      {outcome?.kind === 'refused' ? <RiskRefusedNotice reason={outcome.reason} /> : null}
      {error ? (
        <View className='entry-plate__notice entry-plate__notice--error' role='alert' data-testid='plate-submit-error'>
          <Text className='entry-plate__notice-title'>{error}</Text>
          <Text className='entry-plate__notice-text'>{SUBMIT_RETRY_HINT}</Text>
        </View>
      ) : null}
    </>
  )
}
