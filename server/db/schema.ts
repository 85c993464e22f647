/**
 * The whole product's tables (Drizzle, PostgreSQL). One schema for the embedded database and a
 * PostgreSQL server; `npm run db:generate` turns changes into a new SQL migration under
 * server/db/migrations (never edit an applied migration).
 *
 * Conventions: snake_case names; money in integer cents; times `timestamp with time zone`; codes of
 * the spec (pay state, audit, cancel, ...) as integers whose names live in src/domain/enums.ts;
 * secrets (tokens, tickets, SMS codes, passwords) only as hashes. Internal row ids are identity
 * integers; ids that travel to the client (user uid, order id, upload and payment ids) are text.
 * Personal data (names, ID numbers, phones, addresses, vehicle data, drafts) is encrypted at rest
 * (`encryptedText`/`encryptedJson`, server/db/encrypted-columns.ts); where the server looks such a
 * value up, an HMAC blind index column (`phone_index`) stands beside it.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ORIGINAL_PRICE_DEFAULT_CENTS } from '../../src/domain/money'
import { encryptedJson, encryptedText } from './encrypted-columns'

/** Every time column is `timestamp with time zone`. */
const time = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => time('created_at').notNull().defaultNow()
const updatedAt = () => time('updated_at').notNull().defaultNow()
/** When a row that changes was made and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })
/** An internal row id: an identity integer that never leaves the server. */
const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
/** A plate as the spec names it: its number and PLATE_COLOR. */
const plate = () => ({ plateNumber: text('plate_number').notNull(), plateColor: integer('plate_color').notNull() })
/**
 * The blind index of a phone (phoneIndex() of server/crypto/field-cipher.ts): how the server finds
 * a phone it keeps encrypted, or does not keep at all.
 */
const phoneIndexColumn = () => text('phone_index')
/** A phone encrypted at rest, and its blind index beside it. */
const encryptedPhone = (table: string) => ({ phone: encryptedText(table, 'phone'), phoneIndex: phoneIndexColumn() })

// ---- users and login ----------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: identityId(),
    /** The public id the app sees (TokenGrant.uid). */
    uid: text('uid').notNull().unique(),
    /** The channel id the user logged in through (the `{channel}` of the API paths). */
    channel: text('channel').notNull(),
    /** Set by phone + code login; one user per phone and channel, found by phone_index. */
    ...encryptedPhone('users'),
    nickname: text('nickname'),
    avatar: text('avatar'),
    aliUid: text('ali_uid'),
    /** Who vouches for this user when not a phone: 'bank', 'map', 'wechat', 'alipay', 'promoter'. */
    identityProvider: text('identity_provider'),
    /** The user's id at that provider. */
    externalId: text('external_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_channel_phone_index_key').on(t.channel, t.phoneIndex).where(sql`${t.phoneIndex} is not null`),
    uniqueIndex('users_channel_identity_key')
      .on(t.channel, t.identityProvider, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
)

/**
 * The user a row belongs to. What only serves the user (sessions, tickets, uploads) goes with them
 * (`cascade`); orders and payments are records whose user cannot be deleted (`no action`).
 */
const userOf = (onDelete: 'cascade' | 'no action') => integer('user_id').notNull().references(() => users.id, { onDelete })

/** Access tokens: 32 random bytes (base64url) given to the client, kept here as a SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userOf('cascade'),
    /** How the session was obtained: promoter, smsCode, rememberedPhone, pageToken, authCode. */
    loginMethod: text('login_method').notNull(),
    expiresAt: time('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** Remembered login phone: a ticket (hashed) that logs the same phone in silently for a day. */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: identityId(),
    ticketHash: text('ticket_hash').notNull().unique(),
    userId: userOf('cascade'),
    /** Blind index of the phone the ticket remembers; the phone itself is not stored. */
    phoneIndex: phoneIndexColumn().notNull(),
    channel: text('channel').notNull(),
    expiresAt: time('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_tickets_user_idx').on(t.userId)],
)

/** SMS verification codes, hashed; the newest unexpired, unused, unvoided one of a phone counts. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: identityId(),
    /** Blind index of the phone the code was sent to; the phone itself is not stored. */
    phoneIndex: phoneIndexColumn().notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: time('sent_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: time('used_at'),
    /** Set after too many wrong tries, or when a newer code replaces this one. */
    voidedAt: time('voided_at'),
  },
  (t) => [index('sms_codes_phone_index_sent_idx').on(t.phoneIndex, t.sentAt)],
)

