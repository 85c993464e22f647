/**
 * The landing table: a row for every landing route, whose page shell renders that row; copy and
 * sections present; promotion ids of the attribution tags' form, of the right channel profile and
 * seeded with partners and packages (the ended one seeded as ended).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { LANDINGS, LANDING_ROUTES, LANDING_SECTIONS, REQUIRED_LANDING_SECTIONS } from '../../src/config/landings'
import { CHANNELS } from '../../src/config/channel'
import type { ChannelKey } from '../../src/config/channel'
import { ROUTES } from '../../src/config/routes'
import { isAttributionTag } from '../../src/domain/attribution'
import { SEED_COMMODITIES, SEED_PARTNER_CHANNELS, SEED_PROMOTION_CHANNELS } from '../../server/catalogue/seed-data'
import { CHANNEL_IDENTIFIERS, LANDING_PROMOTIONS } from '../../types/api/channels'

const ROOT = path.resolve(__dirname, '../..')

describe('landing table', () => {
  it('has one row per landing route, each naming its route', () => {
    expect(Object.keys(LANDINGS).sort()).toEqual([...LANDING_ROUTES].sort())
    for (const route of LANDING_ROUTES) {
      expect(ROUTES[route].urls[0]).toMatch(/^\/apply\//)
      expect(LANDINGS[route].route).toBe(route)
    }
  })

  it.each(LANDING_ROUTES)("%s: its page shell renders the landing screen with its own row", (route) => {
    const shell = readFileSync(path.join(ROOT, 'src', `${ROUTES[route].page}.tsx`), 'utf8')
    expect(shell).toContain(`routePage('${route}'`)
    expect(shell).toContain(`<LandingScreen variant='${route}' />`)
    expect(shell).not.toContain('ComingSoon')
  })

  it.each(LANDING_ROUTES)('%s: has hero copy, a call to action and its sections, each once', (route) => {
    const { hero, cta, sections } = LANDINGS[route]
    for (const text of [hero.title, hero.subtitle, hero.offer, cta]) expect(text.trim()).not.toBe('')
    expect(hero.highlights.length).toBeGreaterThan(0)
    expect(sections.length).toBeGreaterThan(0)
    expect(new Set(sections).size).toBe(sections.length)
    for (const section of sections) expect(LANDING_SECTIONS).toContain(section)
    for (const section of REQUIRED_LANDING_SECTIONS) expect(sections).toContain(section)
  })

  it('lets the search-ad variants differ: packages first on baidu2, steps first on baidu3', () => {
    expect(LANDINGS.baidu2Land.sections[0]).toBe('packages')
    expect(LANDINGS.baidu3Land.sections[0]).toBe('steps')
    const copies = LANDING_ROUTES.map((route) => LANDINGS[route].hero.title)
    expect(new Set(copies).size).toBe(copies.length)
  })

  it.each(LANDING_ROUTES)('%s: its promotions are well-formed landing promotions of their channel', (route) => {
    for (const [key, offer] of Object.entries(LANDINGS[route].promotion)) {
      const channel = key as ChannelKey
      expect(Object.keys(CHANNELS)).toContain(channel)
      if (!offer) continue
      for (const id of [offer.promotionChannelId, offer.partnerId, offer.promoterId]) expect(isAttributionTag(id)).toBe(true)
      expect(Object.values(LANDING_PROMOTIONS)).toContainEqual({ channelKey: channel, ...offer })
    }
  })
})

describe('landing promotions', () => {
  const defaults = new Set(Object.values(CHANNEL_IDENTIFIERS).map((ids) => ids.defaultPromotion.promotionChannelId))

  it.each(Object.entries(LANDING_PROMOTIONS))('%s: tags of the right form, not a default promotion, seeded for its channel', (name, promotion) => {
    for (const id of [promotion.promotionChannelId, promotion.partnerId, promotion.promoterId]) expect(isAttributionTag(id)).toBe(true)
    expect(defaults.has(promotion.promotionChannelId)).toBe(false)
    const seeded = SEED_PROMOTION_CHANNELS.find((channel) => channel.id === promotion.promotionChannelId)
    expect(seeded?.channelKey).toBe(promotion.channelKey)
    expect(seeded?.effective).toBe(name === 'ended' ? false : undefined)
    const partners = SEED_PARTNER_CHANNELS.filter((partner) => partner.promotionChannelId === promotion.promotionChannelId)
    expect(partners.map((partner) => partner.partnerId)).toContain(promotion.partnerId)
    expect(SEED_COMMODITIES.some((commodity) => commodity.promotionChannelId === promotion.promotionChannelId)).toBe(true)
  })

  it('every landing promotion is used by a landing, but the ended one', () => {
    const used = new Set(LANDING_ROUTES.flatMap((route) => Object.values(LANDINGS[route].promotion).map((offer) => offer?.promoterId)))
    const unused = Object.entries(LANDING_PROMOTIONS).filter(([, promotion]) => !used.has(promotion.promoterId))
    expect(unused.map(([name]) => name)).toEqual(['ended'])
  })
})
