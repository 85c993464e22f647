import * as domain from '../../../src/domain'

describe('enumerations of the specification (sections 3 and 4)', () => {
  it('pay, audit, cancel and activation states', () => {
    expect(domain.PAY_STATE).toEqual({ NOT_NEEDED: 1, AWAITING_PAYMENT: 2, PAYING: 3, FAILED: 4, SUCCESS: 5 })
    expect(domain.AUDIT_STATE).toEqual({ PASSED: 2, REJECTED: 3 })
    expect(domain.ISSUER_AUDIT_STATE).toEqual({ PASSED: 2 })
    expect(domain.CANCEL_STATE).toEqual({ CANCELLING: 1, SUCCESS: 2, FAILED: 3 })
    expect(domain.ACTIVATION_STATE).toEqual({ AWAITING: 1, ACTIVATED: 2 })
    expect(domain.DELIVERY_STATE.AWAITING_SHIPMENT).toBe(1)
  })

  it('delivery methods, plate colours and lengths', () => {
    expect(domain.DELIVERY_METHOD).toEqual({ ON_SITE: '2', MAIL: '3' })
    expect(domain.PLATE_COLOR).toEqual({ BLUE: 1, GREEN: 3 })
    expect(domain.PLATE_LENGTH).toEqual({ BLUE: 7, GREEN: 8 })
  })

  it('apply steps, business modes, login scenes, page types and flags', () => {
    expect(domain.APPLY_STEP).toEqual({ CREATE: 1, UPDATE: 2, FINAL_COMMIT: 200 })
    expect(domain.BUSINESS_MODE).toEqual({ DEPOSIT: 0, FEE: 1 })
    expect(domain.LOGIN_SCENE).toEqual({ LOGIN: 1, PLATE_SIGN_BIND: 2, AFTER_SALES: 3 })
    expect(domain.PAGE_TYPE).toEqual({ PLATE: 1, PAY: 2 })
    expect(domain.FRONT_LOAD).toEqual({ YES: 1, NO: 0 })
    expect(domain.SHOW).toEqual({ YES: 1, NO: 0 })
    expect(domain.INTERCEPT).toBe(true)
    expect(domain.ALLOW_NEW_APPLY).toEqual({ YES: true, NO: false })
    expect(domain.ORDER_SOURCE.PROVINCE).toBe(1)
  })

  it('activity types 0 to 8', () => {
    expect(Object.values(domain.ACTIVITY_TYPE)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('the 13 issuers with their ids', () => {
    expect(domain.ISSUERS.map(({ id, name }) => `${id}${name}`)).toEqual([
      '1广西', '2内蒙古', '3北京', '4湖南', '5福建', '6黑龙江', '7江苏', '8吉林', '9河北', '10贵州', '11安徽', '12河南', '13云南',
    ])
    expect(domain.issuerName(7)).toBe('江苏')
    expect(domain.issuerName(14)).toBeUndefined()
  })
})

describe('business constants (section 9)', () => {
  it('hotline, version, timings and limits', () => {
    expect(domain.HOTLINE).toBe('400-016-3999')
    expect([domain.APP_VERSION, domain.APP_VERSION_CODE]).toEqual(['1.0.0', 100])
    expect([domain.REQUEST_TIMEOUT_MS, domain.UPLOAD_TIMEOUT_MS]).toEqual([30_000, 60_000])
    expect(domain.DEDUPE_WINDOW_MS).toBeGreaterThanOrEqual(1000)
    expect(domain.DEDUPE_WINDOW_MS).toBeLessThanOrEqual(2000)
    expect(domain.GOODS_CONFIG_CACHE_MS).toBe(60_000)
    expect(domain.VERIFY_CODE_WAIT_S).toBe(60)
    expect([domain.LOGIN_PHONE_MEMORY_MS, domain.NOTICE_SUPPRESS_MS]).toEqual([86_400_000, 86_400_000])
    expect([domain.TRACKING_FLUSH_COUNT, domain.TRACKING_FLUSH_MS]).toEqual([10, 2000])
    expect(domain.QUERY_LIMITS).toEqual({ depth: 5, arrayLimit: 20, parameterLimit: 1000 })
    expect(domain.PERSISTED_STATE_PREFIX).toBe('prod_')
    expect([domain.PAGE_LOAD_DELAY_MS, domain.PAGE_LOAD_TIMEOUT_MS]).toEqual([200, 60_000])
    expect([domain.DESIGN_WIDTH, domain.RPX_BASE, domain.MAX_LAYOUT_WIDTH_PX]).toEqual([375, 750, 960])
    expect([domain.TOAST_DURATION_MS, domain.IMAGE_CHOOSE_COUNT, domain.INPUT_MAX_LENGTH]).toEqual([1500, 9, 140])
    expect(domain.IMAGE_PREVIEW_ZOOM).toEqual({ min: 1, max: 4 })
    expect([domain.VIDEO_CONTROLS_HIDE_MS, domain.LONG_PRESS_MS, domain.LONG_PRESS_TOLERANCE_PX]).toEqual([3000, 350, 10])
    expect(domain.NOTICE_TYPE.ONCE_PER_DAY).toBe(2)
  })
})

describe('delivery methods as the user reads them', () => {
  it('names both methods, the same on the form and on the order', () => {
    expect(domain.DELIVERY_METHOD_LABEL).toEqual({ [domain.DELIVERY_METHOD.ON_SITE]: '网点领取', [domain.DELIVERY_METHOD.MAIL]: '邮寄到家' })
  })
})

