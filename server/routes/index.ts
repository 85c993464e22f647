/** Every route group, registered in this order by buildApp (server/app.ts). Add new groups here. */
import { applyRoutes } from './apply'
import { authRoutes } from './auth'
import { catalogueRoutes } from './catalogue'
import { checksRoutes } from './checks'
import type { RouteGroup } from './context'
import { healthRoutes } from './health'
import { issuerNotificationRoutes } from './issuer-notifications'
import { orderRoutes } from './orders'
import { payNotificationRoutes } from './pay-notifications'
import { paymentRoutes } from './payment'
import { sessionRoutes } from './session'
import { platformRoutes } from './platform'
import { simulatorRoutes } from './simulators'
import { trackingRoutes } from './tracking'
import { uploadRoutes } from './uploads'

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  healthRoutes,
  authRoutes,
  sessionRoutes,
  catalogueRoutes,
  checksRoutes,
  platformRoutes,
  trackingRoutes,
  applyRoutes,
  uploadRoutes,
  orderRoutes,
  paymentRoutes,
  payNotificationRoutes,
  issuerNotificationRoutes,
  simulatorRoutes,
]