// ---- promotion and catalogue ------------------------------------------------------------------

/** A promotion channel (promotionChannelId): who promotes, how the package is paid. */
export const promotionChannels = pgTable(
  'promotion_channels',
  {
    id: text('id').primaryKey(),
    /** The channel profile it belongs to: 'bank' or 'map' (src/config/channel.ts). */
    channelKey: text('channel_key').notNull(),
    /** The `{channel}` path id of that profile. */
    channelId: text('channel_id').notNull(),
    promotionSubject: text('promotion_subject').notNull(),
    /** Customer-service hall link; empty means the hotline. */
    callLink: text('call_link').notNull().default(''),
    /** BUSINESS_MODE: deposit 0, fee 1. */
    businessMode: integer('business_mode').notNull(),
    /** ACTIVITY_TYPE 0..8. */
    activityType: integer('activity_type').notNull().default(0),
    /** Whether the promotion is still running (promoter_channel_effective). */
    effective: boolean('effective').notNull().default(true),
    /** Closed for new applications (interceptCheck). */
    intercepted: boolean('intercepted').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('promotion_channels_business_mode_check', sql`${t.businessMode} in (0, 1)`),
    check('promotion_channels_activity_type_check', sql`${t.activityType} between 0 and 8`),
  ],
)

/**
 * The promotion channel a row belongs to. Partners and packages go with their channel
 * (`cascade`); promoter accounts and orders keep it from being deleted (`no action`).
 */
const promotionChannelOf = (onDelete: 'cascade' | 'no action') =>
  text('promotion_channel_id')
    .notNull()
    .references(() => promotionChannels.id, { onDelete })

