/** A legal text shown on an agreement page: a title, a preamble and numbered sections. */
export interface DocumentSection {
  readonly heading: string
  readonly paragraphs: readonly string[]
}

export interface LegalDocument {
  readonly title: string
  /** Version label shown under the title, e.g. "版本：2026年第1版". */
  readonly version: string
  /** Effective date, ISO yyyy-mm-dd. */
  readonly effectiveDate: string
  readonly preamble: readonly string[]
  readonly sections: readonly DocumentSection[]
}
