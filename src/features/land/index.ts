/** The landing pages per traffic channel: one screen, driven by the landing table (src/config/landings.ts). */
export { LandingScreen } from './LandingScreen'
