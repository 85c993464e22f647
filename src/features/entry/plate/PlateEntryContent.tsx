import { PlateEntryForm } from './PlateEntryForm'

/** The entry page's content: the plate form (loaded after the page has painted; the page shell adds the notices). */
export default function PlateEntryContent() {
  return <PlateEntryForm />
}
