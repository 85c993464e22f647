/**
 * The plate keyboard of index.html's static first screen (config/entry-skeleton.ts), bundled at
 * build time into an inline script (config/index.ts). On a slow link the page's scripts take
 * seconds to arrive; with this the person types their plate as soon as the page paints. It draws
 * the domain's plate entry with the plate input's classes, words and roles, keeps what was done
 * on the window (skeleton-plate.ts), and stops answering once the app has taken that over.
 */
import { EMPTY_PLATE_ENTRY, boxCount, deleteKey, isFull, panelFor, panelKeys, plateText, switchKind, typeKey } from '../../domain/plate-entry'
import type { PlateEntry } from '../../domain/plate-entry'
import { PLATE_KIND_LABEL } from '../../domain/plate'
import type { PlateKind } from '../../domain/plate'
import { EARLY_KEYBOARD_HOST, PLATE_INPUT_COPY, PLATE_KEYBOARD_ROOM_CLASS, plateBoxesLabel } from '../../config/plate-input-copy'
import { answerActivationKeys } from './activation-keys'
import { keepSkeletonPlate } from './skeleton-plate'
import type { SkeletonPlate } from './skeleton-plate'

const KINDS: readonly PlateKind[] = ['blue', 'green']

type Action = { type: 'key'; key: string } | { type: 'kind'; kind: PlateKind } | { type: 'delete' } | { type: 'done' } | { type: 'open' }

const button = (attributes: string, label: string, text: string): string =>
  `<div role="button" tabindex="0" aria-label="${label}" ${attributes}>${text}</div>`

function markup(entry: PlateEntry, open: boolean): string {
  const kinds = KINDS.map(
    (kind) =>
      `<div class="plate-input__kind ${entry.kind === kind ? 'plate-input__kind--on' : ''} plate-input__kind--${kind}" role="radio" tabindex="0" aria-checked="${entry.kind === kind}" aria-label="${PLATE_KIND_LABEL[kind]}" data-testid="plate-kind-${kind}" data-kind="${kind}">${PLATE_KIND_LABEL[kind]}</div>`,
  ).join('')
  const count = boxCount(entry.kind)
  const active = Math.min(entry.chars.length, count - 1)
  const boxes = Array.from({ length: count }, (_, index) => {
    const activeClass = open && index === active && !isFull(entry) ? 'plate-input__box--active' : ''
    const energyClass = entry.kind === 'green' && index === count - 1 ? 'plate-input__box--energy' : ''
    return `<div class="plate-input__box ${activeClass} ${energyClass}" data-testid="plate-box-${index}">${entry.chars[index] ?? ''}</div>`
  }).join('')
  const panel = panelFor(entry)
  const keyboard = open
    ? `<div class="plate-input__keyboard" data-testid="plate-keyboard" data-panel="${panel}" role="group" aria-label="${PLATE_INPUT_COPY.keyboardLabel}"><div class="plate-input__keys plate-input__keys--${panel}">${panelKeys(
        panel,
      )
        .map((key) => button(`class="plate-input__key" data-testid="plate-key-${key}" data-key="${key}"`, key, key))
        .join('')}</div><div class="plate-input__actions">${button(
        'class="plate-input__key plate-input__key--wide" data-testid="plate-key-delete" data-action="delete"',
        PLATE_INPUT_COPY.deleteKey,
        PLATE_INPUT_COPY.deleteKey,
      )}${button('class="plate-input__key plate-input__key--done" data-testid="plate-key-done" data-action="done"', PLATE_INPUT_COPY.doneKey, PLATE_INPUT_COPY.doneKey)}</div></div>`
    : ''
  return `<div class="plate-input__kinds" role="radiogroup" aria-label="${PLATE_INPUT_COPY.kindsLabel}">${kinds}</div>${button(
    'class="plate-input__boxes" data-testid="plate-boxes" data-action="open"',
    plateBoxesLabel(plateText(entry), count),
    boxes,
  )}${keyboard}`
}

function actionOf(target: EventTarget | null): Action | undefined {
  const element = target instanceof Element ? target.closest('[data-key],[data-kind],[data-action]') : null
  if (!element) return undefined
  const key = element.getAttribute('data-key')
  if (key !== null) return { type: 'key', key }
  const kind = element.getAttribute('data-kind')
  if (kind === 'blue' || kind === 'green') return { type: 'kind', kind }
  const action = element.getAttribute('data-action')
  return action === 'delete' || action === 'done' || action === 'open' ? { type: action } : undefined
}

function apply(plate: SkeletonPlate, action: Action): void {
  const before = plate.entry
  if (action.type === 'key') {
    plate.entry = typeKey(before, action.key)
    if (isFull(plate.entry)) plate.keyboardOpen = false
  } else if (action.type === 'kind') plate.entry = switchKind(before, action.kind)
  else if (action.type === 'delete') plate.entry = deleteKey(before)
  else plate.keyboardOpen = action.type === 'open'
  if (plate.entry !== before) plate.typed = true
}

/**
 * Draws the keyboard into the static first screen's plate input, open on an empty plate as the
 * entry page opens, and answers taps, Enter and Space as the app's keyboard does.
 */
export function installEarlyKeyboard(doc: Document, win: object): void {
  const root = doc.querySelector(`[${EARLY_KEYBOARD_HOST}]`)
  if (!root) return
  const plate: SkeletonPlate = { entry: EMPTY_PLATE_ENTRY, typed: false, keyboardOpen: true, taken: false }
  keepSkeletonPlate(win, plate)
  const draw = () => {
    const focused = doc.activeElement && root.contains(doc.activeElement) ? doc.activeElement.getAttribute('data-testid') : null
    root.innerHTML = markup(plate.entry, plate.keyboardOpen)
    root.closest('.entry-plate')?.classList.toggle(PLATE_KEYBOARD_ROOM_CLASS, plate.keyboardOpen)
    if (focused) (root.querySelector(`[data-testid="${focused}"]`) as HTMLElement | null)?.focus()
  }
  const act = (target: EventTarget | null) => {
    const action = actionOf(target)
    if (!action || plate.taken) return
    apply(plate, action)
    draw()
  }
  root.addEventListener('click', (event) => act(event.target))
  answerActivationKeys(root, act)
  draw()
}