/** The fixed promoter accounts of silent login (section 6); passwords hashed with scrypt. */
export const promoterAccounts = pgTable('promoter_accounts', {
  id: identityId(),
  loginAccount: text('login_account').notNull().unique(),
  /** `scrypt$N$r$p$<salt base64>$<hash base64>` (server/auth/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  promotionChannelId: promotionChannelOf('no action'),
  partnerId: text('partner_id'),
  promoterId: text('promoter_id'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
})

export const partnerChannels = pgTable(
  'partner_channels',
  {
    id: identityId(),
    promotionChannelId: promotionChannelOf('cascade'),
    partnerId: text('partner_id').notNull(),
    partnerName: text('partner_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_channels_channel_partner_key').on(t.promotionChannelId, t.partnerId)],
)

/** The 13 card issuers (ids 1..13 of the spec). */
export const issuers = pgTable('issuers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  miniProgramAppId: text('mini_program_app_id'),
})

/** Marketing data shown with a package. */
export interface MarketingData {
  tags?: string[]
  highlight?: string
}

export const commodities = pgTable(
  'commodities',
  {
    id: text('id').primaryKey(),
    promotionChannelId: promotionChannelOf('cascade'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    commodityPrice: integer('commodity_price').notNull(),
    originalCommodityPrice: integer('original_commodity_price').notNull().default(ORIGINAL_PRICE_DEFAULT_CENTS),
    /** BUSINESS_MODE of the package: deposit 0, fee 1. */
    bizType: integer('biz_type').notNull(),
    /** Goods type → count, e.g. { obu: 1 }. */
    goodTypeMap: jsonb('good_type_map').$type<Record<string, number>>().notNull().default({}),
    frontSort: integer('front_sort'),
    marketingData: jsonb('marketing_data').$type<MarketingData>(),
    isExistUser: boolean('is_exist_user').notNull().default(false),
    /** PACKAGE_VARIANT: 202401 basic, 202402 VIP, 202403 existing user. */
    packageVariant: integer('package_variant').notNull(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => issuers.id),
    onSale: boolean('on_sale').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('commodities_channel_idx').on(t.promotionChannelId),
    check('commodities_prices_check', sql`${t.commodityPrice} >= 0 and ${t.originalCommodityPrice} >= 0`),
    check('commodities_biz_type_check', sql`${t.bizType} in (0, 1)`),
    check('commodities_package_variant_check', sql`${t.packageVariant} in (202401, 202402, 202403)`),
  ],
)

/**
 * Remote configuration documents by key: the goods-type config, promise configs by type
 * (`promise:<type>`), the supplier protocol, the new-apply switch, the window switches and the
 * notices of each channel (`notices:<channelKey>`). `content` is the JSON the call answers with.
 */
export const appConfigs = pgTable('app_configs', {
  key: text('key').primaryKey(),
  /** SHOW.YES (1) / SHOW.NO (0). */
  switchStatus: integer('switch_status').notNull().default(1),
  content: jsonb('content').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
})

// ---- plates -------------------------------------------------------------------------------------

/** Plates that already have an ETC device or an order elsewhere (uniqueness result 2 or 3). */
export const registeredPlates = pgTable(
  'registered_plates',
  {
    id: identityId(),
    ...plate(),
    /** PLATE_UNIQUE_RESULT: 2 has ETC, 3 has an order elsewhere. */
    resultType: integer('result_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registered_plates_plate_key').on(t.plateNumber, t.plateColor),
    check('registered_plates_result_type_check', sql`${t.resultType} in (2, 3)`),
  ],
)

/** Per-plate rules: the white list of the reapply check, and issuer interception. */
export const plateRules = pgTable('plate_rules', {
  plateNumber: text('plate_number').primaryKey(),
  isWhiteNo: boolean('is_white_no').notNull().default(false),
  intercepted: boolean('intercepted').notNull().default(false),
  /** Shown when intercepted (Chinese). */
  interceptReason: text('intercept_reason').notNull().default(''),
  updatedAt: updatedAt(),
})

// ---- orders ---------------------------------------------------------------------------------------

/** Vehicle data of an order (ApplyVehicle of types/api). */
export interface VehicleJson {
  vehicleInfo: string
  vin: string
  engineNo: string
}

export const orders = pgTable(
  'orders',
  {
    orderId: text('order_id').primaryKey(),
    userId: userOf('no action'),
    /** The `{channel}` path id the order was made through. */
    channel: text('channel').notNull(),
    /** The apply payload's channelSource, sourceChannel and activitySource. */
    channelSource: text('channel_source').notNull(),
    sourceChannel: text('source_channel').notNull(),
    activitySource: integer('activity_source').notNull().default(0),
    ...plate(),
    promotionChannelId: promotionChannelOf('no action'),
    partnerId: text('partner_id'),
    promoterId: text('promoter_id'),
    /** ORDER_SOURCE: 1 province, 0 ordinary. */
    orderSource: integer('order_source').notNull().default(0),
    /** APPLY_STEP reached: 1 created, 2 updated, 200 committed. */
    stepId: integer('step_id').notNull().default(1),
    commodityId: text('commodity_id').references(() => commodities.id),
    issuerId: integer('issuer_id').references(() => issuers.id),
    /** BUSINESS_MODE of the chosen package (the order's bizType). */
    businessMode: integer('business_mode'),
    amountCents: integer('amount_cents'),
    depositPayState: integer('deposit_pay_state'),
    paidAt: time('paid_at'),
    auditState: integer('audit_state'),
    auditReason: text('audit_reason'),
    supplierAuditState: integer('supplier_audit_state'),
    deliveryState: integer('delivery_state'),
    /** DELIVERY_METHOD: on-site '2', mail '3'. */
    deliveryMethod: text('delivery_method'),
    consigneeName: encryptedText('orders', 'consignee_name'),
    consigneeMobile: encryptedText('orders', 'consignee_mobile'),
    region: text('region'),
    address: encryptedText('orders', 'address'),
    /** Holds the VIN and engine number: encrypted JSON. */
    vehicle: encryptedJson<VehicleJson>('orders', 'vehicle'),
    ownerName: encryptedText('orders', 'owner_name'),
    ownerIdNumber: encryptedText('orders', 'owner_id_number'),
    ownerMobile: encryptedText('orders', 'owner_mobile'),
    trackingNo: text('tracking_no'),
    obuActivationState: integer('obu_activation_state'),
    cancelState: integer('cancel_state'),
    // Free text people type (an ID number, a phone) as often as a reason: personal data.
    cancelReason: encryptedText('orders', 'cancel_reason'),
    /** CERTIFICATE bit flags (the spec's certificatesCommitSate). */
    certificatesCommitState: integer('certificates_commit_state').notNull().default(0),
    stockInterceptionFlag: boolean('stock_interception_flag').notNull().default(false),
    agreementsAcceptedAt: time('agreements_accepted_at'),
    submittedAt: time('submitted_at'),
    /**
     * Submitted with something to pay: the time by which it must be paid (UNPAID_HOLD_MINUTES after
     * submission), else it is cancelled and its plate freed (server/orders/unpaid-orders.ts). Null
     * before submission and for an order with nothing to pay.
     */
    payBy: time('pay_by'),
    /** When the issuer confirmed it received the submitted order (the issuer outbox's delivery). */
    pushedAt: time('pushed_at'),
    ...timestamps(),
  },
  (t) => [
    /**
     * One open order per plate per user: a repeated or replayed submission cannot create a
     * second one. Open = not cancelled (CANCEL_STATE.SUCCESS 2) and not activated
     * (ACTIVATION_STATE.ACTIVATED 2).
     */
    uniqueIndex('orders_one_open_per_plate_key')
      .on(t.userId, t.plateNumber)
      .where(sql`coalesce(${t.cancelState}, 0) <> 2 and coalesce(${t.obuActivationState}, 0) <> 2`),
    /**
     * One submitted open order per plate across all users: an empty, unsubmitted order blocks
     * nobody, and two owners racing to submit the same plate get one order.
     */
    uniqueIndex('orders_one_submitted_per_plate_key')
      .on(t.plateNumber)
      .where(
        sql`${t.submittedAt} is not null and coalesce(${t.cancelState}, 0) <> 2 and coalesce(${t.obuActivationState}, 0) <> 2`,
      ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_plate_idx').on(t.plateNumber),
    /** The sweep's way to the open orders awaiting payment (PAY_STATE 2 awaiting, 3 paying, 4 failed). */
    index('orders_unpaid_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.depositPayState} in (2, 3, 4) and coalesce(${t.cancelState}, 0) <> 2`),
    check('orders_delivery_method_check', sql`${t.deliveryMethod} is null or ${t.deliveryMethod} in ('2', '3')`),
    check('orders_amount_check', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
    check('orders_order_source_check', sql`${t.orderSource} in (0, 1)`),
  ],
)

/** An order's status timeline (TimelineKind of types/api/orders.ts). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: identityId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // The cancel reason again, an auditor's words: encrypted like the order's own.
    note: encryptedText('order_events', 'note'),
    at: time('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
)

/**
 * The issuers' agreements accepted on the consent step for an order (SupplierProtocolResponse of
 * types/api): the version shown and the server's time of the first acceptance of each issuer.
 */
export const orderIssuerAgreements = pgTable(
  'order_issuer_agreements',
  {
    id: identityId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => issuers.id),
    version: text('version').notNull(),
    acceptedAt: time('accepted_at').notNull(),
  },
  (t) => [uniqueIndex('order_issuer_agreements_order_issuer_key').on(t.orderId, t.issuerId)],
)

/**
 * The outbox of hand-overs to the issuer: a row is written in the final commit's transaction and
 * delivered by apply/push or the server's job (server/orders/issuer-outbox.ts), so a submitted
 * order reaches its issuer once, whatever fails or restarts in between. The order id is the
 * idempotency key the issuer is given. `next_attempt_at` is when the next try is due; while a try
 * runs it is the end of that try's lease, so two processes never send the same row at once.
 */
export const issuerOutbox = pgTable(
  'issuer_outbox',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => issuers.id),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull().defaultNow(),
    /** Why the last try failed (for operators; no personal data). */
    lastError: text('last_error'),
    deliveredAt: time('delivered_at'),
    /** The issuer's receipt number for the order. */
    receiptNo: text('receipt_no'),
  },
  (t) => [index('issuer_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
)

/**
 * The draft of the apply form, sealed as the app sent it; one per user. Every client holds the
 * sealing key, so the sealed text is encrypted again with the data key at rest.
 */
export const applyDrafts = pgTable('apply_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedPayload: encryptedText('apply_drafts', 'sealed_payload').notNull(),
  updatedAt: updatedAt(),
})

/** Uploaded images; the bytes live in file storage under `storage_key`. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: userOf('cascade'),
    orderId: text('order_id').references(() => orders.orderId, { onDelete: 'set null' }),
    /** idCardFront, idCardBack, drivingLicence, vehicleFront, roadTransport, motorLicence. */
    kind: text('kind').notNull(),
    /** The CERTIFICATE flag this upload sets on its order. */
    certificateBit: integer('certificate_bit').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /**
     * Whether the stored bytes are encrypted (every upload since encryption at rest; files
     * uploaded before are false until the startup step, server/db/encrypt-at-rest.ts, encrypts them).
     */
    storedEncrypted: boolean('stored_encrypted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_order_idx').on(t.orderId)],
)

/**
 * Payments of orders, each a trade at one payment provider (the simulated cashier, WeChat Pay or
 * Alipay; server/payments/cashier.ts). PAY_STATE: 3 paying, 4 failed, 5 success.
 */
export const payments = pgTable(
  'payments',
  {
    /** Appears in the cashier page's address; the provider's merchant trade number (out_trade_no). */
    id: text('id').primaryKey(),
    /** Who holds the trade: 'simulator', 'wechat' or 'alipay' (PaymentProvider). */
    provider: text('provider').notNull().default('simulator'),
    /** The provider's own number of the trade, once it said the trade was paid. */
    vendorTradeNo: text('vendor_trade_no'),
    /** An abandoned trade (FAILED) closed at its provider, so it can no longer be paid. */
    vendorClosedAt: time('vendor_closed_at'),
    /** The last time the pending-payment sweep asked the provider about this trade. */
    vendorCheckedAt: time('vendor_checked_at'),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.orderId),
    userId: userOf('no action'),
    amountCents: integer('amount_cents').notNull(),
    state: integer('state').notNull(),
    /** SHA-256 of the token the cashier page must present to settle the payment. */
    cashierTokenHash: text('cashier_token_hash').notNull(),
    createdAt: createdAt(),
    completedAt: time('completed_at'),
    /** A successful payment handed back: the order was cancelled before activation, or its deposit after it. */
    refundedAt: time('refunded_at'),
  },
  (t) => [
    /** Paying twice never charges twice: at most one successful payment per order. */
    uniqueIndex('payments_one_success_per_order_key').on(t.orderId).where(sql`${t.state} = 5`),
    index('payments_order_idx').on(t.orderId),
    check('payments_state_check', sql`${t.state} in (3, 4, 5)`),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
  ],
)

