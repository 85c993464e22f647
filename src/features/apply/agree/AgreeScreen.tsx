import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useAppServices } from '../../../components/app-services/app-services'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { Button } from '../../../components/ui/button'
import { useStores } from '../../../stores/store-context'
import { StepRedirect } from '../StepRedirect'
import { AgreementList } from './AgreementList'
import { DOCUMENTS } from './agree-documents'
import { useAgreeConsents } from './use-agree-consents'
import { useAgreeProceed } from './use-agree-proceed'
import './agree.scss'

const PAGE = trackedPage('agree')

/** The hint under the card while something is not ticked. */
const hintOf = (documents: number): string => (documents === DOCUMENTS.length ? '请勾选同意以上两份协议后继续' : '请勾选同意以上全部协议后继续')

/**
 * The consent step: the two product agreements and the issuers' own are accepted before any
 * personal data or photo is sent; the issuers' versions go with the next step to the server.
 */
export const AgreeScreen = observer(function AgreeScreen() {
  const { apply, plateStep } = useStores()
  const { tracker } = useAppServices()
  const consent = useAgreeConsents()
  const { waiting, proceedOrWait } = useAgreeProceed(consent.agreements)

  if (!apply.orderId && !plateStep.consentAhead) {
    return <StepRedirect to='plateEntry' testId='agree-no-order' title='请先填写车牌号' description='正在返回车牌填写页…' actionText='去填写车牌号' />
  }

  const { ready, agreements } = consent
  const onContinue = () => {
    if (!ready || waiting) return
    tracker.click(PAGE, 'agree-continue')
    proceedOrWait()
  }

  return (
    <View className='agree'>
      {apply.consentNotice ? (
        <View className='agree__notice' role='alert' data-testid='agree-notice'>
          {apply.consentNotice}
        </View>
      ) : null}
      <View className='agree__card'>
        <Text className='agree__title'>办理前请阅读并同意以下协议</Text>
        <Text className='agree__plate' data-testid='agree-plate'>
          申办车辆：{apply.plateNumber}
        </Text>
        <Text className='agree__text'>
          为给您办理ETC，我们需要收集您的姓名、身份证号、手机号、车辆信息以及身份证、行驶证和车头照片，仅用于ETC申办、发行方审核和设备寄送。请您仔细阅读以下协议，勾选同意后继续。
        </Text>
        <AgreementList consent={consent} />
      </View>
      {ready ? null : (
        <View className='agree__hint' role='status' data-testid='agree-hint'>
          {hintOf(DOCUMENTS.length + agreements.length)}
        </View>
      )}
      {waiting ? (
        <View className='agree__hint' role='status' aria-busy data-testid='agree-waiting'>
          正在核验车牌，请稍候…
        </View>
      ) : null}
      <Button
        block
        type='primary'
        className='agree__submit'
        loading={waiting}
        disabled={!ready}
        aria-label='同意并继续'
        aria-disabled={!ready}
        data-testid='agree-submit'
        onClick={onContinue}
      >
        同意并继续
      </Button>
    </View>
  )
})
