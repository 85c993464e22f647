import { Text, View } from '@tarojs/components'
import type { LandingRoute } from '../../config/landings'
import { ROUTES } from '../../config/routes'
import { EntryButton, useEntryActions } from '../entry'

const AGREEMENTS = [
  { route: 'agreementEtc', testId: 'landing-agreement-etc' },
  { route: 'agreementPrivacy', testId: 'landing-agreement-privacy' },
] as const

/** The two agreements an application accepts, each opening its page. */
export function LandingAgreements({ route }: { route: LandingRoute }) {
  const actions = useEntryActions(route)
  return (
    <View className='landing__agreements'>
      <Text className='landing__agreements-text'>申请办理前，请阅读以下协议，提交申请即表示您已阅读并同意：</Text>
      {AGREEMENTS.map((agreement) => (
        <EntryButton
          key={agreement.route}
          variant='link'
          className='landing__agreement'
          label={`《${ROUTES[agreement.route].title}》`}
          testId={agreement.testId}
          onPress={() => void actions.tracked(agreement.route, () => actions.open(agreement.route))}
        />
      ))}
    </View>
  )
}
