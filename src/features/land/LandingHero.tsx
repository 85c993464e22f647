import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { Heading } from '../../components/heading/Heading'
import { LANDING_CTA_TEST_ID, LANDING_HIGHLIGHTS_LABEL } from '../../config/landings'
import type { LandingHero as Hero } from '../../config/landings'
import { useStores } from '../../stores/store-context'
import { EntryButton } from '../entry'

/** The banner's drawing: shapes only, described by the hero's text (hidden from assistive technology). */
function Banner({ banner }: { banner: Hero['banner'] }) {
  return (
    <View className={`landing-banner landing-banner--${banner.theme} landing-banner--${banner.motif}`} aria-hidden data-testid='landing-banner'>
      <View className='landing-banner__road' />
      <View className='landing-banner__motif'>
        <View className='landing-banner__shape landing-banner__shape--a' />
        <View className='landing-banner__shape landing-banner__shape--b' />
      </View>
    </View>
  )
}

export interface LandingHeroProps {
  hero: Hero
  cta: string
  onApply: () => void
}

/**
 * The offer: the row's title and subtitle, the running promotion's subject once the server has
 * named it (the row's offer until then, or for a visitor), the highlights and the call to action.
 */
export const LandingHero = observer(function LandingHero({ hero, cta, onApply }: LandingHeroProps) {
  const { promotion } = useStores()
  const subject = promotion.pending ? undefined : promotion.info?.promotionSubject
  return (
    <View className={`landing-hero landing-hero--${hero.banner.theme}`}>
      <Banner banner={hero.banner} />
      <Heading level={1} className='landing-hero__title' testId='landing-title'>
        {hero.title}
      </Heading>
      <Text className='landing-hero__subtitle' data-testid='landing-subtitle'>
        {hero.subtitle}
      </Text>
      <View className='landing-hero__offer' data-testid='landing-offer'>
        {subject || hero.offer}
      </View>
      <View className='landing-hero__highlights' role='list' aria-label={LANDING_HIGHLIGHTS_LABEL}>
        {hero.highlights.map((highlight) => (
          <View key={highlight} className='landing-hero__highlight' role='listitem'>
            {highlight}
          </View>
        ))}
      </View>
      <EntryButton className='landing-hero__cta' label={cta} testId={LANDING_CTA_TEST_ID} onPress={onApply} />
    </View>
  )
})
