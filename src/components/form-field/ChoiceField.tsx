import { Text, View } from '@tarojs/components'
import { keyboardButtonProps } from '../pressable/activation-keys'
import './form-field.scss'

export interface Choice<T extends string> {
  value: T
  label: string
  /** A line under the label. */
  description?: string
}

export interface ChoiceFieldProps<T extends string> {
  label: string
  choices: readonly Choice<T>[]
  value: T | ''
  onChange: (value: T) => void
  error?: string
  testId: string
}

/** One choice out of a few, as a radio group whose options are large tap targets. */
export function ChoiceField<T extends string>({ label, choices, value, onChange, error, testId }: ChoiceFieldProps<T>) {
  const errorId = `${testId}-error`
  return (
    <View className={`form-field ${error ? 'form-field--invalid' : ''}`}>
      <Text className='form-field__label form-field__label--block'>{label}</Text>
      <View
        className='choice-field'
        role='radiogroup'
        aria-label={label}
        aria-invalid={Boolean(error)}
        {...(error ? { 'aria-describedby': errorId } : {})}
        data-testid={testId}
      >
        {choices.map((choice) => {
          const checked = choice.value === value
          return (
            <View
              key={choice.value}
              className={`choice-field__option ${checked ? 'choice-field__option--on' : ''}`}
              role='radio'
              aria-checked={checked}
              aria-label={choice.description ? `${choice.label}，${choice.description}` : choice.label}
              data-testid={`${testId}-${choice.value}`}
              onClick={() => onChange(choice.value)}
              {...keyboardButtonProps(() => onChange(choice.value))}
            >
              <View className='choice-field__mark' />
              <View className='choice-field__text'>
                <Text className='choice-field__label'>{choice.label}</Text>
                {choice.description ? <Text className='choice-field__description'>{choice.description}</Text> : null}
              </View>
            </View>
          )
        })}
      </View>
      {error ? (
        <View className='form-field__error form-field__error--block' role='alert' id={errorId} data-testid={errorId}>
          {error}
        </View>
      ) : null}
    </View>
  )
}
