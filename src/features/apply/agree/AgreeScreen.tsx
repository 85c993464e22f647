import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { ConsentCheck } from '../../../components/form-field/ConsentCheck'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { Button } from '../../../components/ui/button'
import { ROUTES } from '../../../config/routes'
import { useStores } from '../../../stores/store-context'
import { navigateFromTap } from '../../../platform/navigator'
import { StepRedirect } from '../StepRedirect'
import './agree.scss'

const PAGE = trackedPage('agree')

/** The documents to accept, in the order shown; each opens its own page. */
const DOCUMENTS = [
  { key: 'etc', route: 'agreementEtc', testId: 'agree-etc' },
  { key: 'privacy', route: 'agreementPrivacy', testId: 'agree-privacy' },
] as const

type Consents = Record<(typeof DOCUMENTS)[number]['key'], boolean>

/** The consent step: both agreements are accepted before any personal data or photo is sent. */
export const AgreeScreen = observer(function AgreeScreen() {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  const accepted = Boolean(apply.agreementsAcceptedAt)
  const [consents, setConsents] = useState<Consents>({ etc: accepted, privacy: accepted })

  if (!apply.orderId) {
    return <StepRedirect to='plateEntry' testId='agree-no-order' title='请先填写车牌号' description='正在返回车牌填写页…' actionText='去填写车牌号' />
  }

  const ready = consents.etc && consents.privacy
  const onContinue = () => {
    if (!ready) return
    tracker.click(PAGE, 'agree-continue')
    apply.acceptAgreements()
    navigateFromTap(navigator.replace('upinfo'))
  }

  return (
    <View className='agree'>
      <View className='agree__card'>
        <Text className='agree__title'>办理前请阅读并同意以下协议</Text>
        <Text className='agree__plate' data-testid='agree-plate'>
          申办车辆：{apply.plateNumber}
        </Text>
        <Text className='agree__text'>
          为给您办理ETC，我们需要收集您的姓名、身份证号、手机号、车辆信息以及身份证、行驶证和车头照片，仅用于ETC申办、发行方审核和设备寄送。请您仔细阅读以下协议，勾选同意后继续。
        </Text>
        {DOCUMENTS.map((agreement) => (
          <ConsentCheck
            key={agreement.key}
            testId={agreement.testId}
            checked={consents[agreement.key]}
            onToggle={() => setConsents((current) => ({ ...current, [agreement.key]: !current[agreement.key] }))}
            documentTitle={ROUTES[agreement.route].title}
            onOpenDocument={() => navigateFromTap(navigator.open(agreement.route))}
          />
        ))}
      </View>
      {ready ? null : (
        <View className='agree__hint' role='status' data-testid='agree-hint'>
          请勾选同意以上两份协议后继续
        </View>
      )}
      <Button
        block
        type='primary'
        className='agree__submit'
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
