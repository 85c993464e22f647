import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { BenefitList } from '../../components/benefit-list/BenefitList'
import { Exposure } from '../../components/exposure/Exposure'
import { Heading } from '../../components/heading/Heading'
import { currentChannel } from '../../config/channel'
import { LANDINGS, LANDING_APPLY_TARGET, LANDING_HERO_TARGET, LANDING_SECTION_TITLES } from '../../config/landings'
import type { LandingRoute, LandingSection } from '../../config/landings'
import { ETC_BENEFITS, JourneyIntro, useEntryActions } from '../entry'
import { LandingAgreements } from './LandingAgreements'
import { LandingHero } from './LandingHero'
import { LandingPackages } from './LandingPackages'
import { LandingPartners } from './LandingPartners'
import { LandingService } from './LandingService'
import { RefusalNotice } from './RefusalNotice'
import { useLandingArrival } from './use-landing-arrival'
import type { LandingArrival } from './use-landing-arrival'
import { useWeChatShare } from './use-wechat-share'
import './landing.scss'

interface SectionProps {
  route: LandingRoute
  arrival: LandingArrival
  onApply: (target: string, extra?: Record<string, string>) => void
}

/** Each section's body, by its name in the row. */
const SECTION_BODY: Readonly<Record<LandingSection, (props: SectionProps) => ReactNode>> = {
  packages: ({ arrival, onApply }) => <LandingPackages arrival={arrival} onApply={(commodityId) => onApply('package', { commodityId })} />,
  partners: ({ arrival }) => <LandingPartners phase={arrival.phase} />,
  benefits: () => <BenefitList items={ETC_BENEFITS} label='ETC的好处' />,
  steps: () => <JourneyIntro />,
  service: ({ route }) => <LandingService route={route} />,
  agreements: ({ route }) => <LandingAgreements route={route} />,
}

/**
 * A landing page, as its row of the landing table (src/config/landings.ts) describes it: the hero
 * with the offer and the call to action, then the row's sections in order, each tracked for
 * exposure. On arrival the page's own promotion is offered and the promotion checked (see
 * useLandingArrival); a promotion that is not used says so above the default offer.
 */
export const LandingScreen = observer(function LandingScreen({ variant }: { variant: LandingRoute }) {
  const row = LANDINGS[variant]
  const arrival = useLandingArrival(row.promotion[currentChannel().key])
  const actions = useEntryActions(variant)
  useWeChatShare(row.hero)
  const onApply = (target: string, extra?: Record<string, string>) => {
    actions.track(target, extra)
    void actions.open('plateEntry')
  }
  return (
    <View className='landing' data-testid={`landing-${variant}`}>
      <Exposure route={variant} target={LANDING_HERO_TARGET} testId='landing-section-hero'>
        <LandingHero hero={row.hero} cta={row.cta} onApply={() => onApply(LANDING_APPLY_TARGET)} />
      </Exposure>
      {arrival.phase === 'ready' ? <RefusalNotice /> : null}
      {row.sections.map((section) => (
        <Exposure key={section} route={variant} target={section} className='landing__section' testId={`landing-section-${section}`}>
          <Heading level={2} className='landing__section-title'>
            {LANDING_SECTION_TITLES[section]}
          </Heading>
          {SECTION_BODY[section]({ route: variant, arrival, onApply })}
        </Exposure>
      ))}
    </View>
  )
})
