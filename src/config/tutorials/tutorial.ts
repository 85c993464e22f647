/** A step-by-step tutorial shown on a guide page. */
export interface TutorialStep {
  readonly title: string
  readonly detail: string
}

export interface Tutorial {
  readonly title: string
  readonly intro: string
  readonly steps: readonly TutorialStep[]
  readonly tips: readonly string[]
}