/**
 * Refunds to deliver to a payment's provider, one per payment (always in full): a paid order
 * cancelled, a deposit returned after activation, or money a provider took for a trade that was
 * abandoned meanwhile (server/refunds/refund-queue.ts). REFUND_STATE: 0 queued, 1 processing at the
 * provider, 2 succeeded, 3 failed (needs a person).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    /** Our refund number: the provider's out_refund_no / out_request_no. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    state: integer('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: time('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_payment_key').on(t.paymentId),
    index('payment_refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in (0, 1)`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/**
 * Write-off codes (核销码) of a write-off promotion (ACTIVITY_TYPE.WRITE_OFF_CODE): each takes
 * `discount_cents` off the amount an order of that promotion pays. Not personal data, so stored in
 * plain text. A code is free while `claimed_at` is null. Claimed online, it names the order, its
 * user and the claim's public id (the voucherId the app sees) together; cancelling that order
 * before it is paid frees the code again. `claimed_at` without an order is a code used outside
 * this app (written off at an outlet), which nothing here frees. One code per order at most.
 */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    /** Upper-case letters, digits and hyphens (VOUCHER_CODE_PATTERN of types/api/apply.ts). */
    code: text('code').primaryKey(),
    promotionChannelId: promotionChannelOf('no action'),
    discountCents: integer('discount_cents').notNull(),
    /** The code can be claimed until this time (exclusive). */
    expiresAt: time('expires_at').notNull(),
    claimId: text('claim_id').unique(),
    claimedUserId: integer('claimed_user_id').references(() => users.id),
    claimedOrderId: text('claimed_order_id').references(() => orders.orderId),
    claimedAt: time('claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_codes_one_per_order_key').on(t.claimedOrderId).where(sql`${t.claimedOrderId} is not null`),
    index('voucher_codes_promotion_idx').on(t.promotionChannelId),
    check('voucher_codes_discount_check', sql`${t.discountCents} > 0`),
    // An online claim sets its id, user, order and time together; a release clears them together.
    check(
      'voucher_codes_claim_check',
      sql`(${t.claimId} is null) = (${t.claimedOrderId} is null) and (${t.claimedUserId} is null) = (${t.claimedOrderId} is null) and (${t.claimedOrderId} is null or ${t.claimedAt} is not null)`,
    ),
  ],
)

