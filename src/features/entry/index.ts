/**
 * The entry pages (main package): the product home, the phone login and the plate entry that
 * starts an application, with their notices and links. Built without the UI library, so the
 * first page stays light. Pages and other features import from here only; the plate page loads
 * `plate/PlateEntryContent` itself, lazily, after it has painted.
 */
export { HomeScreen } from './home/HomeScreen'
export { LoginForm } from './login/LoginForm'
export { PlatePlaceholder } from './plate/PlatePlaceholder'
