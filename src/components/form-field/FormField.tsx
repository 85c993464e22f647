import { Input, Text, View } from '@tarojs/components'
import type { InputProps } from '@tarojs/components'
import type { ReactNode } from 'react'
import './form-field.scss'

/** Which keyboard a field wants on a phone. */
export type FieldKeyboard = 'text' | 'numeric' | 'idcard'

export interface FormFieldProps {
  /** The visible label, also the input's accessible name. */
  label: string
  value: string
  onChange: (value: string) => void
  /** The user left the field: its error may show from now on. */
  onBlur?: () => void
  /** The domain's reason, shown under the field. */
  error?: string
  placeholder?: string
  /**
   * The field's real length from the domain's rules (mobile 11, ID number 18, VIN 17, …).
   * Required: without it the host lets 140 characters in (Taro's default maxlength).
   */
  maxLength: number
  keyboard?: FieldKeyboard
  /** The browser's autofill hint on H5 ("name", "tel", …). */
  autoComplete?: string
  /** Read-only for now (what it holds is being acted on). */
  disabled?: boolean
  /**
   * A word about the value under the field (e.g. where it came from), part of the input's
   * description, with a control acting on it.
   */
  note?: { text: string; action?: ReactNode }
  testId: string
}

/**
 * A labelled single-line input with its error under it. The error is an alert (read out when it
 * appears) and marks the input invalid; on H5 the label and state reach the native <input>.
 */
export function FormField({ label, value, onChange, onBlur, error, placeholder, maxLength, keyboard = 'text', autoComplete, disabled, note, testId }: FormFieldProps) {
  const errorId = `${testId}-error`
  const noteId = `${testId}-note`
  const describedBy = [error ? errorId : '', note ? noteId : ''].filter(Boolean).join(' ')
  // H5 number inputs drop anything but digits and ignore maxlength, so the browser gets a text
  // input with the numeric keypad; the mini-programs' number type is their numeric keypad.
  const type: InputProps['type'] = keyboard === 'numeric' ? (process.env.TARO_ENV === 'h5' ? 'text' : 'number') : keyboard
  return (
    <View className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <View className='form-field__row'>
        <Text className='form-field__label'>{label}</Text>
        <Input
          className='form-field__input'
          type={type}
          value={value}
          placeholder={placeholder}
          placeholderClass='form-field__placeholder'
          maxlength={maxLength}
          disabled={disabled}
          // On H5 the name and state belong on the native <input> inside Taro's element (one
          // labelled element, not two); the mini-programs read them from the component itself.
          {...(process.env.TARO_ENV === 'h5' ? {} : { 'aria-label': label })}
          nativeProps={{
            'aria-label': label,
            'aria-invalid': error ? 'true' : 'false',
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
            ...(keyboard === 'numeric' ? { inputMode: 'numeric' } : {}),
            ...(autoComplete ? { autoComplete } : {}),
          }}
          data-testid={testId}
          onInput={(event) => onChange(event.detail.value)}
          onBlur={() => onBlur?.()}
        />
      </View>
      {note ? (
        <View className='form-field__note'>
          <Text id={noteId} data-testid={noteId}>
            {note.text}
          </Text>
          {note.action}
        </View>
      ) : null}
      {error ? (
        <View className='form-field__error' role='alert' id={errorId} data-testid={errorId}>
          {error}
        </View>
      ) : null}
    </View>
  )
}