/** Orders taken offline (at an outlet), handed to an online order once. */
export const offlineOrders = pgTable(
  'offline_orders',
  {
    offlineNo: text('offline_no').primaryKey(),
    ...plate(),
    promotionChannelId: text('promotion_channel_id').references(() => promotionChannels.id),
    /** The customer's phone taken at the outlet: a hand-over proves it by SMS. */
    ...encryptedPhone('offline_orders'),
    /** SHA-256 (hex) of the one-time code handed to the customer with the offline order. */
    handoverCodeHash: text('handover_code_hash'),
    convertedOrderId: text('converted_order_id').references(() => orders.orderId),
    convertedAt: time('converted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('offline_orders_phone_index_idx').on(t.phoneIndex)],
)

/** Tracking events, inserted a batch at a time; the header fields repeat on each row. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: identityId(),
    app: text('app').notNull().default(''),
    appId: text('app_id').notNull().default(''),
    uid: text('uid').notNull().default(''),
    traceId: text('trace_id').notNull().default(''),
    deviceInfo: text('device_info').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    event: jsonb('event').$type<unknown>().notNull(),
    receivedAt: time('received_at').notNull().defaultNow(),
  },
  (t) => [index('tracking_events_received_idx').on(t.receivedAt)],
)

/** Phones users left for a customer-service call back (saveFollowUpPhone); one row per user and phone. */
export const followUpPhones = pgTable(
  'follow_up_phones',
  {
    id: identityId(),
    userId: userOf('cascade'),
    /** Encrypted. */
    phone: encryptedText('follow_up_phones', 'phone').notNull(),
    /**
     * Blind index of `phone`, one row per user and phone. Null only in rows written before
     * encryption, until the startup step (server/db/encrypt-at-rest.ts) fills it.
     */
    phoneIndex: phoneIndexColumn(),
    createdAt: createdAt(),
    /** The latest time the user asked for a call back on this phone. */
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('follow_up_phones_user_phone_index_key').on(t.userId, t.phoneIndex)],
)

/**
 * Owners waiting for a plate another applicant holds unpaid (plateReleaseNotice): one row per user
 * and plate, deleted once the notice is sent, once the plate is no longer waiting to free, or
 * PLATE_RELEASE_NOTICE_RETENTION_HOURS after it was asked for (server/orders/plate-release-notices.ts).
 * No phone is kept here: the notice goes to the account's own phone, read when it is sent.
 */
export const plateReleaseNotices = pgTable(
  'plate_release_notices',
  {
    id: identityId(),
    userId: userOf('cascade'),
    plateNumber: text('plate_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plate_release_notices_user_plate_key').on(t.userId, t.plateNumber)],
)

// ---- bookkeeping --------------------------------------------------------------------------------

/** Seed steps already applied (server/seed): each runs once, so edited demo data stays edited. */
export const seedHistory = pgTable('seed_history', {
  name: text('name').primaryKey(),
  appliedAt: time('applied_at').notNull().defaultNow(),
})

/**
 * Who runs each periodic job now (server/jobs/job-lease.ts): a process runs a job's round only
 * after claiming its row until `lease_until`, so servers sharing the database (processes of one
 * machine or several machines) run each round once between them.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** The process that holds the lease (a random id per process). */
  holder: text('holder').notNull(),
  leaseUntil: time('lease_until').notNull(),
})

/**
 * WeChat's credentials (access tokens, jsapi_tickets) shared by the servers of a deployment without
 * Redis (server/platform/database-token-store.ts): one row per credential, its value encrypted, and
 * the lease of the process refreshing it.
 */
export const sharedCredentials = pgTable('shared_credentials', {
  key: text('key').primaryKey(),
  /** Encrypted: a credential opens the vendor's API in our name. Null until first stored. */
  value: encryptedText('shared_credentials', 'value'),
  expiresAt: time('expires_at'),
  lockLease: text('lock_lease'),
  lockedUntil: time('locked_until'),
})
