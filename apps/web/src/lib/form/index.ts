// The form kit (issue 4): masked inputs, fields bound to react-hook-form and form behaviour.
export * from './masks';
export * from './dates';
export * from './FieldLabel';
export * from './MaskedInput';
export * from './NumberInputs';
export * from './DateInput';
export * from './fields';
export * from './useZodForm';
export * from './serverErrors';
export * from './ErrorSummary';
export * from './useUnsavedChangesPrompt';
export * from './useSaveShortcut';
export * from './FormActions';
