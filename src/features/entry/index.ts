/**
 * The entry pages (main package): the product home, the phone login and the plate entry that
 * starts an application, with their links (the page shell adds every page's notices). Built
 * without the UI library, so the first page stays light. Pages and other features import from
 * here only; the plate page loads `plate/PlateEntryContent` itself, lazily, after it has painted.
 * The landing pages reuse the home's package card and benefits, the steps, the button and the
 * tracked actions.
 */
export { ETC_BENEFITS, HomeScreen } from './home/HomeScreen'
export { PackageCard } from './home/PackageCard'
export { EntryButton } from './button/EntryButton'
export { JourneyIntro } from './plate/JourneyIntro'
export { useEntryActions } from './links/use-entry-actions'
export { LoginForm } from './login/LoginForm'
export { PlatePlaceholder } from './plate/PlatePlaceholder'
